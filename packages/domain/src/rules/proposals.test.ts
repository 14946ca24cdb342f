import { describe, expect, it } from "vitest";
import { ZProposal } from "../contracts/rfp";
import { ERROR_CODE_LIST } from "../reference/error-codes";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  ATTACHMENT_TYPES_TEXT,
  attachmentType,
  formatProposalMoney,
  lineAmount,
  PROPOSAL_MAX_ATTACHMENTS,
  PROPOSAL_MAX_TOTAL,
  PROPOSAL_PROBLEM_CODES,
  proposalExpired,
  proposalProblems,
  proposalTotals,
  type TCheckedProposal,
} from "./proposals";

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

describe("the rules a proposal keeps (proposalProblems)", () => {
  const EVENT = { startDate: "2027-06-11", endDate: "2027-06-13" };
  const TODAY = "2027-03-01";
  const court = {
    kind: "space",
    description: "Court",
    dates: [] as string[],
    quantity: 4,
    unit: "Per Day",
    unitPrice: 500,
  };
  const proposal = (over: Partial<TCheckedProposal> = {}): TCheckedProposal => ({
    dates: ["2027-06-12"],
    price: null,
    currency: "USD",
    lines: [court],
    deposit: { dueDate: "2027-05-01" },
    expiresOn: "2027-04-01",
    ...over,
  });
  const check = (p: TCheckedProposal | null) => proposalProblems(p, EVENT, TODAY);
  const codes = (p: TCheckedProposal | null) => check(p).map((problem) => problem.code);

  it("allows a proposal within the event's dates, due and expiring today or later, within the total", () => {
    expect(check(proposal())).toEqual([]);
    expect(check(proposal({ expiresOn: TODAY, deposit: { dueDate: TODAY } }))).toEqual([]);
    expect(check(proposal({ expiresOn: null, deposit: null, lines: [], price: 4500 }))).toEqual([]);
    // Every date of the event, first and last included.
    expect(check(proposal({ dates: ["2027-06-11", "2027-06-13"] }))).toEqual([]);
    // Exactly the most a proposal may come to.
    const most = { ...court, quantity: 1, unit: "Each", unitPrice: PROPOSAL_MAX_TOTAL };
    expect(check(proposal({ lines: [most] }))).toEqual([]);
  });

  it("refuses no proposal at all (PROPOSAL_REQUIRED)", () => {
    expect(check(null)).toEqual([
      {
        code: "PROPOSAL_REQUIRED",
        path: "",
        message:
          "Send a proposal (a message, the dates you can host, a price) with the move to Interested.",
      },
    ]);
  });

  it("refuses a proposal that names none of the event's dates (PROPOSAL_DATES_REQUIRED)", () => {
    expect(check(proposal({ dates: [] }))).toEqual([
      {
        code: "PROPOSAL_DATES_REQUIRED",
        path: "dates",
        message: "Pick at least one of the event's dates you can host.",
      },
    ]);
  });

  it("refuses dates outside the event, its own and each line's, at their place (DATES_OUTSIDE_EVENT)", () => {
    const problems = check(
      proposal({
        dates: ["2027-06-10", "2027-06-12", "2027-06-14", "2027-06-10"],
        lines: [court, { ...court, dates: ["2027-06-12", "2027-07-01"] }],
      }),
    );
    expect(problems).toEqual([
      {
        code: "DATES_OUTSIDE_EVENT",
        path: "dates",
        message:
          "The event runs from 2027-06-11 to 2027-06-13; 2027-06-10, 2027-06-14 are outside it.",
        details: { dates: ["2027-06-10", "2027-06-14"] },
      },
      {
        code: "DATES_OUTSIDE_EVENT",
        path: "lines.1.dates",
        message: "The event runs from 2027-06-11 to 2027-06-13; 2027-07-01 is outside it.",
        details: { dates: ["2027-07-01"] },
      },
    ]);
  });

  it("refuses an expiry before today (PROPOSAL_EXPIRY_PAST)", () => {
    expect(check(proposal({ expiresOn: "2027-02-28" }))).toEqual([
      {
        code: "PROPOSAL_EXPIRY_PAST",
        path: "expiresOn",
        message: "A proposal cannot expire before today (2027-03-01); 2027-02-28 has passed.",
      },
    ]);
  });

  it("refuses a deposit due before today (DEPOSIT_DUE_PAST), and leaves a date not given yet to the contract", () => {
    expect(check(proposal({ deposit: { dueDate: "2027-01-15" } }))).toEqual([
      {
        code: "DEPOSIT_DUE_PAST",
        path: "deposit.dueDate",
        message: "A deposit cannot fall due before today (2027-03-01); 2027-01-15 has passed.",
      },
    ]);
    expect(check(proposal({ deposit: { dueDate: "" }, expiresOn: "" as never }))).toEqual([]);
  });

  it("refuses a deposit refundable until a day past (DEPOSIT_REFUNDABLE_PAST); today, later or none is fine", () => {
    const deposit = (refundableUntil: string | null) => ({
      dueDate: "2027-05-01",
      refundableUntil,
    });
    expect(check(proposal({ deposit: deposit("2027-02-28") }))).toEqual([
      {
        code: "DEPOSIT_REFUNDABLE_PAST",
        path: "deposit.refundableUntil",
        message:
          "A deposit cannot stop being refundable before today (2027-03-01); 2027-02-28 has passed.",
      },
    ]);
    expect(check(proposal({ deposit: deposit(TODAY) }))).toEqual([]);
    expect(check(proposal({ deposit: deposit("2027-06-01") }))).toEqual([]);
    expect(check(proposal({ deposit: deposit(null) }))).toEqual([]);
  });

  it("refuses a total over PROPOSAL_MAX_TOTAL in the proposal's currency (PROPOSAL_TOTAL_TOO_HIGH)", () => {
    // 4 courts × 10,000,000 × 3 days.
    const dear = { ...court, unitPrice: 10_000_000 };
    expect(check(proposal({ lines: [dear], currency: "EUR" }))).toEqual([
      {
        code: "PROPOSAL_TOTAL_TOO_HIGH",
        path: "total",
        message: "A proposal may come to €100,000,000 at most; this one comes to €120,000,000.",
        details: { total: 120_000_000 },
      },
    ]);
    // A proposal without lines totals its one price.
    expect(codes(proposal({ lines: [], price: PROPOSAL_MAX_TOTAL + 0.5 }))).toEqual([
      "PROPOSAL_TOTAL_TOO_HIGH",
    ]);
  });

  it("tells every broken rule, in the order the server answers the first", () => {
    expect(
      codes(
        proposal({
          dates: [],
          lines: [{ ...court, dates: ["2027-06-20"], unitPrice: 30_000_000 }],
          expiresOn: "2027-01-01",
          deposit: { dueDate: "2027-01-01" },
        }),
      ),
    ).toEqual([
      "PROPOSAL_DATES_REQUIRED",
      "DATES_OUTSIDE_EVENT",
      "PROPOSAL_EXPIRY_PAST",
      "DEPOSIT_DUE_PAST",
      "PROPOSAL_TOTAL_TOO_HIGH",
    ]);
  });

  it("answers with codes the API knows", () => {
    for (const code of PROPOSAL_PROBLEM_CODES) {
      expect(ERROR_CODE_LIST as readonly string[]).toContain(code);
    }
  });
});

describe("a proposal's attachments", () => {
  const attachment = {
    id: "0b6f1a4e-8d8e-4f5e-9b1a-2c3d4e5f6a7b",
    name: "Floor plan.pdf",
    size: 120_000,
    contentType: "application/pdf",
  };
  const base = { message: "Courts 1-4.", dates: ["2027-06-12"] };

  it("are none for a proposal stored before they existed", () => {
    expect(ZProposal.parse(base).attachments).toEqual([]);
  });

  it("may be PDFs, images (PNG, JPEG, WebP), Word or Excel files of up to 10 MB each", () => {
    expect(ATTACHMENT_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(ATTACHMENT_TYPES_TEXT).toBe("PDF, PNG, JPEG, WebP, Word or Excel");
    expect(attachmentType("image/webp")?.extension).toBe("webp");
    expect(attachmentType("image/gif")).toBeNull();
    const parse = (over: Record<string, unknown>) =>
      ZProposal.safeParse({ ...base, attachments: [{ ...attachment, ...over }] }).success;
    expect(parse({})).toBe(true);
    for (const type of ATTACHMENT_TYPES)
      expect(parse({ contentType: type.contentType })).toBe(true);
    expect(parse({ size: ATTACHMENT_MAX_BYTES })).toBe(true);
    expect(parse({ size: ATTACHMENT_MAX_BYTES + 1 })).toBe(false);
    expect(parse({ size: 0 })).toBe(false);
    expect(parse({ contentType: "image/gif" })).toBe(false);
    expect(parse({ contentType: "text/html" })).toBe(false);
    expect(parse({ name: " " })).toBe(false);
    expect(parse({ id: "../../etc/passwd" })).toBe(false);
  });

  it("are at most PROPOSAL_MAX_ATTACHMENTS", () => {
    const many = (n: number) =>
      ZProposal.safeParse({
        ...base,
        attachments: Array.from({ length: n }, () => attachment),
      }).success;
    expect(many(PROPOSAL_MAX_ATTACHMENTS)).toBe(true);
    expect(many(PROPOSAL_MAX_ATTACHMENTS + 1)).toBe(false);
  });
});

describe("money in a proposal's currency", () => {
  it("shows cents only when there are any", () => {
    expect(formatProposalMoney(1500, "USD")).toBe("$1,500");
    expect(formatProposalMoney(1200.5, "USD")).toBe("$1,200.50");
    expect(formatProposalMoney(980, "EUR")).toBe("€980");
    expect(formatProposalMoney(75, "CAD")).toBe("CA$75");
  });
});
