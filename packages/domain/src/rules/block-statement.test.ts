import { describe, expect, it } from "vitest";
import { blockStatement, type TStatementRow } from "./block-statement";

const row = (
  roomTypeId: string,
  night: string,
  held: number,
  booked: number,
  stayed: number | null,
  rate: number,
): TStatementRow => ({ roomTypeId, night, held, booked, stayed, rate });

describe("blockStatement", () => {
  it("sums held, booked and stayed, the confirmed figure where given, booked elsewhere", () => {
    const { nights, totals } = blockStatement(
      [
        row("q", "2027-05-02", 10, 6, 7, 119),
        row("k", "2027-05-01", 4, 2, null, 199),
        row("q", "2027-05-01", 10, 8, null, 119),
      ],
      { attritionPercent: 20, compPerPaid: null },
    );
    // Night then room type.
    expect(nights.map((n) => [n.night, n.roomTypeId, n.stayed, n.confirmed])).toEqual([
      ["2027-05-01", "k", 2, false],
      ["2027-05-01", "q", 8, false],
      ["2027-05-02", "q", 7, true],
    ]);
    expect(totals).toMatchObject({ held: 24, booked: 16, stayed: 17 });
  });

  it("charges the shortfall over the whole block at the held-weighted average rate", () => {
    // Held 10 queens at $119 and 10 at $125 and 5 kings at $199: 25 room nights.
    // Average: (1190 + 1250 + 995) / 25 = 3435 / 25 = $137.40.
    // Allowance floor(25 × 20 / 100) = 5; stayed 6 + 4 + 2 = 12; shortfall 25 − 5 − 12 = 8.
    // Owed 8 × 137.40 = $1,099.20.
    const { totals } = blockStatement(
      [
        row("q", "2027-05-01", 10, 6, null, 119),
        row("q", "2027-05-02", 10, 4, null, 125),
        row("k", "2027-05-01", 5, 3, 2, 199),
      ],
      { attritionPercent: 20, compPerPaid: 5 },
    );
    expect(totals).toEqual({
      held: 25,
      booked: 13,
      stayed: 12,
      allowance: 5,
      shortfall: 8,
      owed: 1099.2,
      // floor(12 / 5) = 2 comps at $137.40.
      comps: 2,
      compValue: 274.8,
      averageRate: 137.4,
    });
  });

  it("rounds the average rate to the cent before pricing the shortfall", () => {
    // 1 held at $100 and 2 at $100.01: 300.02 / 3 = 100.00666… → $100.01.
    // Allowance floor(3 × 10 / 100) = 0; nothing stayed: shortfall 3, owed 3 × 100.01 = $300.03.
    const { totals } = blockStatement(
      [row("q", "2027-05-01", 1, 0, null, 100), row("q", "2027-05-02", 2, 0, 0, 100.01)],
      { attritionPercent: 10, compPerPaid: 10 },
    );
    expect(totals.averageRate).toBe(100.01);
    expect(totals.allowance).toBe(0);
    expect(totals.shortfall).toBe(3);
    expect(totals.owed).toBe(300.03);
    expect(totals.comps).toBe(0);
  });

  it("owes nothing within the allowance, and lets a strong night make up for a weak one", () => {
    // Held 20 + 20 = 40, allowance floor(40 × 15 / 100) = 6: 34 must stay. 14 + 20 = 34 stayed.
    const { totals } = blockStatement(
      [row("q", "2027-05-01", 20, 14, null, 150), row("q", "2027-05-02", 20, 18, 20, 150)],
      { attritionPercent: 15, compPerPaid: 30 },
    );
    expect(totals).toMatchObject({ allowance: 6, stayed: 34, shortfall: 0, owed: 0, comps: 1 });
    expect(totals.compValue).toBe(150);
  });

  it("counts more stayed than held as pickup (no negative shortfall)", () => {
    const { totals } = blockStatement([row("q", "2027-05-01", 5, 5, 7, 90)], {
      attritionPercent: 0,
      compPerPaid: 7,
    });
    expect(totals).toMatchObject({ held: 5, stayed: 7, allowance: 0, shortfall: 0, comps: 1 });
  });

  it("is all zeros for a block without nights", () => {
    expect(blockStatement([], { attritionPercent: 20, compPerPaid: 10 }).totals).toEqual({
      held: 0,
      booked: 0,
      stayed: 0,
      allowance: 0,
      shortfall: 0,
      owed: 0,
      comps: 0,
      compValue: 0,
      averageRate: 0,
    });
  });
});
