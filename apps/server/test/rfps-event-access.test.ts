// Who reads a pending event through its leads. The request wizard's events stay pending until an
// admin approves them, yet their requests go out: the rule restated here is the issue's, "an event
// with a published request is visible to everyone who received one of its leads": the managers of
// every listing that holds one of its leads (a facility's destinations' managers included) read its
// page, and nothing more; everyone else still gets the 404 a pending listing answers.
import { describe, expect, it } from "vitest";
import { expectCallers } from "./access-matrix";
import {
  addMember,
  courtsRequest,
  createEvent,
  createListed,
  draftRequest,
  HOUR,
  indoorCourts,
  listUnder,
  publishRequest,
  rfpSuite,
  sendToFacilities,
} from "./rfps-fixture";

const PEOPLE = [
  "organizer",
  "stranger",
  "recipientMember",
  "recipientManager",
  "destinationManager",
  "otherManager",
  "lateManager",
  "admin",
] as const;
const CALLERS = ["anonymous", ...PEOPLE] as const;
type TCaller = (typeof CALLERS)[number];

const world = {} as { facility: string; bronze: string };
const { api, clock, ev, ok } = rfpSuite(PEOPLE, async () => {
  const courts = { at: "indianapolis" as const, sports: ["Basketball"], spaces: [indoorCourts(4)] };
  world.facility = await createListed(api, "facility", "recipientManager", {
    name: "Lead Courts",
    tier: "Gold",
    ...courts,
  });
  const destination = await createListed(api, "destination", "destinationManager", {
    name: "Lead Destination",
    at: "louisville",
    tier: null,
  });
  await listUnder(api, world.facility, destination);
  await addMember(api, "facility", world.facility, "recipientMember", "member");
  // A listing that gets no lead of the events below, and one that gets a hot request a day late.
  await createListed(api, "facility", "otherManager", {
    name: "Elsewhere Rinks",
    at: "louisville",
    tier: "Gold",
    sports: ["Ice Hockey"],
  });
  world.bronze = await createListed(api, "facility", "lateManager", {
    name: "Late Box",
    tier: "Bronze",
    ...courts,
  });
});

const readEvent = (eventId: string) => (who: TCaller) => ev("GET", `/events/${eventId}`, who);

/** A pending event with a drafted request, as the wizard leaves it before sending. */
async function wizardEvent(name: string) {
  const event = await createEvent(api, "organizer", name);
  return { event, draft: await draftRequest(api, "organizer", event) };
}

describe("a pending event whose request went out", () => {
  it("is read by the managers of the listings its leads went to, and by no one else", async () => {
    const { event, draft } = await wizardEvent("Wizard Classic");
    await sendToFacilities(api, "organizer", event, draft, [world.facility]);
    await expectCallers(
      CALLERS,
      ["organizer", "recipientManager", "destinationManager", "admin"],
      readEvent(event),
      { anonymousRefused: "refused" },
    );
    // Its partners (its venue, once awarded) by the same rule as its page.
    await expectCallers(
      CALLERS,
      ["organizer", "recipientManager", "destinationManager", "admin"],
      (who: TCaller) => ev("GET", `/events/${event}/partners`, who),
      { anonymousRefused: "refused" },
    );
  });

  it("is hidden from the same managers while no lead of it has reached them", async () => {
    const { event, draft } = await wizardEvent("Wizard Draft Only");
    await expectCallers(CALLERS, ["organizer", "admin"], readEvent(event), {
      anonymousRefused: "refused",
    });
    // The very answer a stranger gets: nothing says the event exists.
    const hidden = await ev("GET", `/events/${event}`, "recipientManager");
    const stranger = await ev("GET", `/events/${event}`, "stranger");
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(stranger.json());

    await sendToFacilities(api, "organizer", event, draft, [world.facility]);
    expect((await ev("GET", `/events/${event}`, "recipientManager")).statusCode).toBe(200);
  });

  it("is read-only for them: its public page, not its private parts, and no edits", async () => {
    const { event, draft } = await wizardEvent("Wizard Read Only");
    await sendToFacilities(api, "organizer", event, draft, [world.facility]);

    const page = await ok<{ id: string; name: string; status: string }>(
      ev("GET", `/events/${event}`, "recipientManager"),
    );
    expect(page).toMatchObject({ id: event, name: "Wizard Read Only", status: "pending" });
    expect(await ok(ev("GET", `/events/${event}/my/entitlements`, "recipientManager"))).toEqual([
      "profile.read",
    ]);
    const edit = await ev("PATCH", `/events/${event}`, "recipientManager", [
      { op: "replace", path: "/name", value: "Taken Over" },
    ]);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.code).toBe("FORBIDDEN");
    expect((await ev("GET", `/events/${event}/requirements`, "recipientManager")).statusCode).toBe(
      403,
    );
    expect((await ev("GET", `/events/${event}/managers`, "recipientManager")).statusCode).toBe(403);
  });

  it("opens to a hot request's late recipients only when their lead appears", async () => {
    const event = await createEvent(api, "organizer", "Wizard Urgent");
    await publishRequest(api, "organizer", event, courtsRequest({ urgency: 0 }));
    expect((await ev("GET", `/events/${event}`, "recipientManager")).statusCode).toBe(200);
    expect((await ev("GET", `/events/${event}`, "lateManager")).statusCode).toBe(404);

    clock.advance(25 * HOUR);
    expect((await ev("GET", `/events/${event}`, "lateManager")).statusCode).toBe(200);
    expect((await ev("GET", `/events/${event}`, "otherManager")).statusCode).toBe(404);
  });
});
