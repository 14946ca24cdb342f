// "Message" on a listing's page (issue "Experience"): `POST /{kind}/{id}/message` opens the caller's
// one conversation with the listing's owners and managers. The rules restated: signed-in people
// who may read the listing call it (a pending one is hidden: 404); its own people do not message
// it (400 SELF_MESSAGE); the same caller gets the same conversation back; the owners and managers
// are its members and find it in their threads once a message arrives; nobody else reads it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TKindDescriptor } from "../src/profiles/descriptor";
import { expectCallers } from "./access-matrix";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { profileClient } from "./profile-client";

const PEOPLE = [
  "owner",
  "manager",
  "member",
  "inherited",
  "hidden",
  "visitor",
  "outsider",
  "admin",
] as const;
type TPerson = (typeof PEOPLE)[number];
type TWho = TPerson | "anonymous";

const FACILITY = KIND_DESCRIPTORS.find((d) => d.kind === "facility")!;
const DESTINATION = KIND_DESCRIPTORS.find((d) => d.kind === "destination")!;

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const ids = {} as Record<TPerson, string>;
const { call, createListing, join } = profileClient(
  () => t.app,
  () => tokens,
);

function users(method: "GET" | "POST" | "PUT", route: string, who: TWho, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/user-mgmt/api${route}${route.includes("?") ? "&" : "?"}${V}`,
    headers: who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function approved(d: TKindDescriptor, name: string, who: TPerson) {
  const { id } = await createListing(d, name, who);
  expect((await call(d, "PUT", `/${id}/approve`, "admin")).statusCode).toBe(200);
  return id;
}

const message = (d: TKindDescriptor, id: string) => (who: TWho) =>
  call(d, "POST", `/${id}/message`, who);

/** The group id a caller's message call answered (the call must succeed). */
async function opened(d: TKindDescriptor, id: string, who: TPerson): Promise<string> {
  const res = await call(d, "POST", `/${id}/message`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as string;
}

const threadsOf = async (who: TPerson) =>
  (await users("GET", `/users/${ids[who]}/threads?take=100`, who)).json().data as {
    groupId: string;
    group: { name: string };
  }[];

/** A facility owned by `owner`, with `manager`, `member` and (through a destination) `inherited`. */
let facility: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" } });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  for (const who of PEOPLE) ids[who] = (await users("GET", "/users/my", who)).json().data.id;
  expect((await users("PUT", "/users/my/visibility?isVisible=false", "hidden")).statusCode).toBe(
    200,
  );
  facility = await approved(FACILITY, "Riverside Fieldhouse", "owner");
  await join(FACILITY, facility, "owner", "manager", "manager");
  await join(FACILITY, facility, "owner", "member", "member");
  await join(FACILITY, facility, "owner", "hidden", "manager");
  const home = await approved(DESTINATION, "Home Destination", "inherited");
  const link = await call(FACILITY, "POST", `/${facility}/destinations`, "admin", {
    data: { destinationId: home },
  });
  expect(link.statusCode, link.body).toBe(201);
}, 180_000);
afterAll(() => t?.close());

describe("messaging a listing's team", () => {
  it("is for signed-in people outside the listing; its own people get SELF_MESSAGE", async () => {
    expect((await message(FACILITY, facility)("anonymous")).statusCode).toBe(401);
    expect((await message(FACILITY, facility)("visitor")).statusCode).toBe(200);
    expect((await message(FACILITY, facility)("admin")).statusCode).toBe(200);
    for (const who of ["owner", "manager", "member", "inherited"] as const) {
      const res = await message(FACILITY, facility)(who);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe("SELF_MESSAGE");
    }
  });

  it("answers 404 for a pending listing the caller may not see, like reading it", async () => {
    const { id: pending } = await createListing(DESTINATION, "Pending Shores", "owner");
    const res = await message(DESTINATION, pending)("visitor");
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
    expect((await call(DESTINATION, "GET", `/${pending}`, "visitor")).statusCode).toBe(404);
    // Its owner may read it, but is its own people.
    expect((await message(DESTINATION, pending)("owner")).statusCode).toBe(400);
  });

  it("gives the same caller the same conversation, named after the listing, and others their own", async () => {
    const first = await opened(FACILITY, facility, "visitor");
    expect(await opened(FACILITY, facility, "visitor")).toBe(first);
    const other = await opened(FACILITY, facility, "outsider");
    expect(other).not.toBe(first);
    const group = (await users("GET", `/groups/${first}`, "visitor")).json().data;
    expect(group).toMatchObject({ kind: "group", name: "Riverside Fieldhouse" });
  });

  it("has the owners and the managers who show themselves as members, who see it once written to", async () => {
    const group = await opened(FACILITY, facility, "visitor");
    const members = (await users("GET", `/groups/${group}/members?take=100`, "visitor")).json()
      .data as { user: { id: string } }[];
    expect(members.map((m) => m.user.id).sort()).toEqual(
      [ids.visitor, ids.owner, ids.manager].sort(),
    );

    const posted = await users("POST", `/groups/${group}/messages`, "visitor", {
      data: { body: "Do you have courts free in June?" },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    for (const who of ["owner", "manager"] as const) {
      const thread = (await threadsOf(who)).find((th) => th.groupId === group);
      expect(thread?.group.name, who).toBe("Riverside Fieldhouse");
      expect((await users("GET", `/groups/${group}/messages`, who)).statusCode).toBe(200);
    }
  });

  it("is not read by a plain outsider, nor by the listing's people outside it", async () => {
    const group = await opened(FACILITY, facility, "visitor");
    await expectCallers(
      ["anonymous", "outsider", "member", "hidden", "visitor", "owner", "manager"],
      ["visitor", "owner", "manager"],
      (who) => users("GET", `/groups/${group}/messages`, who),
    );
  });

  it("brings a caller who left back into the same conversation", async () => {
    const group = await opened(FACILITY, facility, "outsider");
    const members = (await users("GET", `/groups/${group}/members?take=100`, "outsider")).json()
      .data as { id: string; user: { id: string } }[];
    const mine = members.find((m) => m.user.id === ids.outsider)!;
    // The opener runs it: hand that over before leaving.
    const owner = members.find((m) => m.user.id === ids.owner)!;
    const promote = await t.app.inject({
      method: "PATCH",
      url: `/user-mgmt/api/groups/${group}/members/${owner.id}?${V}`,
      headers: { authorization: `Bearer ${tokens.outsider.access_token}` },
      payload: [{ op: "replace", path: "/role", value: "admin" }],
    });
    expect(promote.statusCode, promote.body).toBe(200);
    const left = await t.app.inject({
      method: "DELETE",
      url: `/user-mgmt/api/groups/${group}/members/${mine.id}?${V}`,
      headers: { authorization: `Bearer ${tokens.outsider.access_token}` },
    });
    expect(left.statusCode, left.body).toBe(200);
    expect((await users("GET", `/groups/${group}`, "outsider")).statusCode).toBe(404);

    expect(await opened(FACILITY, facility, "outsider")).toBe(group);
    expect((await users("GET", `/groups/${group}`, "outsider")).statusCode).toBe(200);
  });

  it("answers 409 when the listing has nobody to answer", async () => {
    const shy = await approved(DESTINATION, "Quiet Cove", "hidden");
    const res = await message(DESTINATION, shy)("visitor");
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe("CONFLICT");
  });

  it.each(KIND_DESCRIPTORS.map((d) => [d.kind, d] as const))(
    "is offered by every kind: %s",
    async (_kind, d) => {
      const id = await approved(d, `Messaged ${d.label}`, "owner");
      const group = await opened(d, id, "visitor");
      expect((await users("GET", `/groups/${group}`, "owner")).json().data.name).toBe(
        `Messaged ${d.label}`,
      );
    },
  );
});
