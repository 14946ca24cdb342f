// Structured proposals over http: priced lines, concessions, a deposit and an expiry, stored and
// read back whole with the old one-price proposals still reading as before; bad input refused
// with a 400 and its code, nothing stored; an expired proposal cannot be awarded (409); only the
// lead's venue proposes and only the event's organizers award.
import { NO_PROPOSAL_TERMS } from "@hostfield/domain/contracts";
import { addDays, proposalTotals } from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import {
  createEvent,
  createListed,
  draftRequest,
  indoorCourts,
  move,
  moveTo,
  notificationsOf,
  proposal,
  rfpSuite,
  sendToFacilities,
  type TLeadDto,
} from "./rfps-fixture";

const PEOPLE = ["organizer", "alice", "bob", "stranger", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];
const ids = {} as Record<"indy" | "carmel", string>;
const { clock, api, app, ev, ok } = rfpSuite(PEOPLE, async () => {
  const qualifying = { sports: ["Basketball"], spaces: [indoorCourts(4)] };
  ids.indy = await createListed(api, "facility", "alice", {
    name: "Indy Fieldhouse",
    at: "indianapolis",
    tier: "Silver",
    ...qualifying,
  });
  ids.carmel = await createListed(api, "facility", "bob", {
    name: "Carmel Courts",
    at: "carmel",
    tier: "Gold",
    ...qualifying,
  });
});

// createEvent's dates.
const DAYS = ["2030-06-12", "2030-06-13", "2030-06-14"];
const today = () => clock.now().toISOString().slice(0, 10);

/** A fresh event with one request sent to both facilities; its leads by venue. */
async function bids(name: string) {
  const eventId = await createEvent(api, "organizer", name);
  const requestId = await draftRequest(api, "organizer", eventId);
  const [indy, carmel] = await sendToFacilities(api, "organizer", eventId, requestId, [
    ids.indy,
    ids.carmel,
  ]);
  return { eventId, indy: indy!, carmel: carmel! };
}

const lead = (eventId: string, leadId: string, who: TPerson, ops: unknown) =>
  ev("PATCH", `/events/${eventId}/leads/${leadId}`, who, ops);

const structured = (over: Record<string, unknown> = {}) => ({
  message: "Four courts and a warm-up gym.",
  dates: DAYS,
  price: null,
  priceUnit: null,
  currency: "USD",
  lines: [
    {
      kind: "space",
      description: "Hardwood court",
      dates: [],
      quantity: 4,
      unit: "Per Day",
      unitPrice: 450,
    },
    {
      kind: "service",
      description: "Scorekeepers",
      dates: ["2030-06-13"],
      quantity: 6,
      unit: "Per Person",
      unitPrice: 120,
    },
  ],
  concessions: ["Free parking", "Concessions revenue split 70/30"],
  deposit: { percent: 25, dueDate: addDays(today(), 30), refundableUntil: addDays(today(), 20) },
  expiresOn: addDays(today(), 14),
  // A proposal reads back with its attachments, none here (rfps-attachments.test.ts has some).
  attachments: [],
  ...over,
});

describe("a structured proposal", () => {
  it("is stored and read back whole, totals by the domain's rule; an old one-price proposal still reads", async () => {
    const { eventId, indy, carmel } = await bids("Structured Cup");
    const sent = structured();
    const answered = await ok<TLeadDto>(
      lead(eventId, indy, "alice", move("Interested", { proposal: sent })),
    );
    const { submittedDate: _at, ...stored } = answered.proposal as Record<string, unknown>;
    expect(stored).toEqual(sent);
    expect(proposalTotals(answered.proposal as never, DAYS).total).toBe(4 * 450 * 3 + 6 * 120);
    // A proposal as the first ones were: no lines, no terms.
    const old = await ok<TLeadDto>(
      lead(eventId, carmel, "bob", move("Interested", { proposal: proposal(DAYS.slice(0, 2)) })),
    );
    expect(old.proposal).toMatchObject({ price: 4800, priceUnit: "Total", ...NO_PROPOSAL_TERMS });
  });

  it("refuses bad input with a 400 and its code, and stores nothing", async () => {
    const { eventId, indy } = await bids("Bad Input Cup");
    const line = structured().lines[0]!;
    const cases: [string, Record<string, unknown>, string][] = [
      ["a negative quantity", { lines: [{ ...line, quantity: -2 }] }, "VALIDATION_FAILED"],
      [
        "a line's date outside the event",
        { lines: [{ ...line, dates: ["2030-07-01"] }] },
        "DATES_OUTSIDE_EVENT",
      ],
      ["an expiry in the past", { expiresOn: addDays(today(), -1) }, "PROPOSAL_EXPIRY_PAST"],
      [
        "a deposit due in the past",
        { deposit: { percent: 10, dueDate: addDays(today(), -3) } },
        "DEPOSIT_DUE_PAST",
      ],
      [
        "a deposit refundable until a day past",
        {
          deposit: {
            percent: 10,
            dueDate: addDays(today(), 3),
            refundableUntil: addDays(today(), -1),
          },
        },
        "DEPOSIT_REFUNDABLE_PAST",
      ],
      ["1,000 lines", { lines: Array.from({ length: 1000 }, () => line) }, "VALIDATION_FAILED"],
      [
        "a total over the limit",
        { lines: [{ ...line, quantity: 100_000, unitPrice: 10_000_000 }] },
        "PROPOSAL_TOTAL_TOO_HIGH",
      ],
      ["a deposit over 100%", { deposit: { percent: 120, dueDate: today() } }, "VALIDATION_FAILED"],
    ];
    for (const [what, over, code] of cases) {
      const reply = await lead(
        eventId,
        indy,
        "alice",
        move("Interested", { proposal: structured(over) }),
      );
      expect([what, reply.statusCode, reply.json().error?.code]).toEqual([what, 400, code]);
    }
    const unchanged = await ok<TLeadDto>(ev("GET", `/events/${eventId}/leads/${indy}`, "alice"));
    expect([unchanged.status, unchanged.proposal]).toEqual(["Open", null]);
  });

  it("lets only the lead's venue propose, and only the organizers award", async () => {
    const { eventId, indy } = await bids("Who Proposes Cup");
    for (const who of ["bob", "stranger", "organizer"] as const) {
      const reply = await lead(eventId, indy, who, move("Interested", { proposal: structured() }));
      expect([who, reply.statusCode]).toEqual([who, who === "organizer" ? 403 : 404]);
    }
    await ok(lead(eventId, indy, "alice", move("Interested", { proposal: structured() })));
    for (const who of ["alice", "bob", "stranger"] as const) {
      const reply = await lead(eventId, indy, who, moveTo("Won"));
      expect([who, reply.statusCode]).toEqual([who, who === "alice" ? 403 : 404]);
    }
    await ok(lead(eventId, indy, "organizer", moveTo("Won")));
  });

  it("cannot be awarded once expired (409), and nothing moves", async () => {
    const { eventId, indy, carmel } = await bids("Expiring Cup");
    await ok(
      lead(
        eventId,
        indy,
        "alice",
        move("Interested", { proposal: structured({ expiresOn: addDays(today(), 2) }) }),
      ),
    );
    await ok(lead(eventId, carmel, "bob", moveTo("Interested")));
    clock.advance(3 * 24 * 60 * 60 * 1000);
    const late = await lead(eventId, indy, "organizer", moveTo("Won"));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe("PROPOSAL_EXPIRED");
    const statuses = (await ok<TLeadDto[]>(ev("GET", `/events/${eventId}/leads`, "organizer")))
      .map((l) => l.status)
      .sort();
    expect(statuses).toEqual(["Interested", "Interested"]);
    // The venue renews it: a revised proposal with a later expiry can be awarded.
    await ok(
      lead(eventId, indy, "alice", [
        {
          op: "replace",
          path: "/proposal",
          value: structured({ expiresOn: addDays(today(), 7) }),
        },
      ]),
    );
    await ok(lead(eventId, indy, "organizer", moveTo("Won")));
  });
});

describe("counter and revise", () => {
  it("the organizer asks for a revision, the venue sends version 2, and the award accepts the version read", async () => {
    const { eventId, indy } = await bids("Revision Cup");
    await ok(lead(eventId, indy, "alice", move("Interested", { proposal: structured() })));
    const asked = await ok<TLeadDto & { revisionRequest: unknown; proposalVersion: number }>(
      ev("POST", `/events/${eventId}/leads/${indy}/revision-request`, "organizer", {
        data: { message: "Can you do three courts for less?", changes: ["price", "spaces"] },
      }),
    );
    expect(asked.proposalVersion).toBe(1);
    expect(asked.revisionRequest).toMatchObject({
      message: "Can you do three courts for less?",
      changes: ["price", "spaces"],
    });
    const told = (await notificationsOf(api, app(), "alice")).find(
      (n) => n.title === "Revision Cup asks you to revise your proposal",
    );
    expect(told?.contents).toBe("Can you do three courts for less?");
    // The venue sends its new version: the request is answered.
    const cheaper = structured({
      lines: [{ ...structured().lines[0]!, quantity: 3, unitPrice: 400 }],
    });
    const revised = await ok<TLeadDto & { revisionRequest: unknown; proposalVersion: number }>(
      lead(eventId, indy, "alice", [{ op: "replace", path: "/proposal", value: cheaper }]),
    );
    expect([revised.proposalVersion, revised.revisionRequest]).toEqual([2, null]);
    const versions = await ok<{ version: number; proposal: { lines: unknown[] } }[]>(
      ev("GET", `/events/${eventId}/leads/${indy}/proposals`, "organizer"),
    );
    expect(versions.map((v) => [v.version, v.proposal.lines])).toEqual([
      [1, structured().lines],
      [2, cheaper.lines],
    ]);
    // Awarding the version read before the revision: it is not the offer any more.
    const stale = await lead(eventId, indy, "organizer", [
      { op: "replace", path: "/status", value: "Won" },
      { op: "replace", path: "/version", value: 1 },
    ]);
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, "PROPOSAL_SUPERSEDED"]);
    const won = await ok<TLeadDto & { acceptedVersion: number }>(
      lead(eventId, indy, "organizer", [
        { op: "replace", path: "/status", value: "Won" },
        { op: "replace", path: "/version", value: 2 },
      ]),
    );
    expect([won.status, won.acceptedVersion]).toEqual(["Won", 2]);
    const venueSees = await ok<{ acceptedVersion: number; proposal: { lines: unknown[] } }>(
      ev("GET", `/events/${eventId}/leads/${indy}`, "alice"),
    );
    expect([venueSees.acceptedVersion, venueSees.proposal.lines]).toEqual([2, cheaper.lines]);
  });

  it("makes no version of a PATCH that leaves the proposal as it was (its stored keys come back in another order)", async () => {
    const { eventId, indy } = await bids("Unchanged Cup");
    await ok(lead(eventId, indy, "alice", move("Interested", { proposal: structured() })));
    const stored = await ok<{ proposal: Record<string, unknown> }>(
      ev("GET", `/events/${eventId}/leads/${indy}`, "alice"),
    );
    // An empty patch, and the proposal replaced by itself (without its submission date).
    const { submittedDate: _at, ...same } = stored.proposal;
    for (const ops of [[], [{ op: "replace", path: "/proposal", value: same }]]) {
      const res = await ok<{ proposalVersion: number }>(lead(eventId, indy, "alice", ops));
      expect(res.proposalVersion).toBe(1);
    }
    // A reason alone goes with no change of status; it is refused, not taken as a revision.
    const reasonOnly = await lead(eventId, indy, "alice", [
      { op: "replace", path: "/reason", value: "Just saying" },
    ]);
    expect([reasonOnly.statusCode, reasonOnly.json().error.code]).toEqual([
      400,
      "VALIDATION_FAILED",
    ]);
    const versions = await ok<unknown[]>(
      ev("GET", `/events/${eventId}/leads/${indy}/proposals`, "organizer"),
    );
    expect(versions).toHaveLength(1);
  });

  it("lets only the organizers ask, and only of a proposal in the running", async () => {
    const { eventId, indy, carmel } = await bids("Who Asks Cup");
    const ask = (leadId: string, who: TPerson | "anonymous") =>
      ev("POST", `/events/${eventId}/leads/${leadId}/revision-request`, who, {
        data: { message: "Lower the price, please.", changes: ["price"] },
      });
    // Open, no proposal yet.
    expect((await ask(indy, "organizer")).json().error.code).toBe("REVISION_NOT_OPEN");
    await ok(lead(eventId, indy, "alice", move("Interested", { proposal: structured() })));
    const refused = await Promise.all(
      (["alice", "bob", "stranger", "anonymous"] as const).map(async (who) => [
        who,
        (await ask(indy, who)).statusCode,
      ]),
    );
    expect(refused).toEqual([
      ["alice", 403],
      ["bob", 404],
      ["stranger", 404],
      ["anonymous", 401],
    ]);
    const bad = await ev("POST", `/events/${eventId}/leads/${indy}/revision-request`, "organizer", {
      data: { message: " ", changes: ["everything"] },
    });
    expect(bad.statusCode).toBe(400);
    await ok(ask(indy, "organizer"));
    // The other venue's lead is its own: nothing was asked of it.
    const other = await ok<{ revisionRequest: unknown }>(
      ev("GET", `/events/${eventId}/leads/${carmel}`, "bob"),
    );
    expect(other.revisionRequest).toBeNull();
  });
});
