// The deposit's amount and refund, on figures worked out by hand.
import { describe, expect, it } from "vitest";
import { ZProposal } from "../contracts/rfp";
import {
  depositAmount,
  formatDepositMoney,
  fromCents,
  refundDue,
  refundTermsText,
  toCents,
} from "./deposits";

const DAYS = ["2030-06-12", "2030-06-13", "2030-06-14"];

const priced = (price: number | null, percent: number | null, currency = "USD") => ({
  price,
  currency,
  lines: [],
  deposit: percent === null ? null : { percent },
});

describe("a deposit's amount", () => {
  it("is its percent of a one-price proposal, in cents", () => {
    // 20% of $10,000 is $2,000: 200,000 cents.
    expect(depositAmount(priced(10_000, 20))).toBe(200_000);
    // 100% of $4,800 is the whole price.
    expect(depositAmount(priced(4_800, 100))).toBe(480_000);
  });

  it("is its percent of a lined proposal's total, lines by the day counted over the event's days", () => {
    const proposal = {
      price: null,
      currency: "USD",
      deposit: { percent: 25 },
      lines: [
        // 4 courts × $500 a day × 3 days (no dates of its own: every day of the event) = $6,000.
        { dates: [], quantity: 4, unit: "Per Day", unitPrice: 500 },
        // 20 rooms × $129.50 a night on 2 nights = $5,180.
        { dates: ["2030-06-12", "2030-06-13"], quantity: 20, unit: "Per Night", unitPrice: 129.5 },
        // One scoreboard operator, once: $320.
        { dates: [], quantity: 1, unit: "Each", unitPrice: 320 },
      ],
    };
    // Total $11,500; 25% is $2,875.
    expect(depositAmount(proposal, DAYS)).toBe(287_500);
  });

  it("rounds to the nearest cent, half a cent up", () => {
    // 15% of $333.33 = $49.9995 → $50.00.
    expect(depositAmount(priced(333.33, 15))).toBe(5_000);
    // 33% of $10.01 = 330.33 cents → 330 cents.
    expect(depositAmount(priced(10.01, 33))).toBe(330);
    // 10% of $0.05 = half a cent → 1 cent.
    expect(depositAmount(priced(0.05, 10))).toBe(1);
    // 12.5% of $999.99 = 12,499.875 cents → 12,500 cents.
    expect(depositAmount(priced(999.99, 12.5))).toBe(12_500);
  });

  it("is counted in cents whatever the proposal's currency (each has two decimals)", () => {
    // 30% of €1,234.50 = €370.35; of MX$12,345 = MX$3,703.50; of £99.99 = £30.00 (29.997).
    expect(depositAmount(priced(1_234.5, 30, "EUR"))).toBe(37_035);
    expect(depositAmount(priced(12_345, 30, "MXN"))).toBe(370_350);
    expect(depositAmount(priced(99.99, 30, "GBP"))).toBe(3_000);
    expect(formatDepositMoney(37_035, "EUR")).toBe("€370.35");
    expect(formatDepositMoney(370_350, "MXN")).toBe("MX$3,703.50");
    expect(formatDepositMoney(200_000, "USD")).toBe("$2,000");
    expect(formatDepositMoney(7_500, "CAD")).toBe("CA$75");
  });

  it("is none without a deposit, or without a total to take it of", () => {
    expect(depositAmount(priced(10_000, null))).toBeNull();
    expect(depositAmount(priced(null, 20))).toBeNull();
    expect(depositAmount(priced(10_000, 0))).toBe(0);
  });

  it("converts to and from cents without float dust", () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(2_000.5)).toBe(200_050);
    expect(fromCents(200_050)).toBe(2_000.5);
  });
});

describe("a deposit's refund under the proposal's terms", () => {
  const paid = { amountCents: 200_000, refundedCents: 0 };

  it("gives back all of it until the refund date, that day included", () => {
    const terms = { refundableUntil: "2030-05-01" };
    expect(refundDue(terms, paid, "2030-04-30")).toBe(200_000);
    expect(refundDue(terms, paid, "2030-05-01")).toBe(200_000);
  });

  it("gives nothing after the refund date, or when the deposit is non-refundable", () => {
    expect(refundDue({ refundableUntil: "2030-05-01" }, paid, "2030-05-02")).toBe(0);
    expect(refundDue({ refundableUntil: null }, paid, "2020-01-01")).toBe(0);
  });

  it("gives what is left after refunds made already", () => {
    const terms = { refundableUntil: "2030-05-01" };
    expect(refundDue(terms, { amountCents: 200_000, refundedCents: 50_000 }, "2030-04-01")).toBe(
      150_000,
    );
    expect(refundDue(terms, { amountCents: 200_000, refundedCents: 200_000 }, "2030-04-01")).toBe(
      0,
    );
  });

  it("says its terms in words", () => {
    const date = (d: string) => d.split("-").reverse().join("/");
    expect(refundTermsText({ refundableUntil: "2030-05-01" }, date)).toBe(
      "fully refundable until 01/05/2030",
    );
    expect(refundTermsText({ refundableUntil: null }, date)).toBe("non-refundable");
  });
});

describe("a deposit's refund terms in a proposal", () => {
  const base = { message: "Four courts.", dates: ["2030-06-12"], price: 10_000 };

  it("reads a deposit stored before refund terms existed as non-refundable (null)", () => {
    const stored = ZProposal.parse({ ...base, deposit: { percent: 20, dueDate: "2030-05-01" } });
    expect(stored.deposit).toEqual({ percent: 20, dueDate: "2030-05-01", refundableUntil: null });
  });

  it("keeps a refund date, and refuses one that is no date", () => {
    const deposit = { percent: 20, dueDate: "2030-05-01", refundableUntil: "2030-05-15" };
    expect(ZProposal.parse({ ...base, deposit }).deposit?.refundableUntil).toBe("2030-05-15");
    expect(
      ZProposal.safeParse({ ...base, deposit: { ...deposit, refundableUntil: "soon" } }).success,
    ).toBe(false);
  });
});
