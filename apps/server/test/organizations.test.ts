// The organization's own calls: its events (listed for everyone, all for its people), the events
// calendar of a date window, its counts, and the admins' report across organizations.
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf, expectCallers as expectCallersOf, ok } from "./access-matrix";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { profileClient, type TMethod } from "./profile-client";

const PEOPLE = ["owner", "manager", "member", "stranger", "fan", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];
type TWho = TPerson | "anonymous";
const CALLERS: readonly TWho[] = ["anonymous", "stranger", "member", "manager", "owner", "admin"];
const ORG_PEOPLE: readonly TWho[] = ["member", "manager", "owner", "admin"];

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const client = profileClient<TPerson>(
  () => t.app,
  () => tokens,
);
const kinds = {
  events: KIND_DESCRIPTORS.find((d) => d.kind === "event")!,
  organizations: KIND_DESCRIPTORS.find((d) => d.kind === "organization")!,
};

/** `route` starts with the kind's path: `/organizations/...` or `/events/...`. */
function call(method: TMethod, route: string, who: TWho, payload?: unknown) {
  const [, path = "", rest = ""] = /^\/(events|organizations)(.*)$/.exec(route) ?? [];
  return client.call(kinds[path as keyof typeof kinds], method, rest, who, payload);
}
const names = (body: { data: { name: string }[] }) => body.data.map((e) => e.name);
const expectCallers = (
  allowed: readonly TWho[],
  send: (who: TWho) => Promise<LightMyRequestResponse>,
  anonymousRefused: "unauthorized" | "refused" = "unauthorized",
) => expectCallersOf(CALLERS, allowed, send, { anonymousRefused });

const EVENT = { type: "Tournament", sports: ["Basketball"] };
async function createEvent(
  name: string,
  startDate: string,
  endDate: string,
  organizationId: string,
) {
  const res = await call("POST", "/events", "owner", {
    data: { name, startDate, endDate, organizationId, ...EVENT },
  });
  return (await ok(res, 201)).data.id as string;
}
const approve = async (kind: string, id: string) =>
  ok(await call("PUT", `/${kind}/${id}/approve`, "admin"));

/**
 * One organization with an owner, a manager and a member, and four events: a past and an upcoming
 * listed one, a pending one, and a listed one switched off (inactive). The upcoming dates are far
 * enough ahead to stay upcoming; the past ones long gone.
 */
let org: string;
let pendingOrg: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({
    env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" },
  });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  org = (
    await ok(
      await call("POST", "/organizations", "owner", {
        data: { name: "Derby City Sports", organizationType: "Event Organization" },
      }),
      201,
    )
  ).data.id;
  await approve("organizations", org);
  for (const [who, role] of [
    ["manager", "manager"],
    ["member", "member"],
  ] as const) {
    await client.join(kinds.organizations, org, "owner", who, role);
  }
  ids.past = await createEvent("Winter Invitational", "2020-01-10", "2020-01-12", org);
  ids.upcoming = await createEvent("Derby Classic", "2040-05-01", "2040-05-03", org);
  ids.pending = await createEvent("Draft Showcase", "2040-06-01", "2040-06-01", org);
  ids.inactive = await createEvent("Cancelled Cup", "2040-07-01", "2040-07-02", org);
  for (const id of [ids.past, ids.upcoming, ids.inactive]) await approve("events", id!);
  await ok(
    await call("PATCH", `/events/${ids.inactive}`, "owner", [
      { op: "replace", path: "/isActive", value: false },
    ]),
  );
  // Likes on its listed events, followers of the organization.
  for (const who of ["fan", "stranger"] as const) {
    await ok(await call("POST", `/events/${ids.upcoming}/likes`, who));
  }
  await ok(await call("POST", `/events/${ids.past}/likes`, "fan"));
  await ok(await call("POST", `/organizations/${org}/followers`, "fan"));
  // Another organization's event, which no list here may show.
  const other = (
    await ok(await call("POST", "/organizations", "admin", { data: { name: "Other Org" } }), 201)
  ).data.id;
  await approve("organizations", other);
  await approve("events", await createEventAsAdmin("Elsewhere Open", other));
  pendingOrg = (
    await ok(await call("POST", "/organizations", "owner", { data: { name: "Not Yet Org" } }), 201)
  ).data.id;
}, 240_000);
afterAll(() => t?.close());

async function createEventAsAdmin(name: string, organizationId: string) {
  const res = await call("POST", "/events", "admin", {
    data: { name, startDate: "2040-05-02", endDate: "2040-05-02", organizationId, ...EVENT },
  });
  return (await ok(res, 201)).data.id as string;
}

describe("GET /organizations/{id}/events and POST .../events/filtered", () => {
  it("are public for a listed organization; a pending one only for its people", async () => {
    await expectCallers(CALLERS, (who) => call("GET", `/organizations/${org}/events`, who));
    await expectCallers(CALLERS, (who) =>
      call("POST", `/organizations/${org}/events/filtered`, who, { data: {} }),
    );
    await expectCallers(
      ["owner", "admin"],
      (who) => call("GET", `/organizations/${pendingOrg}/events`, who),
      "refused",
    );
  });

  it("list its listed events soonest first, and to its people and admins the others too", async () => {
    const publicList = await ok(await call("GET", `/organizations/${org}/events`, "anonymous"));
    expect(names(publicList)).toEqual(["Winter Invitational", "Derby Classic"]);
    expect(publicList._meta.stats.count).toBe(2);
    expect(publicList.data[1]).toMatchObject({
      id: ids.upcoming,
      kind: "event",
      organizationId: org,
      startDate: "2040-05-01",
      likeCount: 2,
      sports: ["Basketball"],
    });
    expect(names(await ok(await call("GET", `/organizations/${org}/events`, "stranger")))).toEqual(
      names(publicList),
    );
    for (const who of ORG_PEOPLE) {
      const all = await ok(await call("GET", `/organizations/${org}/events`, who));
      expect(names(all), who).toEqual([
        "Winter Invitational",
        "Derby Classic",
        "Draft Showcase",
        "Cancelled Cup",
      ]);
    }
    // The pending event they are shown opens for them (they inherit reading it).
    expect((await call("GET", `/events/${ids.pending}`, "member")).statusCode).toBe(200);
    expect((await call("GET", `/events/${ids.pending}`, "stranger")).statusCode).toBe(404);
  });

  it("page and filter by text and by the dates the events overlap", async () => {
    const page = await ok(
      await call("GET", `/organizations/${org}/events?take=1&offset=1`, "member"),
    );
    expect([names(page), page._meta.stats.count]).toEqual([["Derby Classic"], 4]);
    const upcoming = await ok(
      await call("POST", `/organizations/${org}/events/filtered`, "anonymous", {
        data: { startDate: "2030-01-01" },
      }),
    );
    expect(names(upcoming)).toEqual(["Derby Classic"]);
    const overlapping = await ok(
      await call("POST", `/organizations/${org}/events/filtered`, "owner", {
        data: { startDate: "2040-05-03", endDate: "2040-06-01" },
      }),
    );
    expect(names(overlapping)).toEqual(["Derby Classic", "Draft Showcase"]);
    const byText = await ok(
      await call("POST", `/organizations/${org}/events/filtered`, "anonymous", {
        data: { text: "winter" },
      }),
    );
    expect(names(byText)).toEqual(["Winter Invitational"]);
  });

  it("answer 400 for a bad filter or id and 404 for an unknown organization or another kind", async () => {
    for (const data of [
      { startDate: "2040-02-01", endDate: "2040-01-01" },
      { startDate: "soon" },
      // A string JSON and zod take, but PostgreSQL cannot compare: 400, never a 500.
      { text: "derby\u0000" },
    ]) {
      const res = await call("POST", `/organizations/${org}/events/filtered`, "anonymous", {
        data,
      });
      expect([res.statusCode, codeOf(res)], JSON.stringify(data)).toEqual([
        400,
        "VALIDATION_FAILED",
      ]);
    }
    const take = await call("GET", `/organizations/${org}/events?take=1000`, "anonymous");
    expect([take.statusCode, codeOf(take)]).toEqual([400, "VALIDATION_FAILED"]);
    expect((await call("GET", "/organizations/nope/events", "anonymous")).statusCode).toBe(400);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await call("GET", `/organizations/${unknown}/events`, "anonymous")).statusCode).toBe(
      404,
    );
    // An event's id is no organization's.
    expect((await call("GET", `/organizations/${ids.upcoming}/events`, "admin")).statusCode).toBe(
      404,
    );
  });
});

describe("POST /organizations/{id}/events/calendar", () => {
  const calendar = (who: TWho, query: string, data?: object) =>
    call("POST", `/organizations/${org}/events/calendar${query}`, who, data ? { data } : undefined);

  it("is public for a listed organization", async () => {
    await expectCallers(CALLERS, (who) =>
      calendar(who, "?startDate=2040-01-01&endDate=2040-12-31", {}),
    );
  });

  it("lists the events overlapping the window, soonest first; its people also see unlisted ones", async () => {
    const window = "?startDate=2040-05-03&endDate=2040-12-31";
    expect(names(await ok(await calendar("anonymous", window, {})))).toEqual(["Derby Classic"]);
    const mine = await ok(await calendar("member", window, {}));
    expect(names(mine)).toEqual(["Derby Classic", "Draft Showcase", "Cancelled Cup"]);
    expect(mine._meta.stats.count).toBe(3);
    expect(names(await ok(await calendar("member", window, { text: "draft" })))).toEqual([
      "Draft Showcase",
    ]);
    expect(
      names(await ok(await calendar("anonymous", "?startDate=2019-12-01&endDate=2020-01-10", {}))),
    ).toEqual(["Winter Invitational"]);
    expect(
      (await ok(await calendar("anonymous", "?startDate=2041-01-01&endDate=2041-01-31", {}))).data,
    ).toEqual([]);
  });

  it("takes a window of at most a year (366 days, a leap year whole) and refuses others with 400", async () => {
    await ok(await calendar("anonymous", "?startDate=2040-01-01&endDate=2040-12-31", {}));
    for (const query of [
      "?startDate=2040-01-01&endDate=2041-01-01",
      "?startDate=2040-02-01&endDate=2040-01-31",
      "?startDate=2040-01-01",
      "?endDate=2040-01-01",
      "",
      "?startDate=2040-02-30&endDate=2040-03-01",
    ]) {
      const res = await calendar("anonymous", query, {});
      expect([res.statusCode, codeOf(res)], query).toEqual([400, "VALIDATION_FAILED"]);
    }
    for (const data of [{ text: 5 }, { text: "a\u0000b" }]) {
      const res = await calendar("anonymous", "?startDate=2040-01-01&endDate=2040-12-31", data);
      expect([res.statusCode, codeOf(res)], JSON.stringify(data)).toEqual([
        400,
        "VALIDATION_FAILED",
      ]);
    }
  });
});

describe("GET /organizations/{id}/stats", () => {
  it("is public for a listed organization, hidden with it when pending", async () => {
    await expectCallers(CALLERS, (who) => call("GET", `/organizations/${org}/stats`, who));
    await expectCallers(
      ["owner", "admin"],
      (who) => call("GET", `/organizations/${pendingOrg}/stats`, who),
      "refused",
    );
  });

  it("counts its listed events, the upcoming ones, its followers and the likes on its events", async () => {
    const { data } = await ok(await call("GET", `/organizations/${org}/stats`, "anonymous"));
    expect(data).toEqual({ id: org, events: 2, upcomingEvents: 1, followers: 1, eventLikes: 3 });
    const empty = await ok(await call("GET", `/organizations/${pendingOrg}/stats`, "owner"));
    expect(empty.data).toEqual({
      id: pendingOrg,
      events: 0,
      upcomingEvents: 0,
      followers: 0,
      eventLikes: 0,
    });
  });
});

describe("GET /organizations/report", () => {
  it("is for admins only", async () => {
    await expectCallers(["admin"], (who) => call("GET", "/organizations/report", who));
  });

  it("lists every organization by name with its members, followers and events by state", async () => {
    const report = await ok(await call("GET", "/organizations/report?take=100", "admin"));
    expect(report.data.map((r: { name: string }) => r.name)).toEqual([
      "Derby City Sports",
      "Not Yet Org",
      "Other Org",
    ]);
    expect(report._meta.stats.count).toBe(3);
    expect(report.data[0]).toEqual({
      id: org,
      name: "Derby City Sports",
      status: "approved",
      isActive: true,
      organizationType: "Event Organization",
      members: 3,
      followers: 1,
      events: 4,
      pendingEvents: 1,
      upcomingEvents: 1,
      eventLikes: 3,
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(report.data[1]).toMatchObject({
      name: "Not Yet Org",
      status: "pending",
      members: 1,
      events: 0,
      eventLikes: 0,
    });
    const page = await ok(await call("GET", "/organizations/report?take=1&offset=2", "admin"));
    expect([page.data.map((r: { name: string }) => r.name), page._meta.stats.count]).toEqual([
      ["Other Org"],
      3,
    ]);
    const bad = await call("GET", "/organizations/report?take=0", "admin");
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, "VALIDATION_FAILED"]);
  });
});
