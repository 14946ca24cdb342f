// "All my venues" (GET /event-mgmt/api/leads/my/pipeline): the board of every destination and
// facility the caller belongs to, a column per status with the newest leads among all of them, each
// lead naming its venue; and those venues, the one with the newest lead first, those without a lead
// last. Another venue's leads never show; the statements do not grow with the number of venues.
import { LEAD_STATUSES } from "@hostfield/domain/reference";
import { describe, expect, it, vi } from "vitest";
import {
  addMember,
  createEvent,
  createListed,
  draftRequest,
  HOUR,
  indoorCourts,
  moveTo,
  rfpSuite,
  type TLeadDto,
} from "./rfps-fixture";

const PEOPLE = ["organizer", "alice", "bob", "member", "stranger", "admin"] as const;
type TPerson = (typeof PEOPLE)[number];

const ids = {} as Record<string, string>;
const { clock, api, app, ev, ok } = rfpSuite(PEOPLE, async () => {
  const courts = { tier: "Silver", sports: ["Basketball"], spaces: [indoorCourts(4)] };
  ids.indy = await createListed(api, "facility", "alice", {
    name: "Indy Fieldhouse",
    at: "indianapolis",
    ...courts,
  });
  ids.quiet = await createListed(api, "facility", "alice", {
    name: "Quiet Courts",
    at: "indianapolis",
    ...courts,
  });
  ids.visitIndy = await createListed(api, "destination", "alice", {
    name: "Visit Indy",
    at: "indianapolis",
    tier: "Gold",
  });
  ids.carmel = await createListed(api, "facility", "bob", {
    name: "Carmel Courts",
    at: "carmel",
    ...courts,
  });
  await addMember(api, "facility", ids.indy, "member", "member");

  // An hour apart each, so "newest" is plain: early (Indy, Carmel), middle (Visit Indy), late (Indy).
  ids.early = await sendAnEvent("Early Cup", [
    ["Facility", ids.indy],
    ["Facility", ids.carmel],
  ]);
  ids.middle = await sendAnEvent("Middle Cup", [["Destination", ids.visitIndy]]);
  ids.late = await sendAnEvent("Late Cup", [["Facility", ids.indy]]);
  ids.answered = await sendAnEvent("Answered Cup", [["Facility", ids.indy]]);
  const [answered] = (await leadsOf("alice")).filter((l) => l.event.name === "Answered Cup");
  await ok(
    ev("PATCH", `/events/${ids.answered}/leads/${answered!.id}`, "alice", moveTo("Interested")),
  );
});

/** A new event whose request goes straight to these venues, an hour after the last one. */
async function sendAnEvent(name: string, targets: [string, string][]) {
  clock.advance(HOUR);
  const eventId = await createEvent(api, "organizer", name);
  const requirementId = await draftRequest(api, "organizer", eventId);
  await ok(
    ev("POST", `/events/${eventId}/leads/bulk`, "organizer", {
      data: {
        requirementId,
        targets: targets.map(([ownerType, ownerId]) => ({ ownerType, ownerId })),
      },
    }),
  );
  return eventId;
}

type TBoard = {
  columns: { status: string; count: number; leads: TLeadDto[] }[];
  venues: {
    ownerType: string;
    ownerId: string;
    leadCount: number;
    newestLeadDate: string | null;
    canManage: boolean;
  }[];
};

const boardOf = (who: TPerson) => ok<TBoard>(ev("GET", "/leads/my/pipeline", who));

async function leadsOf(who: TPerson) {
  return (await boardOf(who)).columns.flatMap((column) => column.leads);
}

/** Each column as "event @ venue" lines, newest first. */
const columnsOf = (board: TBoard) =>
  Object.fromEntries(
    board.columns.map((column) => [
      column.status,
      { count: column.count, leads: column.leads.map((l) => `${l.event.name} @ ${l.owner.name}`) },
    ]),
  );

const empty = { count: 0, leads: [] };

describe("GET /leads/my/pipeline", () => {
  it("refuses visitors (401)", async () => {
    expect((await ev("GET", "/leads/my/pipeline", "anonymous")).statusCode).toBe(401);
  });

  it("shows the leads of all my venues by status, newest first across venues, each naming its venue", async () => {
    const board = await boardOf("alice");
    expect(board.columns.map((column) => column.status)).toEqual([...LEAD_STATUSES]);
    expect(columnsOf(board)).toEqual({
      Open: {
        count: 3,
        leads: [
          "Late Cup @ Indy Fieldhouse",
          "Middle Cup @ Visit Indy",
          "Early Cup @ Indy Fieldhouse",
        ],
      },
      Interested: { count: 1, leads: ["Answered Cup @ Indy Fieldhouse"] },
      Won: empty,
      Lost: empty,
      Passed: empty,
    });
  });

  it("lists my venues the newest lead first, a venue without a lead last, with what I may do", async () => {
    const { venues } = await boardOf("alice");
    const newestOf = async (name: string) =>
      (await leadsOf("alice")).find((l) => l.event.name === name)! as TLeadDto & {
        createdDate: string;
      };
    expect(venues).toEqual([
      {
        ownerType: "Facility",
        ownerId: ids.indy,
        leadCount: 3,
        newestLeadDate: (await newestOf("Answered Cup")).createdDate,
        canManage: true,
      },
      {
        ownerType: "Destination",
        ownerId: ids.visitIndy,
        leadCount: 1,
        newestLeadDate: (await newestOf("Middle Cup")).createdDate,
        canManage: true,
      },
      {
        ownerType: "Facility",
        ownerId: ids.quiet,
        leadCount: 0,
        newestLeadDate: null,
        canManage: true,
      },
    ]);
  });

  it("shows another manager only their venue's leads, a member their venue's, a stranger nothing", async () => {
    expect(columnsOf(await boardOf("bob"))).toEqual({
      Open: { count: 1, leads: ["Early Cup @ Carmel Courts"] },
      Interested: empty,
      Won: empty,
      Lost: empty,
      Passed: empty,
    });
    const member = await boardOf("member");
    expect(member.venues.map((v) => [v.ownerId, v.canManage])).toEqual([[ids.indy, false]]);
    expect(columnsOf(member).Open).toEqual({
      count: 2,
      leads: ["Late Cup @ Indy Fieldhouse", "Early Cup @ Indy Fieldhouse"],
    });
    for (const who of ["stranger", "organizer", "admin"] as const) {
      const board = await boardOf(who);
      expect(board.venues).toEqual([]);
      expect(board.columns.every((column) => column.count === 0 && column.leads.length === 0)).toBe(
        true,
      );
    }
  });

  it("agrees with each venue's own pipeline", async () => {
    const all = await boardOf("alice");
    const own = await ok<TBoard>(ev("GET", `/destinations/${ids.visitIndy}/pipeline`, "alice"));
    const atVisitIndy = (board: TBoard) =>
      board.columns.map((column) =>
        column.leads.filter((l) => l.owner.ownerId === ids.visitIndy).map((l) => l.id),
      );
    expect(atVisitIndy(all)).toEqual(atVisitIndy(own));
  });

  it("reads the board in the same number of statements whatever the number of venues", async () => {
    const pool = app().database.pool;
    const statements = async (who: TPerson) => {
      await app().events.settled();
      const spy = vi.spyOn(pool, "query");
      try {
        await boardOf(who);
        return spy.mock.calls.filter(([query]) =>
          /"event_leads"/.test(
            typeof query === "string" ? query : (query as { text: string }).text,
          ),
        ).length;
      } finally {
        spy.mockRestore();
      }
    };
    // bob has one venue, alice three.
    const one = await statements("bob");
    expect(await statements("alice")).toBe(one);
    // The board's leads with their statuses' counts (and their venues' response times), and each
    // venue's count and newest.
    expect(one).toBe(2);
  });
});
