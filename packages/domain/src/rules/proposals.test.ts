import { describe, expect, it } from "vitest";
import { lineAmount, proposalExpired, proposalTotals } from "./proposals";

const DAYS = ["2027-06-11", "2027-06-12", "2027-06-13"];
const line = (over: Partial<Parameters<typeof lineAmount>[0]> = {}) => ({
  dates: [] as string[],
  quantity: 1,
  unit: "Each",
  unitPrice: 100,
  ...over,
});

describe("a proposal line's amount", () => {
  it("counts a price by the day or the night once per day: its own dates, else every event day", () => {
    expect(lineAmount(line({ quantity: 4, unit: "Per Day", unitPrice: 500 }), DAYS)).toBe(6000);
    expect(
      lineAmount(
        line({ quantity: 4, unit: "Per Day", unitPrice: 500, dates: ["2027-06-12", "2027-06-12"] }),
        DAYS,
      ),
    ).toBe(2000);
    expect(lineAmount(line({ quantity: 20, unit: "Per Night", unitPrice: 129.5 }), DAYS)).toBe(
      7770,
    );
  });

  it("counts any other unit once per quantity, to the cent", () => {
    expect(lineAmount(line({ quantity: 300, unit: "Per Person", unitPrice: 12.333 }), DAYS)).toBe(
      3699.9,
    );
    expect(
      lineAmount(line({ quantity: 3, unit: "Per Hour", unitPrice: 80, dates: DAYS }), DAYS),
    ).toBe(240);
  });
});

describe("a proposal's totals", () => {
  it("adds its lines, and spreads what is priced by the day over those days", () => {
    const totals = proposalTotals(
      {
        price: null,
        lines: [
          line({
            quantity: 4,
            unit: "Per Day",
            unitPrice: 500,
            dates: ["2027-06-11", "2027-06-12"],
          }),
          line({ quantity: 1, unit: "Each", unitPrice: 250, dates: ["2027-06-13"] }),
          line({ quantity: 2, unit: "Each", unitPrice: 75 }),
        ],
      },
      DAYS,
    );
    expect(totals).toEqual({
      lines: [4000, 250, 150],
      total: 4400,
      perDay: [
        { date: "2027-06-11", amount: 2000 },
        { date: "2027-06-12", amount: 2000 },
        { date: "2027-06-13", amount: 250 },
      ],
      undated: 150,
    });
  });

  it("reads a proposal without lines (as the first ones were) by its one price", () => {
    expect(proposalTotals({ price: 4500 }, DAYS)).toEqual({
      lines: [],
      total: 4500,
      perDay: [],
      undated: 4500,
    });
    expect(proposalTotals({ price: null, lines: [] }, DAYS).total).toBeNull();
  });
});

describe("a proposal's expiry", () => {
  it("is over the day after its date, and never without one", () => {
    expect(proposalExpired({ expiresOn: "2027-05-01" }, "2027-05-01")).toBe(false);
    expect(proposalExpired({ expiresOn: "2027-05-01" }, "2027-05-02")).toBe(true);
    expect(proposalExpired({ expiresOn: null }, "2099-01-01")).toBe(false);
  });
});
