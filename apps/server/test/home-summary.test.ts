// The home summary (GET /user-mgmt/api/users/my/home): a venue's people see its new leads and the
// leads waiting for their answer (the soonest event first), and its owners and managers a
// checklist per listing; an organizer sees their open requests with proposal counts and the newest
// proposals; someone with neither sees neither; a visitor gets 401. The statements do not grow
// with the number of listings.

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TKindDescriptor } from "../src/profiles/descriptor";
import { KIND_DESCRIPTORS, type TTestApp } from "./helper";
import type { TTokens } from "./oidc-driver";
import { profileClient } from "./profile-client";
import {
  addMember,
  buildRfpApp,
  createListed,
  draftRequest,
  fakeClock,
  HOUR,
  indoorCourts,
  move,
  proposal,
  rfpApi,
  signIn,
} from "./rfps-fixture";
import { png } from "./upload-fixtures";

const PEOPLE = ["organizer", "alice", "bob", "member", "stranger", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];
const DAY = 24 * HOUR;

const clock = fakeClock();
let t: TTestApp;
let tokens: Record<string, TTokens> = {};
const api = rfpApi(
  () => t.app,
  () => tokens,
);
const { ev, ok } = api;
const client = profileClient<TPerson>(
  () => t.app,
  () => tokens as Record<TPerson, TTokens>,
);
const facility = KIND_DESCRIPTORS.find((d) => d.kind === "facility") as TKindDescriptor;
const ids = {} as Record<string, string>;

type TLead = { id: string; event: { name: string }; owner: { name: string }; status: string };
type TSummary = {
  roles: string[];
  manager: {
    newLeads: { count: number; since: string; leads: TLead[] };
    waitingLeads: { count: number; leads: TLead[] };
    completeness: {
      listingCount: number;
      incompleteCount: number;
      listings: {
        profile: { id: string; name: string };
        items: { item: string; done: boolean; href: string }[];
        done: number;
        total: number;
      }[];
    };
  } | null;
  organizer: {
    openRequests: {
      count: number;
      requests: { event: { name: string }; request: { id: string }; proposalCount: number }[];
    };
    newestProposals: TLead[];
  } | null;
};

const summaryOf = (who: TPerson) =>
  ok<TSummary>(api.call("user-mgmt", "GET", "/users/my/home", who));
const names = (leads: TLead[]) => leads.map((l) => `${l.event.name} @ ${l.owner.name}`);

/** An event of the organizer's on these dates with a draft request sent straight to the facilities. */
async function sendAnEvent(name: string, startDate: string, facilityIds: string[]) {
  const event = await ok<{ id: string }>(
    ev("POST", "/events", "organizer", {
      data: { name, type: "Tournament", startDate, endDate: startDate },
    }),
    201,
  );
  const requirementId = await draftRequest(api, "organizer", event.id);
  const sent = await ok<{ created: { id: string }[] }>(
    ev("POST", `/events/${event.id}/leads/bulk`, "organizer", {
      data: {
        requirementId,
        targets: facilityIds.map((ownerId) => ({ ownerType: "Facility", ownerId })),
      },
    }),
  );
  return { eventId: event.id, requirementId, leadIds: sent.created.map((l) => l.id) };
}

beforeAll(async () => {
  t = await buildRfpApp(clock);
  tokens = await signIn(t.app, PEOPLE);
  const courts = { tier: "Silver", sports: ["Basketball"], spaces: [indoorCourts(4)] };
  ids.indy = await createListed(api, "facility", "alice", {
    name: "Indy Fieldhouse",
    at: "indianapolis",
    ...courts,
    // Shorter than a written description (HOME_DESCRIPTION_MIN_LENGTH, 80 characters).
    details: { description: "A fieldhouse with four hardwood courts." },
  });
  ids.bare = await createListed(api, "facility", "alice", { name: "Bare Gym", at: "indianapolis" });
  ids.carmel = await createListed(api, "facility", "bob", {
    name: "Carmel Courts",
    at: "carmel",
    ...courts,
  });
  await addMember(api, "facility", ids.indy, "member", "member");
  await ok(
    api.call("facility-mgmt", "POST", `/facilities/${ids.indy}/amenities`, "alice", {
      data: { name: "Parking" },
    }),
    201,
  );
  const photo = await client.upload(
    facility,
    `/${ids.indy}/images`,
    "alice",
    await png(64, 64),
    "a.png",
  );
  expect(photo.statusCode, photo.body).toBe(201);

  // Early leads, then eight days later one more: only that one is new.
  const later = await sendAnEvent("Later Cup", "2030-09-01", [ids.indy, ids.carmel]);
  const soon = await sendAnEvent("Soon Cup", "2030-03-01", [ids.bare]);
  const answered = await sendAnEvent("Answered Cup", "2030-01-15", [ids.indy]);
  ids.laterRequest = later.requirementId;
  ids.answeredRequest = answered.requirementId;
  ids.soonLead = soon.leadIds[0]!;
  await ok(
    ev(
      "PATCH",
      `/events/${answered.eventId}/leads/${answered.leadIds[0]}`,
      "alice",
      move("Interested", { proposal: proposal(["2030-01-15"]) }),
    ),
  );
  clock.advance(8 * DAY);
  await sendAnEvent("Fresh Cup", "2030-05-01", [ids.indy]);
}, 240_000);
afterAll(() => t?.close());

describe("GET /users/my/home", () => {
  it("refuses visitors (401)", async () => {
    const res = await api.call("user-mgmt", "GET", "/users/my/home", "anonymous");
    expect(res.statusCode).toBe(401);
  });

  it("shows a stranger neither part", async () => {
    expect(await summaryOf("stranger")).toEqual({
      roles: [],
      listings: [],
      manager: null,
      organizer: null,
      eventBlocks: { count: 0, blocks: [] },
      hotel: null,
      businesses: null,
    });
  });

  it("shows a venue's manager the leads of the last week and the open ones, the soonest event first", async () => {
    const before = clock.now().getTime();
    const { roles, manager, organizer } = await summaryOf("alice");
    expect(roles).toEqual(["venue"]);
    const after = clock.now().getTime();
    expect(organizer).toBeNull();
    expect(manager?.newLeads.count).toBe(1);
    expect(names(manager!.newLeads.leads)).toEqual(["Fresh Cup @ Indy Fieldhouse"]);
    const since = new Date(manager!.newLeads.since).getTime();
    expect(since).toBeGreaterThanOrEqual(before - 7 * DAY);
    expect(since).toBeLessThanOrEqual(after - 7 * DAY);
    // The answered lead is not waiting; bob's Carmel lead is not alice's.
    expect(manager?.waitingLeads.count).toBe(3);
    expect(names(manager!.waitingLeads.leads)).toEqual([
      "Soon Cup @ Bare Gym",
      "Fresh Cup @ Indy Fieldhouse",
      "Later Cup @ Indy Fieldhouse",
    ]);
  });

  it("lists a manager's listings least complete first, each item with the section that edits it", async () => {
    const { completeness } = (await summaryOf("alice")).manager!;
    expect(completeness.listingCount).toBe(2);
    expect(completeness.incompleteCount).toBe(2);
    const [bare, indy] = completeness.listings;
    expect(bare).toEqual({
      profile: { id: ids.bare, kind: "facility", name: "Bare Gym" },
      items: [
        { item: "photos", done: false, href: `/facilities/${ids.bare}#images` },
        { item: "spaces", done: false, href: `/facilities/${ids.bare}#spaceTypes` },
        { item: "amenities", done: false, href: `/facilities/${ids.bare}#amenities` },
        { item: "description", done: false, href: `/facilities/${ids.bare}#about` },
      ],
      done: 0,
      total: 4,
    });
    expect(indy?.profile.name).toBe("Indy Fieldhouse");
    expect(indy?.items.map((i) => `${i.item} ${i.done}`)).toEqual([
      "photos true",
      "spaces true",
      "amenities true",
      "description false",
    ]);
    expect(completeness.listings).toHaveLength(2);
  });

  it("counts an item once it is done, and leaves a complete listing out", async () => {
    await ok(
      api.call("facility-mgmt", "POST", `/facilities/${ids.bare}/amenities`, "alice", {
        data: { name: "Wifi" },
      }),
      201,
    );
    await ok(
      api.call("facility-mgmt", "PATCH", `/facilities/${ids.indy}`, "alice", [
        {
          op: "replace",
          path: "/description",
          value:
            "A fieldhouse with four hardwood courts, seating for 800, a cafe and parking for 300.",
        },
      ]),
    );
    const { completeness } = (await summaryOf("alice")).manager!;
    expect(completeness.listingCount).toBe(2);
    expect(completeness.incompleteCount).toBe(1);
    const [bare] = completeness.listings;
    expect(bare?.items.filter((i) => i.done).map((i) => i.item)).toEqual(["amenities"]);
    expect(bare?.done).toBe(1);
    expect(completeness.listings.map((l) => l.profile.name)).toEqual(["Bare Gym"]);
  });

  it("shows a venue's member its leads but no checklist (members do not edit the listing)", async () => {
    const { manager } = await summaryOf("member");
    expect(names(manager!.waitingLeads.leads)).toEqual([
      "Fresh Cup @ Indy Fieldhouse",
      "Later Cup @ Indy Fieldhouse",
    ]);
    expect(manager?.completeness).toEqual({ listingCount: 0, incompleteCount: 0, listings: [] });
  });

  it("shows an organizer their open requests with proposal counts and the newest proposals", async () => {
    const { roles, manager, organizer } = await summaryOf("organizer");
    expect(roles).toEqual(["organizer"]);
    expect(manager).toBeNull();
    expect(organizer?.openRequests.count).toBe(4);
    const answered = organizer!.openRequests.requests.find(
      (r) => r.request.id === ids.answeredRequest,
    );
    expect(answered?.event.name).toBe("Answered Cup");
    expect(answered?.proposalCount).toBe(1);
    const later = organizer!.openRequests.requests.find((r) => r.request.id === ids.laterRequest);
    expect(later?.proposalCount).toBe(0);
    expect(names(organizer!.newestProposals)).toEqual(["Answered Cup @ Indy Fieldhouse"]);
    expect(organizer?.newestProposals[0]?.status).toBe("Interested");
  });

  it("brings a proposal on my event to my feed, and to nobody else's", async () => {
    const feedOf = async (who: TPerson) =>
      (
        await ok<{ type: string; profile: { name: string }; context: { name: string } | null }[]>(
          api.call("user-mgmt", "GET", "/users/my/activity?take=100", who),
        )
      ).filter((i) => i.type === "proposed");
    const mine = await feedOf("organizer");
    expect(mine.map((i) => `${i.profile.name} for ${i.context?.name}`)).toEqual([
      "Indy Fieldhouse for Answered Cup",
    ]);
    expect(await feedOf("alice")).toEqual([]);
    expect(await feedOf("stranger")).toEqual([]);
  });

  it("reads the summary in the same number of statements whatever the number of listings", async () => {
    const pool = t.database.pool;
    const statements = async (who: TPerson) => {
      await t.app.events.settled();
      const spy = vi.spyOn(pool, "query");
      try {
        await summaryOf(who);
        // The summary's own statements (the event dispatcher and job workers poll beside it).
        return spy.mock.calls.filter(([query]) =>
          /"(event_leads|event_requirements|profile_members|profiles)"/.test(
            typeof query === "string" ? query : (query as { text: string }).text,
          ),
        ).length;
      } finally {
        spy.mockRestore();
      }
    };
    // bob runs one listing with one lead, alice two with five.
    const one = await statements("bob");
    expect(one).toBeGreaterThan(0);
    expect(await statements("alice")).toBe(one);
  });
});
