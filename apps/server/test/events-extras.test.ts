// The event's own calls: organizers (owners and managers, and those of the event's organization),
// the organization rule on create and edit, clone, the calendar file, partner links, the generated
// invitation, settings, hotels and the Marketed marketplace. Each route: who may call it, what bad
// input answers, and what it does.
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TKindDescriptor } from "../src/profiles/descriptor";
import { codeOf, expectCallers as expectCallersOf, ok } from "./access-matrix";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { png, profileClient, type TMethod } from "./profile-client";

const PEOPLE = [
  "organizer",
  "orgmanager",
  "orgmember",
  "eventmanager",
  "stranger",
  "admin",
] as const;
type TPerson = (typeof PEOPLE)[number];
type TWho = TPerson | "anonymous";

/**
 * organizer: owns the organization and the events; orgmanager and orgmember: its manager and
 * plain member; eventmanager: manager of the main event only (not of the organization).
 */
const CALLERS: readonly TWho[] = [
  "anonymous",
  "stranger",
  "orgmember",
  "eventmanager",
  "orgmanager",
  "organizer",
  "admin",
];
const EVERYONE = CALLERS;
const SIGNED_IN = CALLERS.filter((c) => c !== "anonymous");
const ORGANIZERS: readonly TWho[] = ["eventmanager", "orgmanager", "organizer", "admin"];

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const client = profileClient<TPerson>(
  () => t.app,
  () => tokens,
);
const kind = (k: string) => KIND_DESCRIPTORS.find((d) => d.kind === k)!;
const EVENTS = kind("event");
const ORGANIZATIONS = kind("organization");

const ev = (method: TMethod, route: string, who: TWho, payload?: unknown) =>
  client.call(EVENTS, method, route, who, payload);
const expectCallers = (
  allowed: readonly TWho[],
  send: (who: TWho) => ReturnType<typeof ev>,
  options?: Parameters<typeof expectCallersOf>[3],
) => expectCallersOf(CALLERS, allowed, send, options);

const ADDRESS = {
  street: "1 Main St",
  city: "Louisville",
  state: "KY",
  postalCode: "40202",
  country: "US",
};
const EVENT_FIELDS = {
  type: "Tournament",
  startDate: "2027-03-05",
  endDate: "2027-03-07",
  category: "Marketed",
  ageGroup: "Youth",
  eventLevel: "Amateur",
  individualCost: 25,
  teamCost: 400,
  facilityTypes: ["Sports Complex"],
  spaceName: "Court",
  location: "Indoor",
  surface: "Hardwood",
  hotelLink: "https://hotels.example.com/spring",
  sports: ["Basketball", "Volleyball"],
};

/** Created by `who` and approved by the admin: a listed profile of the kind. */
async function listed(d: TKindDescriptor, who: TPerson, data: object) {
  const id = (await ok(await client.call(d, "POST", "", who, { data }), 201)).data.id as string;
  await ok(await client.call(d, "PUT", `/${id}/approve`, "admin"));
  return id;
}
async function addMember(d: TKindDescriptor, id: string, who: TPerson, role: string) {
  await client.join(d, id, "organizer", who, role);
}

/** The organization, the main (listed) event and a pending one, a hotel and a company. */
let org: string;
let otherOrg: string;
let event: string;
let pendingEvent: string;
let hotel: string;
let pendingHotel: string;
let company: string;

beforeAll(async () => {
  t = await buildTestApp({
    env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" },
  });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  org = await listed(ORGANIZATIONS, "organizer", {
    name: "Bluegrass Hoops",
    organizationType: "Event Organization",
  });
  await addMember(ORGANIZATIONS, org, "orgmanager", "manager");
  await addMember(ORGANIZATIONS, org, "orgmember", "member");
  otherOrg = await listed(ORGANIZATIONS, "admin", { name: "Elsewhere League" });
  event = await listed(EVENTS, "organizer", {
    name: "Spring Classic",
    description: "Three days of pool play and brackets.",
    address: ADDRESS,
    organizationId: org,
    ...EVENT_FIELDS,
  });
  await addMember(EVENTS, event, "eventmanager", "manager");
  pendingEvent = (
    await ok(
      await ev("POST", "", "organizer", {
        data: { name: "Summer Draft", organizationId: org, ...EVENT_FIELDS },
      }),
      201,
    )
  ).data.id;
  hotel = await listed(kind("hotel"), "admin", { name: "Riverside Inn" });
  pendingHotel = (await client.createListing(kind("hotel"), "Unlisted Inn", "admin")).id;
  company = await listed(kind("company"), "admin", { name: "Court Sponsors Co" });
}, 240_000);
afterAll(() => t?.close());

describe("organizers of an event: its owners and managers, and its organization's", () => {
  it("gives the organization's owners and managers what the event's managers have, not ownership", async () => {
    const abilities = async (who: TWho, id = event) =>
      (await ok(await ev("GET", `/${id}/my/entitlements`, who))).data as string[];
    const manager = await abilities("orgmanager");
    expect(manager).toEqual(expect.arrayContaining(["profile.update", "partners.write"]));
    expect(manager).not.toContain("profile.delete");
    expect(manager).not.toContain("members.writeOwners");
    expect(await abilities("eventmanager")).toEqual(manager);
    // A plain member of the organization reads its events as a member, and changes nothing.
    const member = await abilities("orgmember");
    expect(member).toContain("profile.readPrivate");
    expect(member).not.toContain("profile.update");
    expect(await abilities("stranger")).not.toContain("profile.readPrivate");
    // Pending events: the organization's people see them, strangers get 404.
    expect(await abilities("orgmember", pendingEvent)).toContain("profile.read");
    expect((await ev("GET", `/${pendingEvent}`, "orgmember")).statusCode).toBe(200);
    expect((await ev("GET", `/${pendingEvent}`, "stranger")).statusCode).toBe(404);
  });

  it("lets the organization's managers edit its events, and stops when the event leaves it", async () => {
    const id = await listed(EVENTS, "organizer", {
      name: "Leaving Event",
      organizationId: org,
      ...EVENT_FIELDS,
    });
    const edit = (who: TWho) =>
      ev("PATCH", `/${id}`, who, [{ op: "replace", path: "/description", value: `by ${who}` }]);
    expect((await edit("orgmanager")).statusCode).toBe(200);
    expect((await edit("orgmember")).statusCode).toBe(403);
    expect((await edit("stranger")).statusCode).toBe(403);
    await ok(
      await ev("PATCH", `/${id}`, "organizer", [
        { op: "replace", path: "/organizationId", value: null },
      ]),
    );
    expect((await edit("orgmanager")).statusCode).toBe(403);
    expect((await ev("GET", `/${id}/my/entitlements`, "orgmember")).json().data).not.toContain(
      "profile.readPrivate",
    );
  });
});

describe("putting an event under an organization", () => {
  const create = (who: TWho, organizationId: string) =>
    ev("POST", "", who, { data: { name: `By ${who}`, organizationId, ...EVENT_FIELDS } });

  it("is for people who belong to the organization (any role) and admins", async () => {
    await expectCallers(["orgmember", "orgmanager", "organizer", "admin"], (who) =>
      create(who, org),
    );
    const refused = await create("stranger", org);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe("ORGANIZATION_MEMBERSHIP_REQUIRED");
    expect(refused.json().error.message).toContain("Bluegrass Hoops");
    // Without an organization anyone signed in creates events, as before.
    expect(
      (await ev("POST", "", "stranger", { data: { name: "Solo", ...EVENT_FIELDS } })).statusCode,
    ).toBe(201);
  });

  it("answers 404 for an organization that does not exist or that the caller cannot see", async () => {
    const missing = await create("organizer", "00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    const pendingOrg = (
      await ok(
        await client.call(ORGANIZATIONS, "POST", "", "admin", { data: { name: "Hidden Org" } }),
        201,
      )
    ).data.id;
    expect((await create("stranger", pendingOrg)).statusCode).toBe(404);
    expect((await create("admin", pendingOrg)).statusCode).toBe(201);
    // An organization its maker has just made (as the request wizard does) takes its events
    // while it waits for approval.
    const made = (
      await ok(
        await client.call(ORGANIZATIONS, "POST", "", "stranger", { data: { name: "New Org" } }),
        201,
      )
    ).data.id;
    expect((await create("stranger", made)).statusCode).toBe(201);
  });

  it("checks a change of organization only: editing other fields needs no membership", async () => {
    const move = (who: TWho, to: string | null) =>
      ev("PATCH", `/${event}`, who, [{ op: "replace", path: "/organizationId", value: to }]);
    // The event's own manager is not in the organization, yet edits the event.
    await ok(
      await ev("PATCH", `/${event}`, "eventmanager", [
        { op: "replace", path: "/description", value: "Three days of pool play and brackets." },
      ]),
    );
    const refused = await move("eventmanager", otherOrg);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe("ORGANIZATION_MEMBERSHIP_REQUIRED");
    expect(codeOf(await move("organizer", otherOrg))).toBe("ORGANIZATION_MEMBERSHIP_REQUIRED");
    expect((await ev("GET", `/${event}`, "admin")).json().data.organizationId).toBe(org);
    await ok(await move("admin", otherOrg));
    await ok(await move("admin", org));
    // A patch that does not apply is refused by the edit itself, with its own error.
    const bad = await ev("PATCH", `/${event}`, "organizer", [
      { op: "test", path: "/organizationId", value: otherOrg },
      { op: "replace", path: "/organizationId", value: otherOrg },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe("TEST_OPERATION_FAILED");
  });
});

describe("PUT /events/{id}/clone", () => {
  let source: string;
  beforeAll(async () => {
    source = await listed(EVENTS, "organizer", {
      name: "Fall Shootout",
      description: "Copy me.",
      address: ADDRESS,
      organizationId: org,
      ...EVENT_FIELDS,
      hasFlexibleDates: true,
      isClosed: true,
    });
    await ok(
      await ev("POST", `/${source}/amenities`, "organizer", { data: { name: "Parking" } }),
      201,
    );
    await ok(
      await ev("POST", `/${source}/amenities`, "organizer", { data: { name: "Wifi" } }),
      201,
    );
    await ok(
      await ev("POST", `/${source}/setting`, "organizer", {
        data: { key: "showHotels", value: true },
      }),
      201,
    );
    await ok(await ev("POST", `/${source}/hotels`, "organizer", { data: { hotelId: hotel } }), 201);
    await ok(await ev("PUT", `/${source}/partner`, "organizer", { data: { partnerId: company } }));
    await ok(
      await ev("POST", `/${source}/boosts`, "admin", {
        data: { startDate: "2027-01-01", endDate: "2027-01-31" },
      }),
      201,
    );
    await ok(await ev("POST", `/${source}/likes`, "stranger"));
    await ok(
      await ev("PATCH", `/${source}`, "organizer", [
        { op: "replace", path: "/logo", value: "https://cdn.example.com/logo.png" },
        { op: "replace", path: "/featuredVideo", value: "https://video.example.com/v" },
      ]),
    );
    const upload = await client.upload(
      EVENTS,
      `/${source}/images`,
      "organizer",
      await png("#336699"),
      "a.png",
    );
    expect(upload.statusCode, upload.body).toBe(201);
  });

  it("is for the event's organizers who may also put an event under its organization", async () => {
    // The event's own manager is not in the organization: a copy would join it, so no.
    await expectCallers(["orgmanager", "organizer", "admin"], (who) =>
      ev("PUT", `/${event}/clone`, who),
    );
    const refused = await ev("PUT", `/${event}/clone`, "eventmanager");
    expect(codeOf(refused)).toBe("ORGANIZATION_MEMBERSHIP_REQUIRED");
    // Without an organization the event's managers copy it.
    const solo = await listed(EVENTS, "organizer", { name: "Solo Cup", ...EVENT_FIELDS });
    await addMember(EVENTS, solo, "eventmanager", "manager");
    await ok(await ev("PUT", `/${solo}/clone`, "eventmanager"), 201);
  });

  it("makes a pending 'Copy of' event the caller owns, with the fields, sports, amenities and settings", async () => {
    const original = (await ok(await ev("GET", `/${source}`, "admin"))).data;
    const copy = (await ok(await ev("PUT", `/${source}/clone`, "orgmanager"), 201)).data;
    expect(copy.id).not.toBe(source);
    expect(copy).toMatchObject({
      name: "Copy of Fall Shootout",
      status: "pending",
      likeCount: 0,
      logo: null,
      headerImage: null,
      featuredVideo: null,
      boosted: false,
    });
    for (const key of [
      "description",
      "address",
      "lat",
      "lng",
      "type",
      "startDate",
      "endDate",
      "hasFlexibleDates",
      "hotelLink",
      "category",
      "ageGroup",
      "eventLevel",
      "individualCost",
      "teamCost",
      "facilityTypes",
      "spaceName",
      "location",
      "surface",
      "organizationId",
      "isClosed",
      "sports",
    ]) {
      expect(copy[key], key).toEqual(original[key]);
    }
    const managers = (await ok(await ev("GET", `/${copy.id}/managers`, "orgmanager"))).data;
    expect(managers.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ["orgmanager@example.com", "owner"],
    ]);
    // Who wrote a listing is not in its replies (issue 16 §3); its owner is its managers' list.
    expect(copy.createdBy).toBeNull();
    const names = async (segment: string) =>
      (await ok(await ev("GET", `/${copy.id}/${segment}`, "admin"))).data.map(
        (r: { name?: string; key?: string }) => r.name ?? r.key,
      );
    expect(await names("amenities")).toEqual(["Parking", "Wifi"]);
    expect(await names("setting")).toEqual(["showHotels"]);
    for (const segment of ["images", "boosts", "hotels", "likes"]) {
      expect((await ok(await ev("GET", `/${copy.id}/${segment}`, "admin"))).data, segment).toEqual(
        [],
      );
    }
    const partners = await ok(
      await ev("PUT", `/${copy.id}/partner`, "admin", {
        data: { partnerId: company, linked: false },
      }),
    );
    expect(partners.data.partners).toEqual([]);
    // The original keeps everything.
    expect((await ok(await ev("GET", `/${source}/images`, "admin"))).data).toHaveLength(1);
    expect((await ok(await ev("GET", `/${source}`, "admin"))).data.likeCount).toBe(1);
    // The copy is the caller's: it is in their list, pending until approved.
    const mine = (await ok(await ev("GET", "/my?take=100", "orgmanager"))).data;
    expect(mine.map((e: { id: string }) => e.id)).toContain(copy.id);
    expect((await ev("GET", `/${copy.id}`, "anonymous")).statusCode).toBe(404);
  });

  it("answers 400 for a malformed id and 404 for an unknown or unseen event", async () => {
    const bad = await ev("PUT", "/not-a-uuid/clone", "organizer");
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe("VALIDATION_FAILED");
    expect(
      (await ev("PUT", "/00000000-0000-4000-8000-000000000000/clone", "organizer")).statusCode,
    ).toBe(404);
    expect((await ev("PUT", `/${pendingEvent}/clone`, "stranger")).statusCode).toBe(404);
  });
});

describe("GET /events/{id}/ical", () => {
  let tricky: string;
  /** The file as ical.js reads it, its last line seen to end with CRLF like the others. */
  const calendarOf = (text: string) => {
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    return new ICAL.Component(ICAL.parse(text));
  };
  beforeAll(async () => {
    tricky = await listed(EVENTS, "organizer", {
      name: "Hoops, Inc; Spring \\ Classic",
      description: `Line one, with commas; and semicolons.\n${"Bring your own ball. ".repeat(12)}`,
      address: ADDRESS,
      ...EVENT_FIELDS,
      sports: ["Basketball"],
      startDate: "2027-12-30",
      endDate: "2027-12-31",
    });
  });

  it("is public for listed events; pending ones only for those who see them", async () => {
    await expectCallers(EVERYONE, (who) => ev("GET", `/${event}/ical`, who));
    await expectCallers(
      ["orgmember", "orgmanager", "organizer", "admin"],
      (who) => ev("GET", `/${pendingEvent}/ical`, who),
      { anonymousRefused: "refused" },
    );
  });

  it("is a valid RFC 5545 calendar with one all-day VEVENT, served as text/calendar", async () => {
    const res = await ev("GET", `/${tricky}/ical`, "anonymous");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="[a-z0-9-]+\.ics"$/);
    const root = calendarOf(res.body);
    expect(root.getFirstPropertyValue("version")).toBe("2.0");
    expect(root.getFirstPropertyValue("method")).toBe("PUBLISH");
    const events = root.getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    const vevent = events[0]!;
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(`${tricky}@hostfield.test`);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe("2027-12-30");
    // DTEND is exclusive: the day after the last day, here across the year end.
    expect(event.endDate.isDate).toBe(true);
    expect(event.endDate.toString()).toBe("2028-01-01");
    expect((vevent.getFirstPropertyValue("dtstamp") as ICAL.Time).zone).toBe(
      ICAL.Timezone.utcTimezone,
    );
    expect(vevent.getFirstPropertyValue("url")).toBe(`http://hostfield.test/events/${tricky}`);
    const [lat, lng] = vevent.getFirstPropertyValue("geo") as number[];
    expect([Number.isFinite(lat), Number.isFinite(lng)]).toEqual([true, true]);
  });

  it("escapes , ; \\ and line breaks, and folds long lines at 75 octets", async () => {
    const res = await ev("GET", `/${tricky}/ical`, "anonymous");
    const event = new ICAL.Event(calendarOf(res.body).getFirstSubcomponent("vevent")!);
    expect(res.body).toContain("SUMMARY:Hoops\\, Inc\\; Spring \\\\ Classic\r\n");
    expect(event.summary).toBe("Hoops, Inc; Spring \\ Classic");
    expect(event.location).toBe("1 Main St, Louisville, Kentucky 40202");
    const description = event.description;
    expect(description).toContain("When: Thu, Dec 30th - Fri, Dec 31st, 2027\n");
    expect(description).toContain("Cost: $25 / Participant or $400 / Team\n");
    expect(description).toContain("Line one, with commas; and semicolons.\nBring your own ball.");
    expect(description.endsWith(`http://hostfield.test/events/${tricky}`)).toBe(true);
    // The description is long: it arrives folded, every physical line within 75 octets.
    const physical = res.body.split("\r\n");
    expect(physical.some((line) => line.startsWith(" "))).toBe(true);
    for (const line of physical) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it("keeps the same UID across downloads and edits, so calendar apps update the entry", async () => {
    const read = async () =>
      new ICAL.Event(
        calendarOf((await ev("GET", `/${tricky}/ical`, "anonymous")).body).getFirstSubcomponent(
          "vevent",
        )!,
      );
    const before = (await read()).uid;
    await ok(
      await ev("PATCH", `/${tricky}`, "organizer", [
        { op: "replace", path: "/endDate", value: "2028-01-02" },
      ]),
    );
    const after = await read();
    expect(after.uid).toBe(before);
    expect(after.endDate.toString()).toBe("2028-01-03");
  });

  it("answers 400 for a malformed id and 404 for an unknown event", async () => {
    const bad = await ev("GET", "/nope/ical", "anonymous");
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe("VALIDATION_FAILED");
    expect(
      (await ev("GET", "/00000000-0000-4000-8000-000000000000/ical", "anonymous")).statusCode,
    ).toBe(404);
  });
});

describe("PUT /events/{id}/partner", () => {
  const link = (who: TWho, data: object, id = event) => ev("PUT", `/${id}/partner`, who, { data });

  it("is for the event's organizers", async () => {
    await expectCallers(ORGANIZERS, (who) => link(who, { partnerId: company }), {
      prepare: async () => void (await link("admin", { partnerId: company, linked: false })),
    });
  });

  it("links a listed profile once, unlinks it, and reports the partners after each change", async () => {
    await link("admin", { partnerId: company, linked: false });
    const linked = await ok(await link("organizer", { partnerId: company }));
    expect(linked.data).toEqual({
      id: event,
      partners: [{ id: company, kind: "company", name: "Court Sponsors Co", logo: null }],
    });
    expect(
      (await ok(await link("organizer", { partnerId: company, linked: true }))).data.partners,
    ).toHaveLength(1);
    await ok(await link("organizer", { partnerId: hotel }));
    expect(
      (await ok(await link("organizer", { partnerId: company, linked: false }))).data.partners.map(
        (p: { name: string }) => p.name,
      ),
    ).toEqual(["Riverside Inn"]);
    // Unlinking what is not linked changes nothing.
    expect(
      (await ok(await link("organizer", { partnerId: company, linked: false }))).data.partners,
    ).toHaveLength(1);
    await link("organizer", { partnerId: hotel, linked: false });
  });

  it("refuses the event itself, unlisted or unknown profiles, and malformed bodies", async () => {
    const self = await link("organizer", { partnerId: event });
    expect([self.statusCode, codeOf(self)]).toEqual([400, "VALIDATION_FAILED"]);
    const unlisted = await link("organizer", { partnerId: pendingHotel });
    expect([unlisted.statusCode, codeOf(unlisted)]).toEqual([404, "PROFILE_NOT_FOUND"]);
    const unknown = await link("organizer", { partnerId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.statusCode).toBe(404);
    for (const data of [{}, { partnerId: "x" }, { partnerId: company, linked: "yes" }]) {
      const res = await link("organizer", data);
      expect([res.statusCode, codeOf(res)], JSON.stringify(data)).toEqual([
        400,
        "VALIDATION_FAILED",
      ]);
    }
  });
});

describe("PUT /events/email/generate", () => {
  const generate = (who: TWho, data: object) => ev("PUT", "/email/generate", who, { data });

  it("is for signed-in callers who may read the event", async () => {
    await expectCallers(SIGNED_IN, (who) => generate(who, { eventId: event }));
    await expectCallers(["orgmember", "orgmanager", "organizer", "admin"], (who) =>
      generate(who, { eventId: pendingEvent }),
    );
  });

  it("writes a ready-to-send invitation from the event's fields in the display formats", async () => {
    const { data } = await ok(await generate("stranger", { eventId: event, audience: "Coaches" }));
    expect(data.subject).toBe("You're invited: Spring Classic (Fri, Mar 5th - Sun, Mar 7th, 2027)");
    expect(data.text).toBe(
      [
        "Hello Coaches,",
        "",
        "You're invited to Spring Classic, hosted by Bluegrass Hoops.",
        "",
        "When: Fri, Mar 5th - Sun, Mar 7th, 2027",
        "Where: 1 Main St, Louisville, Kentucky 40202",
        "Sport: Multi Sport",
        "Type: Tournament",
        "Age group: Youth",
        "Level: Amateur",
        "Cost: $25 / Participant or $400 / Team",
        "Hosted by: Bluegrass Hoops",
        "",
        "Three days of pool play and brackets.",
        "",
        `Details and registration: http://hostfield.test/events/${event}`,
        "",
        "Book your hotel for the event: https://hotels.example.com/spring",
        "",
        "See you there!",
        "Bluegrass Hoops",
        "",
      ].join("\n"),
    );
  });

  it("reads 'Flexible b/w {start} - {end}' for an event with flexible dates", async () => {
    const flexible = await listed(EVENTS, "organizer", {
      name: "Anytime Jam",
      ...EVENT_FIELDS,
      hasFlexibleDates: true,
      sports: ["Other Sport or Activity"],
      teamCost: null,
    });
    const { data } = await ok(await generate("organizer", { eventId: flexible }));
    expect(data.subject).toBe(
      "You're invited: Anytime Jam (Flexible b/w Fri, Mar 5th, 2027 - Sun, Mar 7th, 2027)",
    );
    expect(data.text.startsWith("Hello,\n")).toBe(true);
    expect(data.text).toContain("Cost: $25 / Participant\n");
    expect(data.text).not.toContain("Sport:");
  });

  it("answers 400 for bad input and 404 for an unknown event", async () => {
    for (const data of [{}, { eventId: "x" }, { eventId: event, audience: "x".repeat(101) }]) {
      const res = await generate("organizer", data);
      expect([res.statusCode, codeOf(res)], JSON.stringify(data)).toEqual([
        400,
        "VALIDATION_FAILED",
      ]);
    }
    const missing = await generate("organizer", {
      eventId: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("/events/{id}/setting", () => {
  const settings = (who: TWho, id = event) => ev("GET", `/${id}/setting`, who);
  async function clear() {
    for (const s of (await ok(await settings("admin"))).data) {
      await ok(await ev("DELETE", `/${event}/setting/${s.id}`, "admin"));
    }
  }
  async function fresh(key = "showHotels", value: unknown = true): Promise<string> {
    await clear();
    return (await ok(await ev("POST", `/${event}/setting`, "admin", { data: { key, value } }), 201))
      .data.id;
  }

  it("is for the event's organizers only, reading included", async () => {
    await fresh();
    await expectCallers(ORGANIZERS, (who) => settings(who));
    await expectCallers(
      ORGANIZERS,
      (who) => ev("POST", `/${event}/setting`, who, { data: { key: "showHotels", value: true } }),
      { prepare: clear },
    );
    let id = "";
    await expectCallers(
      ORGANIZERS,
      (who) =>
        ev("PATCH", `/${event}/setting/${id}`, who, [
          { op: "replace", path: "/value", value: false },
        ]),
      {
        prepare: async () => {
          id = await fresh();
        },
      },
    );
    await expectCallers(ORGANIZERS, (who) => ev("DELETE", `/${event}/setting/${id}`, who), {
      prepare: async () => {
        id = await fresh();
      },
    });
  });

  it("keeps one typed value per allowed key", async () => {
    await clear();
    const created = await ok(
      await ev("POST", `/${event}/setting`, "organizer", {
        data: { key: "leadContactEmail", value: "leads@bluegrass.example.com" },
      }),
      201,
    );
    expect(created.data).toMatchObject({
      profileId: event,
      key: "leadContactEmail",
      value: "leads@bluegrass.example.com",
    });
    await ok(
      await ev("POST", `/${event}/setting`, "orgmanager", {
        data: { key: "allowDirectRequests", value: false },
      }),
      201,
    );
    const again = await ev("POST", `/${event}/setting`, "organizer", {
      data: { key: "allowDirectRequests", value: true },
    });
    expect([again.statusCode, codeOf(again)]).toEqual([409, "ALREADY_EXISTS"]);
    const list = (await ok(await settings("organizer"))).data;
    expect(list.map((s: { key: string; value: unknown }) => [s.key, s.value])).toEqual([
      ["allowDirectRequests", false],
      ["leadContactEmail", "leads@bluegrass.example.com"],
    ]);
    const id = created.data.id as string;
    const changed = await ok(
      await ev("PATCH", `/${event}/setting/${id}`, "organizer", [
        { op: "replace", path: "/value", value: "events@bluegrass.example.com" },
      ]),
    );
    expect(changed.data.value).toBe("events@bluegrass.example.com");
    expect((await ok(await ev("GET", `/${event}/setting/${id}`, "organizer"))).data.value).toBe(
      "events@bluegrass.example.com",
    );
    // Renaming onto a key the event already has collides.
    const clash = await ev("PATCH", `/${event}/setting/${id}`, "organizer", [
      { op: "replace", path: "/key", value: "allowDirectRequests" },
      { op: "replace", path: "/value", value: true },
    ]);
    expect([clash.statusCode, codeOf(clash)]).toEqual([409, "ALREADY_EXISTS"]);
    await ok(await ev("DELETE", `/${event}/setting/${id}`, "organizer"));
    expect((await ev("GET", `/${event}/setting/${id}`, "organizer")).statusCode).toBe(404);
    expect((await ev("DELETE", `/${event}/setting/${id}`, "organizer")).statusCode).toBe(404);
  });

  it("refuses unknown keys, values of the wrong type and bad patches with 400", async () => {
    await clear();
    for (const data of [
      { key: "theme", value: "dark" },
      { key: "showHotels", value: "yes" },
      { key: "leadContactEmail", value: "not an address" },
      { key: "showHotels" },
    ]) {
      const res = await ev("POST", `/${event}/setting`, "organizer", { data });
      expect([res.statusCode, codeOf(res)], JSON.stringify(data)).toEqual([
        400,
        "VALIDATION_FAILED",
      ]);
    }
    const id = await fresh("showHotels", true);
    const wrongType = await ev("PATCH", `/${event}/setting/${id}`, "organizer", [
      { op: "replace", path: "/value", value: "sometimes" },
    ]);
    expect([wrongType.statusCode, codeOf(wrongType)]).toEqual([400, "VALIDATION_FAILED"]);
    const notAPatch = await ev("PATCH", `/${event}/setting/${id}`, "organizer", {
      value: false,
    });
    expect(notAPatch.statusCode).toBe(400);
    await clear();
  });
});

describe("/events/{id}/hotels and GET /events/hotels", () => {
  const hotels = (method: TMethod, route: string, who: TWho, payload?: unknown) =>
    ev(method, `/${event}/hotels${route}`, who, payload);
  async function clear() {
    for (const h of (await ok(await hotels("GET", "", "admin"))).data) {
      await ok(await hotels("DELETE", `/${h.id}`, "admin"));
    }
  }
  async function fresh(): Promise<string> {
    await clear();
    return (await ok(await hotels("POST", "", "admin", { data: { hotelId: hotel } }), 201)).data.id;
  }

  it("are read by everyone who sees the event and changed by its organizers", async () => {
    const id = await fresh();
    await expectCallers(EVERYONE, (who) => hotels("GET", "", who));
    await expectCallers(EVERYONE, (who) => hotels("POST", "/filtered", who, { data: {} }));
    await expectCallers(EVERYONE, (who) => hotels("GET", `/${id}`, who));
    await expectCallers(EVERYONE, (who) => ev("GET", "/hotels", who));
    await expectCallers(
      ORGANIZERS,
      (who) => hotels("POST", "", who, { data: { hotelId: hotel } }),
      {
        prepare: clear,
      },
    );
    let child = "";
    await expectCallers(
      ORGANIZERS,
      (who) =>
        hotels("PATCH", `/${child}`, who, [{ op: "replace", path: "/roomsHeld", value: 10 }]),
      {
        prepare: async () => {
          child = await fresh();
        },
      },
    );
    await expectCallers(ORGANIZERS, (who) => hotels("DELETE", `/${child}`, who), {
      prepare: async () => {
        child = await fresh();
      },
    });
    // A pending event's hotels are as private as the event.
    await expectCallers(
      ["orgmember", "orgmanager", "organizer", "admin"],
      (who) => ev("GET", `/${pendingEvent}/hotels`, who),
      { anonymousRefused: "refused" },
    );
  });

  it("link a listed hotel once, with an optional room block, shown on every event's list", async () => {
    await clear();
    const created = await ok(
      await hotels("POST", "", "organizer", {
        data: {
          hotelId: hotel,
          note: "Team rate",
          roomsHeld: 40,
          rate: 129.5,
          cutoffDate: "2027-02-15",
        },
      }),
      201,
    );
    expect(created.data).toMatchObject({
      profileId: event,
      profileName: "Spring Classic",
      hotel: { id: hotel, name: "Riverside Inn", logo: null },
      note: "Team rate",
      roomsHeld: 40,
      rate: 129.5,
      cutoffDate: "2027-02-15",
    });
    const twice = await hotels("POST", "", "organizer", { data: { hotelId: hotel } });
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, "ALREADY_EXISTS"]);
    const patched = await ok(
      await hotels("PATCH", `/${created.data.id}`, "orgmanager", [
        { op: "replace", path: "/rate", value: 119 },
        { op: "replace", path: "/note", value: null },
      ]),
    );
    expect(patched.data).toMatchObject({ rate: 119, note: null, roomsHeld: 40 });
    // Across events: anyone sees the links of listed events; a pending event's only admins.
    await ok(
      await ev("POST", `/${pendingEvent}/hotels`, "organizer", { data: { hotelId: hotel } }),
      201,
    );
    const listedOnly = await ok(await ev("GET", `/hotels?hotelId=${hotel}&take=100`, "anonymous"));
    const seen = listedOnly.data.map((h: { profileId: string }) => h.profileId);
    expect(seen).toContain(event);
    expect(seen).not.toContain(pendingEvent);
    const asAdmin = await ok(await ev("GET", `/hotels?hotelId=${hotel}&take=100`, "admin"));
    expect(asAdmin.data.map((h: { profileId: string }) => h.profileId)).toContain(pendingEvent);
    expect(asAdmin._meta.stats.count).toBe(listedOnly._meta.stats.count + 1);
    const other = await ok(await ev("GET", `/hotels?hotelId=${company}`, "anonymous"));
    expect(other).toEqual({ data: [], _meta: { stats: { count: 0 } } });
    const paged = await ok(await ev("GET", `/hotels?hotelId=${hotel}&take=1`, "admin"));
    expect([paged.data.length, paged._meta.stats.count]).toEqual([1, asAdmin._meta.stats.count]);
  });

  it("refuse unlisted hotels, other kinds, late cut-offs and malformed input", async () => {
    await clear();
    const cases: [object, number, string][] = [
      [{ hotelId: pendingHotel }, 404, "PROFILE_NOT_FOUND"],
      [{ hotelId: company }, 404, "PROFILE_NOT_FOUND"],
      [{ hotelId: hotel, cutoffDate: "2027-03-08" }, 400, "VALIDATION_FAILED"],
      [{ hotelId: hotel, roomsHeld: -1 }, 400, "VALIDATION_FAILED"],
      [{ hotelId: hotel, rate: "cheap" }, 400, "VALIDATION_FAILED"],
      [{ hotelId: hotel, cutoffDate: "2027-02-30" }, 400, "VALIDATION_FAILED"],
      // Valid JSON and a valid string, but text PostgreSQL cannot store: 400, never a 500.
      [{ hotelId: hotel, note: "Team\u0000rate" }, 400, "VALIDATION_FAILED"],
      [{}, 400, "VALIDATION_FAILED"],
    ];
    for (const [data, status, code] of cases) {
      const res = await hotels("POST", "", "organizer", { data });
      expect([res.statusCode, codeOf(res)], JSON.stringify(data)).toEqual([status, code]);
    }
    const id = await fresh();
    const moved = await hotels("PATCH", `/${id}`, "organizer", [
      { op: "replace", path: "/hotelId", value: pendingHotel },
    ]);
    expect(moved.statusCode).toBe(404);
    // An edit meets the cut-off rule too: the event ends on 2027-03-07.
    const late = await hotels("PATCH", `/${id}`, "organizer", [
      { op: "add", path: "/cutoffDate", value: "2027-03-08" },
    ]);
    expect([late.statusCode, codeOf(late)]).toEqual([400, "VALIDATION_FAILED"]);
    expect((await ok(await hotels("GET", `/${id}`, "organizer"))).data.cutoffDate).toBeNull();
    const bad = await ev("GET", "/hotels?hotelId=nope", "anonymous");
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, "VALIDATION_FAILED"]);
    await clear();
  });
});

describe("POST /events/search/marketed and PUT /events/search/marketed/filters", () => {
  let marketed: string;
  let plain: string;
  beforeAll(async () => {
    marketed = await listed(EVENTS, "admin", {
      name: "Marketed Lacrosse Fest",
      address: ADDRESS,
      ...EVENT_FIELDS,
      sports: ["Lacrosse"],
    });
    plain = await listed(EVENTS, "admin", {
      name: "Unmarketed Lacrosse Camp",
      address: ADDRESS,
      ...EVENT_FIELDS,
      category: "Private",
      sports: ["Lacrosse"],
    });
  });
  const search = (who: TWho, data?: object, query = "") =>
    ev("POST", `/search/marketed${query}`, who, data === undefined ? undefined : { data });
  const ids = (body: { data: { id: string }[] }) => body.data.map((e) => e.id);

  it("is public, and finds only listed events of category 'Marketed'", async () => {
    await expectCallers(EVERYONE, (who) => search(who, {}));
    const found = await ok(await search("anonymous", { sports: ["Lacrosse"] }));
    expect(ids(found)).toEqual([marketed]);
    expect(found._meta.stats.count).toBe(1);
    expect(found.data[0]).toMatchObject({ category: "Marketed", sports: ["Lacrosse"] });
    // The plain event search still finds both: the narrowing is this call's.
    const everything = await ok(
      await ev("POST", "/search", "anonymous", { data: { sports: ["Lacrosse"] } }),
    );
    expect(ids(everything)).toEqual(expect.arrayContaining([marketed, plain]));
    // Pending Marketed events stay out; so do events of other categories.
    const all = ids(await ok(await search("anonymous", {}, "?take=100")));
    expect(all).toEqual(expect.arrayContaining([event, marketed]));
    expect(all).not.toContain(pendingEvent);
    expect(all).not.toContain(plain);
  });

  it("takes the event search's filters, paging and signed-in flags", async () => {
    const byText = await ok(await search("anonymous", { text: "Lacrosse Fest" }));
    expect(ids(byText)[0]).toBe(marketed);
    const near = await ok(
      await search("anonymous", {
        near: { address: "Louisville, KY", dist: 25 },
        sports: ["Lacrosse"],
      }),
    );
    expect(ids(near)).toEqual([marketed]);
    expect(near.data[0].distanceMiles).toBeTypeOf("number");
    const page = await ok(await search("anonymous", {}, "?take=1&offset=1"));
    expect(page.data).toHaveLength(1);
    expect(page._meta.stats.count).toBeGreaterThanOrEqual(2);
    await ok(await ev("POST", `/${marketed}/likes`, "stranger"));
    const mine = await ok(await search("stranger", { sports: ["Lacrosse"] }));
    expect(mine.data[0].myReaction).toBe(true);
  });

  it("refuses an invalid filter or an unknown place with 400", async () => {
    for (const data of [
      { sports: ["Quidditch"] },
      { startDate: "2027-05-01", endDate: "2027-04-01" },
      { take: 5, sort: "best" },
    ]) {
      const res = await search("anonymous", data);
      expect([res.statusCode, codeOf(res)], JSON.stringify(data)).toEqual([
        400,
        "VALIDATION_FAILED",
      ]);
    }
    const nowhere = await search("anonymous", { near: { address: "Nowhere Special Zzz" } });
    expect([nowhere.statusCode, codeOf(nowhere)]).toEqual([400, "PLACE_NOT_FOUND"]);
  });

  it("saves presets per member, apart from the plain event search's", async () => {
    const presets = [{ name: "Lacrosse near home", filter: { sports: ["Lacrosse"] } }];
    await expectCallers(SIGNED_IN, (who) =>
      ev("PUT", "/search/marketed/filters", who, { data: [] }),
    );
    expect(
      (await ok(await ev("PUT", "/search/marketed/filters", "organizer", { data: presets }))).data,
    ).toEqual(presets);
    expect((await ok(await ev("PUT", "/search/marketed/filters", "organizer", {}))).data).toEqual(
      presets,
    );
    expect((await ok(await ev("PUT", "/search/filters", "organizer", {}))).data).toEqual([]);
    expect((await ok(await ev("PUT", "/search/marketed/filters", "stranger", {}))).data).toEqual(
      [],
    );
    const bad = await ev("PUT", "/search/marketed/filters", "organizer", { data: [{ name: "" }] });
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, "VALIDATION_FAILED"]);
  });
});
