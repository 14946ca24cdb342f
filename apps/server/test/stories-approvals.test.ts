// Stories over http (issue 50): the admins' queue of new stories waiting for approval (what the
// Approvals tab lists), and the listings a caller may write a story about (what the editor offers),
// each with who may call it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectCallers, ok } from "./access-matrix";
import { buildTestApp, KIND_DESCRIPTORS, type TTestApp, V } from "./helper";
import { signInPeople, type TTokens } from "./oidc-driver";
import { profileClient, type TMethod } from "./profile-client";

const PEOPLE = ["destmgr", "facmgr", "nobody", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];
type TWho = TPerson | "anonymous";
const CALLERS: readonly TWho[] = [...PEOPLE, "anonymous"];
const kind = (k: string) => KIND_DESCRIPTORS.find((d) => d.kind === k)!;

let t: TTestApp;
let tokens: Record<TPerson, TTokens>;
const { call, createListing } = profileClient(
  () => t.app,
  () => tokens,
);

const auth = (who: TWho): Record<string, string> =>
  who === "anonymous" ? {} : { authorization: `Bearer ${tokens[who].access_token}` };

function api(method: TMethod, route: string, who: TWho, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/story-mgmt/api${route}?${V}`,
    headers: auth(who),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const L = { destination: "", pendingDestination: "", hotel: "", facility: "" };

async function listing(k: string, name: string, who: TPerson, approve: boolean) {
  const { id } = await createListing(kind(k), name, who);
  if (approve) await ok(await call(kind(k), "PUT", `/${id}/approve`, "admin"));
  return id;
}

async function draft(title: string): Promise<string> {
  const body = await ok(
    await api("POST", "/stories", "destmgr", { data: { title, listingIds: [L.destination] } }),
    201,
  );
  return body.data.id;
}

beforeAll(async () => {
  t = await buildTestApp({
    env: { ADMIN_EMAILS: "admin@example.com", RATE_LIMIT_MAX: "1000000" },
  });
  tokens = await signInPeople(t.app, t.app.db, PEOPLE, "correct horse 42");
  L.destination = await listing("destination", "Visit Indy", "destmgr", true);
  L.pendingDestination = await listing("destination", "Quiet Town", "destmgr", false);
  L.hotel = await listing("hotel", "Canal Inn", "destmgr", true);
  L.facility = await listing("facility", "Hardwood Hall", "facmgr", true);
}, 180_000);
afterAll(() => t?.close());

describe("GET /stories/pending: new stories waiting for an admin", () => {
  it("lists the stories sent for approval, the longest waiting first; not drafts, not published ones", async () => {
    const first = await draft("Sent first");
    const second = await draft("Sent second");
    const kept = await draft("Still a draft");
    const published = await draft("Already published");
    await ok(await api("POST", `/stories/${first}/submit`, "destmgr"));
    await ok(await api("POST", `/stories/${second}/submit`, "destmgr"));
    await ok(await api("POST", `/stories/${published}/submit`, "destmgr"));
    await ok(await api("PUT", `/stories/${published}/approve`, "admin"));

    const queue = await ok(await api("GET", "/stories/pending", "admin"));
    const ids = queue.data.map((s: { id: string }) => s.id);
    expect(ids).toEqual([first, second]);
    expect(ids).not.toContain(kept);
    expect(queue.data[0]).toMatchObject({
      title: "Sent first",
      status: "pending",
      author: { name: expect.any(String) },
    });

    // Approved from the queue, it leaves it.
    await ok(await api("PUT", `/stories/${first}/approve`, "admin"));
    const after = await ok(await api("GET", "/stories/pending", "admin"));
    expect(after.data.map((s: { id: string }) => s.id)).toEqual([second]);
  });

  it("only admins read it: its author and other members are refused (403), visitors 401", async () => {
    await expectCallers(CALLERS, ["admin"], (who) => api("GET", "/stories/pending", who));
    const author = await api("GET", "/stories/pending", "destmgr");
    expect(author.statusCode).toBe(403);
  });
});

describe("GET /stories/listings: what a caller may write a story about", () => {
  const names = (body: { data: { name: string }[] }) => body.data.map((l) => l.name);

  it("gives a manager their destinations, facilities and organizations, pending ones too; not hotels, not others'", async () => {
    const mine = await ok(await api("GET", "/stories/listings", "destmgr"));
    expect(names(mine)).toEqual(["Quiet Town", "Visit Indy"]);
    expect(mine.data.map((l: { kind: string }) => l.kind)).toEqual(["destination", "destination"]);
    expect(names(await ok(await api("GET", "/stories/listings", "facmgr")))).toEqual([
      "Hardwood Hall",
    ]);
    expect(names(await ok(await api("GET", "/stories/listings", "nobody")))).toEqual([]);
  });

  it("what it gives is accepted as a new story's listings", async () => {
    const mine = await ok(await api("GET", "/stories/listings", "destmgr"));
    const created = await ok(
      await api("POST", "/stories", "destmgr", {
        data: {
          title: "About all of ours",
          listingIds: mine.data.map((l: { id: string }) => l.id),
        },
      }),
      201,
    );
    expect(names({ data: created.data.listings })).toEqual(["Quiet Town", "Visit Indy"]);
  });

  it("any signed-in member may ask; visitors get 401", async () => {
    await expectCallers(CALLERS, PEOPLE, (who) => api("GET", "/stories/listings", who));
  });
});
