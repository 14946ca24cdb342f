import { type TLead, type TProposalLine, ZProposal } from "@hostfield/domain/contracts";
import { describe, expect, it } from "vitest";
import { buildRequest } from "../leads/testing";
import {
  compareColumn,
  depositAmount,
  leavesOut,
  missingDays,
  perDayRows,
  proposedLeads,
  sortColumns,
  type TProposedLead,
} from "./compare-rules";
import { buildBid } from "./testing";

// The Spring Classic of the test data runs Mar 7–9, 2026.
const DAYS = ["2026-03-07", "2026-03-08", "2026-03-09"];
const TODAY = "2026-02-01";

const line = (overrides: Partial<TProposalLine> = {}): TProposalLine => ({
  kind: "space",
  description: "Four courts",
  dates: [],
  quantity: 4,
  unit: "Per Day",
  unitPrice: 500,
  ...overrides,
});

/** Venue n's Interested lead with a proposal: the contract's defaults under `proposal`. */
function proposed(
  n: number,
  proposal: Partial<TLead["proposal"] & object> = {},
  lead: Partial<TLead> = {},
): TProposedLead {
  return buildBid(n, {
    status: "Interested",
    ...lead,
    proposal: {
      ...ZProposal.parse({ message: `Venue ${n} can host.`, ...proposal }),
      submittedDate: "2026-01-12T09:00:00.000Z",
    },
  }) as TProposedLead;
}

const column = (lead: TProposedLead) => compareColumn(lead, DAYS, TODAY);
const names = (columns: { lead: TLead }[]) => columns.map((c) => c.lead.owner.name);
const leadNames = (leads: TLead[]) => leads.map((lead) => lead.owner.name);

describe("which leads are compared", () => {
  it("those with a proposal that are in the running or decided; not open or passed ones", () => {
    const leads = [
      buildBid(1),
      proposed(2),
      proposed(3, {}, { status: "Won" }),
      proposed(4, {}, { status: "Lost" }),
      proposed(5, {}, { status: "Passed" }),
      buildBid(6, { status: "Lost" }),
    ];
    expect(leadNames(proposedLeads(leads))).toEqual(["Venue 2", "Venue 3", "Venue 4"]);
  });
});

describe("what a proposal leaves out", () => {
  it("the requested days it does not offer, from its dates", () => {
    expect(
      missingDays(proposed(1, { dates: ["2026-03-07", "2026-03-08"] }).proposal, DAYS),
    ).toEqual(["2026-03-09"]);
    expect(leavesOut(proposed(1, { dates: ["2026-03-08"] }), DAYS)).toEqual([
      "Not offered: Sat, Mar 7th, 2026",
      "Not offered: Mon, Mar 9th, 2026",
    ]);
  });

  it("without dates of its own, the days of its lines: an undated line offers every day", () => {
    const dated = proposed(1, { lines: [line({ dates: ["2026-03-07", "2026-03-08"] })] });
    expect(missingDays(dated.proposal, DAYS)).toEqual(["2026-03-09"]);
    const everyDay = proposed(2, { lines: [line({ dates: ["2026-03-07"] }), line()] });
    expect(missingDays(everyDay.proposal, DAYS)).toEqual([]);
  });

  it("a lone price without dates says nothing about days: it reads as not stated", () => {
    const bare = proposed(1, { price: 12000, priceUnit: "Total" });
    expect(missingDays(bare.proposal, DAYS)).toBeNull();
    expect(leavesOut(bare, DAYS)).toEqual(["Dates not stated"]);
  });

  it("the space and the room nights the request asks for that no line of their kind prices", () => {
    const request = buildRequest({ roomNights: 250 });
    const courtsOnly = proposed(1, { dates: DAYS, lines: [line()] }, { request });
    expect(leavesOut(courtsOnly, DAYS)).toEqual(["No hotel rooms priced (asked: 250 room nights)"]);
    const servicesOnly = proposed(
      2,
      { dates: DAYS, lines: [line({ kind: "service", description: "Referees" })] },
      { request },
    );
    expect(leavesOut(servicesOnly, DAYS)).toEqual([
      "No space priced (asked: Court × 4 · Indoor · Hardwood)",
      "No hotel rooms priced (asked: 250 room nights)",
    ]);
    const everything = proposed(
      3,
      {
        dates: DAYS,
        lines: [line(), line({ kind: "rooms", description: "Hotel", unit: "Per Night" })],
      },
      { request },
    );
    expect(leavesOut(everything, DAYS)).toEqual([]);
  });

  it("what the request asks to price: spaces, rooms and each extra no line names", () => {
    const request = buildRequest({
      needsSpecificSpaceType: false,
      roomNights: null,
      pricing: { spaces: true, rooms: true, extras: ["Parking", "Scoreboard operator"] },
    });
    const parkingOnly = proposed(
      1,
      {
        dates: DAYS,
        lines: [line({ kind: "extra", description: "Parking, lot B", unit: "Each" })],
      },
      { request },
    );
    expect(leavesOut(parkingOnly, DAYS)).toEqual([
      "No space priced",
      "No hotel rooms priced",
      "Not priced: Scoreboard operator",
    ]);
    const all = proposed(
      2,
      {
        dates: DAYS,
        lines: [
          line(),
          line({ kind: "rooms", description: "Hotel", unit: "Per Night" }),
          line({ kind: "service", description: "scoreboard OPERATOR", unit: "Per Hour" }),
          line({ kind: "extra", description: "Parking", unit: "Each" }),
        ],
      },
      { request },
    );
    expect(leavesOut(all, DAYS)).toEqual([]);
  });

  it("asks nothing of a request that asks for no space or rooms, a deleted one, or a lone price", () => {
    const plain = buildRequest({ needsSpecificSpaceType: false, roomNights: null });
    expect(
      leavesOut(
        proposed(1, { dates: DAYS, lines: [line({ kind: "extra" })] }, { request: plain }),
        DAYS,
      ),
    ).toEqual([]);
    expect(
      leavesOut(
        proposed(2, { dates: DAYS, lines: [line({ kind: "extra" })] }, { request: null }),
        DAYS,
      ),
    ).toEqual([]);
    // A lone price's message says what it covers: only its days are checked.
    const lone = proposed(3, { dates: DAYS, price: 9000 }, { request: buildRequest() });
    expect(leavesOut(lone, DAYS)).toEqual([]);
  });
});

describe("the figure a column sorts by", () => {
  it("the lines' total, or a lone price that is a total; a price per participant is none", () => {
    expect(column(proposed(1, { lines: [line()] })).total).toBe(6000);
    expect(column(proposed(2, { price: 12000, priceUnit: "Total" })).total).toBe(12000);
    expect(column(proposed(3, { price: 12000 })).total).toBe(12000);
    expect(column(proposed(4, { price: 25, priceUnit: "Per Participant" })).total).toBeNull();
    expect(column(proposed(5)).total).toBeNull();
  });

  it("marks a proposal past its expiry date (the day itself still counts)", () => {
    expect(column(proposed(1, { expiresOn: "2026-01-31" })).expired).toBe(true);
    expect(column(proposed(2, { expiresOn: TODAY })).expired).toBe(false);
    expect(column(proposed(3)).expired).toBe(false);
  });

  it("a deposit's money is its percent of the total, to the cent", () => {
    const deposit = { percent: 30, dueDate: "2026-02-20", refundableUntil: null };
    expect(
      depositAmount(column(proposed(1, { lines: [line({ unitPrice: 333.33 })], deposit }))),
    ).toBe(1199.99);
    expect(
      depositAmount(column(proposed(2, { price: 25, priceUnit: "Per Team", deposit }))),
    ).toBeNull();
    expect(depositAmount(column(proposed(3, { price: 1000 })))).toBeNull();
  });
});

describe("the order of the columns", () => {
  const columns = [
    column(proposed(1, { price: 9000 }, { score: 60 })),
    column(proposed(2, { price: 25, priceUnit: "Per Team" }, { score: 95 })),
    column(proposed(3, { lines: [line()] }, { score: 80 })),
    column(proposed(4, { price: 9000 }, { score: 90 })),
    column(proposed(5, { price: 7000 }, { score: null, source: "direct" })),
  ];

  it("by total: cheapest first, those without a total last; a tie goes to the better match", () => {
    expect(names(sortColumns(columns, "total"))).toEqual([
      "Venue 3",
      "Venue 5",
      "Venue 4",
      "Venue 1",
      "Venue 2",
    ]);
  });

  it("by match: best score first, direct leads (no score) last; a tie goes to the cheaper", () => {
    const tie = column(proposed(6, { price: 100 }, { score: 95 }));
    expect(names(sortColumns([...columns, tie], "match"))).toEqual([
      "Venue 6",
      "Venue 2",
      "Venue 4",
      "Venue 3",
      "Venue 1",
      "Venue 5",
    ]);
  });

  it("leaves the columns it is given as they were", () => {
    sortColumns(columns, "total");
    expect(names(columns)).toEqual(["Venue 1", "Venue 2", "Venue 3", "Venue 4", "Venue 5"]);
  });
});

describe("the per-day rows", () => {
  it("each event day's amount per column, null where it prices nothing that day", () => {
    const columns = [
      column(proposed(1, { lines: [line()] })),
      column(proposed(2, { lines: [line({ dates: ["2026-03-08"], unitPrice: 700 })] })),
    ];
    expect(perDayRows(columns, DAYS)).toEqual([
      { date: "2026-03-07", amounts: [2000, null] },
      { date: "2026-03-08", amounts: [2000, 2800] },
      { date: "2026-03-09", amounts: [2000, null] },
    ]);
  });

  it("then what no day carries, when a proposal has some; a lone price is no day's", () => {
    const columns = [
      column(
        proposed(1, {
          lines: [
            line(),
            line({
              kind: "extra",
              description: "Banners",
              unit: "Each",
              quantity: 2,
              unitPrice: 150,
            }),
          ],
        }),
      ),
      column(proposed(2, { price: 12000, priceUnit: "Total" })),
    ];
    const rows = perDayRows(columns, DAYS);
    expect(rows.map((row) => row.amounts)).toEqual([
      [2000, null],
      [2000, null],
      [2000, null],
      [300, null],
    ]);
    expect(rows.at(-1)?.date).toBeNull();
  });
});
