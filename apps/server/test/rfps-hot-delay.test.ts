// The hot-lead delay, told (issue 44): while a hot request's head start holds it back from a
// Bronze listing, the RFP marketplace tells that listing's staff how many requests are on their way
// and when the next arrives, and nothing of what they ask; the request lists once it arrives. A
// listing the request does not reach, a hot-lead tier and an admin are told nothing.
import { describe, expect, it } from "vitest";
import {
  courtsRequest,
  createEvent,
  createListed,
  HOUR,
  indoorCourts,
  publishRequest,
  rfpSuite,
  type TApi,
  type TLeadDto,
} from "./rfps-fixture";

const PEOPLE = ["organizer", "silver", "bronze", "faraway", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];

const qualifying = { sports: ["Basketball"], spaces: [indoorCourts(4)] };

const { clock, api, ev, ok } = rfpSuite(PEOPLE, async (api: TApi) => {
  await createListed(api, "facility", "silver", {
    name: "Indy Fieldhouse",
    at: "indianapolis",
    tier: "Silver",
    ...qualifying,
  });
  await createListed(api, "facility", "bronze", {
    name: "Fishers Box",
    at: "fishers",
    tier: "Bronze",
    ...qualifying,
  });
  // Bronze too, and qualifying on its data, but 100 miles off: no lead of a request near Indy.
  await createListed(api, "facility", "faraway", {
    name: "Louisville Arena",
    at: "louisville",
    tier: "Bronze",
    ...qualifying,
  });
});

type TMarketplaceReply = {
  data: { id: string; event: { name: string } }[];
  _meta: {
    stats: { count: number };
    heldBack: { requests: number; listings: number; nextVisibleFrom: string } | null;
  };
};

/** The marketplace as `who` sees it: the whole reply, and its raw text. */
async function marketplace(who: TPerson, filter: object = {}) {
  const res = await ev("POST", "/events/search/rfps?take=100", who, { data: filter });
  expect(res.statusCode, res.body).toBe(200);
  return { reply: res.json() as TMarketplaceReply, text: res.body };
}

const names = (reply: TMarketplaceReply) => reply.data.map((r) => r.event.name);

/** When the Bronze facility's lead of the event appears, as the organizer reads it. */
async function bronzeVisibleFrom(eventId: string) {
  const leads = await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads?take=100`, "organizer"));
  const lead = leads.find((l) => l.owner.name === "Fishers Box");
  expect(lead).toBeDefined();
  return lead!.visibleFrom;
}

const DESCRIPTION = "Secret finals: four courts, quietly";

describe("a hot request held back from a Bronze listing, in the RFP marketplace", () => {
  let first: { eventId: string; requirementId: string; visibleFrom: string };
  let secondVisibleFrom: string;

  it("tells nothing while no request is on its way", async () => {
    const { reply } = await marketplace("bronze");
    expect(reply._meta.heldBack).toBeNull();
    expect(reply.data).toEqual([]);
  });

  it("tells the Bronze listing's staff how many requests are on their way and when, not what they ask", async () => {
    const eventId = await createEvent(api, "organizer", "Midnight Madness Cup");
    const requirementId = await publishRequest(
      api,
      "organizer",
      eventId,
      courtsRequest({ urgency: 0, spaceDescription: DESCRIPTION }),
    );
    const visibleFrom = await bronzeVisibleFrom(eventId);
    first = { eventId, requirementId, visibleFrom };

    const { reply, text } = await marketplace("bronze");
    expect(reply._meta.heldBack).toEqual({
      requests: 1,
      listings: 1,
      nextVisibleFrom: visibleFrom,
    });
    expect(reply._meta.stats.count).toBe(0);
    expect(reply.data).toEqual([]);
    // Nothing of the request before it arrives: not its event, its words, or its ids.
    for (const secret of ["Midnight Madness Cup", DESCRIPTION, eventId, requirementId]) {
      expect(text).not.toContain(secret);
    }
    // A day after it went out.
    expect(Date.parse(visibleFrom) - clock.now().getTime()).toBeGreaterThan(23 * HOUR);
  });

  it("counts them whatever the filter, so a search cannot probe what they ask for", async () => {
    const held = (await marketplace("bronze")).reply._meta;
    for (const filter of [
      { text: "Midnight" },
      { text: "nothing like it" },
      { sports: ["Soccer"] },
      { urgency: [2] },
    ]) {
      const { reply, text } = await marketplace("bronze", filter);
      expect({ filter, heldBack: reply._meta.heldBack }).toEqual({
        filter,
        heldBack: held.heldBack,
      });
      expect(text).not.toContain("Midnight Madness Cup");
    }
  });

  it("counts a second request and still names the next arrival", async () => {
    clock.advance(2 * HOUR);
    const eventId = await createEvent(api, "organizer", "Dawn Patrol Classic");
    await publishRequest(api, "organizer", eventId, courtsRequest({ urgency: 1 }));
    secondVisibleFrom = await bronzeVisibleFrom(eventId);
    expect(Date.parse(secondVisibleFrom)).toBeGreaterThan(Date.parse(first.visibleFrom));
    const { reply } = await marketplace("bronze");
    expect(reply._meta.heldBack).toEqual({
      requests: 2,
      listings: 1,
      nextVisibleFrom: first.visibleFrom,
    });
  });

  it("tells nothing to a listing the requests do not reach, a hot-lead tier, or an admin", async () => {
    const faraway = await marketplace("faraway");
    expect(faraway.reply._meta.heldBack).toBeNull();
    expect(names(faraway.reply)).toEqual([]);
    // The Silver listing sees the requests themselves at once.
    const silver = await marketplace("silver");
    expect(silver.reply._meta.heldBack).toBeNull();
    expect(names(silver.reply)).toEqual(["Dawn Patrol Classic", "Midnight Madness Cup"]);
    expect((await marketplace("admin")).reply._meta.heldBack).toBeNull();
  });

  it("lists the request once its head start is over, and the count goes with it", async () => {
    // The first request's head start ends; the second's (two hours later) not yet.
    clock.advance(Date.parse(first.visibleFrom) - clock.now().getTime());
    const midway = (await marketplace("bronze")).reply;
    expect(names(midway)).toEqual(["Midnight Madness Cup"]);
    expect(midway._meta.heldBack).toEqual({
      requests: 1,
      listings: 1,
      nextVisibleFrom: secondVisibleFrom,
    });

    clock.advance(3 * HOUR);
    const after = (await marketplace("bronze")).reply;
    expect(after._meta.heldBack).toBeNull();
    expect(names(after)).toEqual(["Dawn Patrol Classic", "Midnight Madness Cup"]);
    expect(after.data.find((r) => r.id === first.requirementId)).toBeDefined();
  });
});
