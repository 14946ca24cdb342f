import { NO_PROPOSAL_TERMS, type TProposal, ZProposal } from "@hostfield/domain/contracts";
import {
  ATTACHMENT_MAX_BYTES,
  addDays,
  PROPOSAL_MAX_ATTACHMENTS,
  PROPOSAL_MAX_CONCESSIONS,
  PROPOSAL_MAX_LINES,
  PROPOSAL_MAX_TOTAL,
} from "@hostfield/domain/rules";
import { describe, expect, it } from "vitest";
import {
  depositText,
  expiryText,
  formatMoney,
  lineDatesText,
  lineRateText,
  pricedDays,
  proposalPriceText,
} from "../../lib/proposal-format";
import { PROPOSAL_MAX_DATES } from "./lead-rules";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_LIMITS_TEXT,
  attachmentRefusal,
  checkProposal,
  draftTotals,
  EMPTY_FILE,
  FILE_TOO_LARGE,
  FILE_TYPE_REFUSED,
  FILES_REFUSED,
  FILES_UPLOADING,
  newAttachment,
  newConcession,
  newLine,
  proposalDraft,
  type TAttachmentDraft,
  type TLineDraft,
  TOO_MANY_FILES,
  type TProposalDraft,
} from "./proposal-form-rules";

const event = { startDate: "2025-06-06", endDate: "2025-06-08" };
const DAYS = ["2025-06-06", "2025-06-07", "2025-06-08"];
const TODAY = "2025-03-12";

const draft = (overrides: Partial<TProposalDraft> = {}): TProposalDraft => ({
  ...proposalDraft(null, DAYS),
  message: "We can host you.",
  dates: ["2025-06-07"],
  ...overrides,
});
const line = (overrides: Partial<TLineDraft> = {}): TLineDraft => ({
  ...newLine(),
  description: "Four hardwood courts",
  quantity: "4",
  unitPrice: "250",
  ...overrides,
});
const check = (d: TProposalDraft) => checkProposal(d, event, TODAY);

describe("a proposal with one price (as the first ones were)", () => {
  it("a complete draft is the contract's proposal; a unit without a price is dropped", () => {
    expect(check(draft({ price: " 1200.50 ", unit: "Total" }))).toEqual({
      ok: true,
      proposal: {
        message: "We can host you.",
        dates: ["2025-06-07"],
        price: 1200.5,
        priceUnit: "Total",
        ...NO_PROPOSAL_TERMS,
      },
    });
    expect(check(draft({ unit: "Per Team" }))).toEqual({
      ok: true,
      proposal: {
        message: "We can host you.",
        dates: ["2025-06-07"],
        price: null,
        priceUnit: null,
        ...NO_PROPOSAL_TERMS,
      },
    });
  });

  it("says what each field misses, all at once", () => {
    expect(check(draft({ message: "  ", dates: [], price: "-5" }))).toEqual({
      ok: false,
      errors: {
        message: "Write the organizer a few lines about your offer.",
        dates: "Pick at least one of the event's dates you can host.",
        price: "Enter a price of 0 or more, or leave it empty.",
      },
    });
  });

  it("keeps to the contract's limits: message length, price, number of dates", () => {
    expect(check(draft({ message: "x".repeat(5001) }))).toEqual({
      ok: false,
      errors: { message: "Use at most 5,000 characters." },
    });
    expect(check(draft({ price: "1e9" }))).toMatchObject({
      ok: false,
      errors: { price: "Enter a price of 0 or more, or leave it empty." },
    });
    expect(check(draft({ price: "abc" })).ok).toBe(false);
    const long = { startDate: "2025-01-01", endDate: "2025-12-31" };
    const days = Array.from({ length: PROPOSAL_MAX_DATES + 1 }, (_, i) => addDays("2025-01-01", i));
    expect(checkProposal(draft({ dates: days }), long, TODAY)).toEqual({
      ok: false,
      errors: { dates: `Pick at most ${PROPOSAL_MAX_DATES} dates.` },
    });
  });

  it("offers only the event's own dates, in the server's words (the domain's proposalProblems)", () => {
    expect(check(draft({ dates: ["2025-06-09"] }))).toEqual({
      ok: false,
      errors: {
        dates: "The event runs from 2025-06-06 to 2025-06-08; 2025-06-09 is outside it.",
      },
    });
  });

  it("the form's limits are ZProposal's", () => {
    const dates = (n: number) => Array.from({ length: n }, () => "2025-06-06");
    expect(ZProposal.shape.dates.safeParse(dates(PROPOSAL_MAX_DATES)).success).toBe(true);
    expect(ZProposal.shape.dates.safeParse(dates(PROPOSAL_MAX_DATES + 1)).success).toBe(false);
    const texts = (n: number) => Array.from({ length: n }, () => "Free parking");
    expect(ZProposal.shape.concessions.safeParse(texts(PROPOSAL_MAX_CONCESSIONS)).success).toBe(
      true,
    );
    expect(ZProposal.shape.concessions.safeParse(texts(PROPOSAL_MAX_CONCESSIONS + 1)).success).toBe(
      false,
    );
  });
});

describe("a proposal with priced lines and terms", () => {
  it("makes the contract's lines, terms and currency from what was typed", () => {
    const result = check(
      draft({
        price: "999",
        unit: "Total",
        currency: "CAD",
        lines: [
          line({ dates: ["2025-06-07", "2025-06-06"] }),
          line({
            kind: "rooms",
            description: "Hotel block",
            quantity: "20",
            unit: "Per Night",
            unitPrice: "129.5",
          }),
        ],
        concessions: [{ key: "a", text: " Free parking " }],
        depositPercent: "30",
        depositDue: "2025-04-01",
        depositRefundableUntil: "2025-03-20",
        expiresOn: "2025-03-12",
      }),
    );
    expect(result).toEqual({
      ok: true,
      proposal: {
        message: "We can host you.",
        dates: ["2025-06-07"],
        // With lines, the lines make the total: the single price typed before is not sent.
        price: null,
        priceUnit: null,
        currency: "CAD",
        lines: [
          {
            kind: "space",
            description: "Four hardwood courts",
            dates: ["2025-06-07", "2025-06-06"],
            quantity: 4,
            unit: "Per Day",
            unitPrice: 250,
          },
          {
            kind: "rooms",
            description: "Hotel block",
            dates: [],
            quantity: 20,
            unit: "Per Night",
            unitPrice: 129.5,
          },
        ],
        concessions: ["Free parking"],
        deposit: { percent: 30, dueDate: "2025-04-01", refundableUntil: "2025-03-20" },
        expiresOn: "2025-03-12",
        attachments: [],
      } satisfies TProposal,
    });
  });

  it("says each line's problem beside its field", () => {
    expect(
      check(
        draft({
          lines: [
            line(),
            line({ description: " ", quantity: "-1", unitPrice: "" }),
            line({ quantity: "0", unitPrice: "abc", dates: ["2025-06-10"] }),
          ],
        }),
      ),
    ).toEqual({
      ok: false,
      errors: {
        "lines.1.description": "Describe what the line prices.",
        "lines.1.quantity": "Enter a quantity above 0.",
        "lines.1.unitPrice": "Enter a unit price of 0 or more.",
        "lines.2.quantity": "Enter a quantity above 0.",
        "lines.2.unitPrice": "Enter a unit price of 0 or more.",
        "lines.2.dates": "The event runs from 2025-06-06 to 2025-06-08; 2025-06-10 is outside it.",
      },
    });
    expect(check(draft({ lines: [line({ quantity: "100001", unitPrice: "1e8" })] }))).toEqual({
      ok: false,
      errors: {
        "lines.0.quantity": "Enter a quantity of at most 100,000.",
        "lines.0.unitPrice": "Enter a unit price of at most 10,000,000.",
      },
    });
    const many = Array.from({ length: PROPOSAL_MAX_LINES + 1 }, () => line());
    expect(check(draft({ lines: many }))).toEqual({
      ok: false,
      errors: { lines: `A proposal has at most ${PROPOSAL_MAX_LINES} lines.` },
    });
  });

  it("refuses an expiry or a deposit due in the past, and a half-given deposit", () => {
    expect(check(draft({ expiresOn: "2025-03-11" }))).toEqual({
      ok: false,
      errors: {
        expiresOn: "A proposal cannot expire before today (2025-03-12); 2025-03-11 has passed.",
      },
    });
    expect(check(draft({ expiresOn: TODAY })).ok).toBe(true);
    expect(check(draft({ depositPercent: "25", depositDue: "2025-03-01" }))).toEqual({
      ok: false,
      errors: {
        "deposit.dueDate":
          "A deposit cannot fall due before today (2025-03-12); 2025-03-01 has passed.",
      },
    });
    expect(check(draft({ depositPercent: "25" }))).toEqual({
      ok: false,
      errors: { "deposit.dueDate": "Pick the date the deposit is due." },
    });
    expect(check(draft({ depositPercent: "120", depositDue: "2025-04-01" }))).toEqual({
      ok: false,
      errors: { "deposit.percent": "Enter a deposit of 0 to 100 percent." },
    });
    expect(check(draft({ depositDue: "2025-04-01" }))).toEqual({
      ok: false,
      errors: { "deposit.percent": "Enter a deposit of 0 to 100 percent." },
    });
  });

  it("keeps a deposit's refund date from today on, and none as non-refundable", () => {
    const deposit = { depositPercent: "20", depositDue: "2025-04-01" };
    const sent = (refundable: string) => {
      const result = check(draft({ ...deposit, depositRefundableUntil: refundable }));
      return result.ok ? result.proposal.deposit : result.errors;
    };
    expect(sent("")).toEqual({ percent: 20, dueDate: "2025-04-01", refundableUntil: null });
    expect(sent(TODAY)).toEqual({ percent: 20, dueDate: "2025-04-01", refundableUntil: TODAY });
    expect(sent("2025-03-11")).toEqual({
      "deposit.refundableUntil":
        "A deposit cannot stop being refundable before today (2025-03-12); 2025-03-11 has passed.",
    });
    // A refund date alone is half a deposit.
    expect(check(draft({ depositRefundableUntil: "2025-04-01" }))).toEqual({
      ok: false,
      errors: {
        "deposit.percent": "Enter a deposit of 0 to 100 percent.",
        "deposit.dueDate": "Pick the date the deposit is due.",
      },
    });
  });

  it("refuses an empty concession, and lines that come to more than PROPOSAL_MAX_TOTAL", () => {
    expect(
      check(draft({ concessions: [{ key: "a", text: "Free parking" }, newConcession()] })),
    ).toEqual({ ok: false, errors: { "concessions.1": "Write the concession, or remove it." } });
    const dear = line({ unit: "Per Day", quantity: "10", unitPrice: "5000000" });
    expect(check(draft({ lines: [dear] }))).toEqual({
      ok: false,
      errors: {
        total: `A proposal may come to ${formatMoney(PROPOSAL_MAX_TOTAL, "USD")} at most; this one comes to $150,000,000.`,
      },
    });
  });
});

const FLOOR_PLAN = {
  id: "0b6f1a4e-8d8e-4f5e-9b1a-2c3d4e5f6a7b",
  name: "Floor plan.pdf",
  size: 180_000,
  contentType: "application/pdf" as const,
};

describe("a proposal's files", () => {
  const uploaded = (over: Partial<TAttachmentDraft> = {}): TAttachmentDraft => ({
    ...newAttachment({ name: FLOOR_PLAN.name, size: FLOOR_PLAN.size }),
    attachment: FLOOR_PLAN,
    progress: 1,
    ...over,
  });

  it("names the uploaded ones in the proposal", () => {
    expect(check(draft({ attachments: [uploaded()] }))).toMatchObject({
      ok: true,
      proposal: { attachments: [FLOOR_PLAN] },
    });
  });

  it("waits for those still uploading, and asks to remove those refused", () => {
    const uploading = newAttachment({ name: "rates.xlsx", size: 2000 });
    expect(check(draft({ attachments: [uploaded(), uploading] }))).toEqual({
      ok: false,
      errors: { attachments: FILES_UPLOADING },
    });
    const refused = newAttachment({ name: "deck.pptx", size: 2000 }, FILE_TYPE_REFUSED);
    expect(check(draft({ attachments: [refused, uploading] }))).toEqual({
      ok: false,
      errors: { attachments: FILES_REFUSED },
    });
  });

  it(`carries at most ${PROPOSAL_MAX_ATTACHMENTS}`, () => {
    const many = Array.from({ length: PROPOSAL_MAX_ATTACHMENTS + 1 }, () => uploaded());
    expect(check(draft({ attachments: many }))).toEqual({
      ok: false,
      errors: { attachments: TOO_MANY_FILES },
    });
  });

  it("refuses, before uploading, an empty file, one over 10 MB and one of another type", () => {
    const file = (name: string, size: number, type = "") => ({ name, size, type });
    expect(attachmentRefusal(file("plan.pdf", 1000, "application/pdf"))).toBeNull();
    expect(attachmentRefusal(file("IMG_0001.JPEG", 1000))).toBeNull();
    expect(attachmentRefusal(file("rates", 1000, "image/webp"))).toBeNull();
    expect(attachmentRefusal(file("rates.xlsx", ATTACHMENT_MAX_BYTES))).toBeNull();
    expect(attachmentRefusal(file("plan.pdf", 0, "application/pdf"))).toBe(EMPTY_FILE);
    expect(attachmentRefusal(file("plan.pdf", ATTACHMENT_MAX_BYTES + 1))).toBe(FILE_TOO_LARGE);
    expect(attachmentRefusal(file("deck.pptx", 1000))).toBe(FILE_TYPE_REFUSED);
    expect(attachmentRefusal(file("anim.gif", 1000, "image/gif"))).toBe(FILE_TYPE_REFUSED);
    expect(FILE_TOO_LARGE).toBe("This file is larger than 10 MB.");
    expect(FILE_TYPE_REFUSED).toBe("Attach a PDF, PNG, JPEG, WebP, Word or Excel file.");
    expect(ATTACHMENT_LIMITS_TEXT).toBe(
      "PDF, PNG, JPEG, WebP, Word or Excel files, up to 10 MB each and 10 in all.",
    );
    expect(ATTACHMENT_ACCEPT.split(",")).toEqual(
      expect.arrayContaining([".pdf", ".jpg", ".jpeg", ".docx", ".xlsx", "image/webp"]),
    );
  });
});

describe("a draft from the proposal sent before", () => {
  it("starts blank, with a one-day event's only day ticked, in US dollars", () => {
    expect(proposalDraft(null, ["2025-06-06"])).toEqual({
      message: "",
      dates: ["2025-06-06"],
      price: "",
      unit: "",
      currency: "USD",
      lines: [],
      concessions: [],
      depositPercent: "",
      depositDue: "",
      depositRefundableUntil: "",
      expiresOn: "",
      attachments: [],
    });
  });

  it("holds every field of the stored proposal, and makes it again unchanged", () => {
    const stored: TProposal = {
      message: "Hi",
      dates: ["2025-06-07"],
      price: null,
      priceUnit: null,
      currency: "EUR",
      lines: [
        {
          kind: "service",
          description: "Referees",
          dates: ["2025-06-07"],
          quantity: 6,
          unit: "Per Hour",
          unitPrice: 42.5,
        },
      ],
      concessions: ["Free parking", "Shuttle from the hotel"],
      deposit: { percent: 25, dueDate: "2025-05-01", refundableUntil: "2025-04-15" },
      expiresOn: "2025-04-30",
      attachments: [FLOOR_PLAN],
    };
    const revised = proposalDraft(stored, DAYS);
    expect(revised).toMatchObject({
      currency: "EUR",
      lines: [{ description: "Referees", quantity: "6", unitPrice: "42.5", unit: "Per Hour" }],
      concessions: [{ text: "Free parking" }, { text: "Shuttle from the hotel" }],
      depositPercent: "25",
      depositDue: "2025-05-01",
      depositRefundableUntil: "2025-04-15",
      expiresOn: "2025-04-30",
      attachments: [
        { name: "Floor plan.pdf", size: 180_000, attachment: FLOOR_PLAN, problem: null },
      ],
    });
    expect(check(revised)).toEqual({ ok: true, proposal: stored });
    expect(
      proposalDraft(
        {
          message: "Hi",
          dates: ["2025-06-07"],
          price: 0,
          priceUnit: "Total",
          ...NO_PROPOSAL_TERMS,
        },
        DAYS,
      ),
    ).toMatchObject({ price: "0", unit: "Total", lines: [] });
  });
});

describe("what the draft comes to as it is typed (proposalTotals)", () => {
  it("prices each line, adds them, and spreads what is priced by the day over its days", () => {
    const totals = draftTotals(
      draft({
        lines: [
          line({ dates: ["2025-06-07", "2025-06-08"] }),
          line({ unit: "Each", quantity: "1", unitPrice: "300" }),
          line({ unitPrice: "" }),
        ],
      }),
      DAYS,
    );
    expect(totals).toEqual({
      lines: [2000, 300, null],
      total: 2300,
      perDay: [
        { date: "2025-06-07", amount: 1000 },
        { date: "2025-06-08", amount: 1000 },
      ],
      undated: 300,
    });
  });

  it("without lines, is the one price; nothing typed is no total", () => {
    expect(draftTotals(draft({ price: "450" }), DAYS).total).toBe(450);
    expect(draftTotals(draft(), DAYS).total).toBeNull();
  });

  it("counts every day of an event too long to tick day by day", () => {
    expect(pricedDays({ startDate: "2025-01-01", endDate: "2025-12-31" })).toHaveLength(365);
  });
});

describe("how a proposal reads", () => {
  it("money in the proposal's currency, cents only when there are any", () => {
    expect(formatMoney(1500, "USD")).toBe("$1,500");
    expect(formatMoney(1200.5, "USD")).toBe("$1,200.50");
    expect(formatMoney(980, "EUR")).toBe("€980");
    expect(formatMoney(75, "CAD")).toBe("CA$75");
  });

  it("a line's dates and rate; a proposal's price, deposit and expiry", () => {
    expect(lineDatesText([])).toBe("Every day");
    expect(lineDatesText(["2025-06-08", "2025-06-07"])).toBe("Sat, Jun 7; Sun, Jun 8");
    expect(
      lineRateText(
        {
          kind: "space",
          description: "Courts",
          dates: [],
          quantity: 4,
          unit: "Per Day",
          unitPrice: 250,
        },
        "GBP",
      ),
    ).toBe("4 × £250 per day");
    const lines = [
      {
        kind: "space" as const,
        description: "Courts",
        dates: [],
        quantity: 4,
        unit: "Per Day" as const,
        unitPrice: 250,
      },
    ];
    expect(proposalPriceText({ price: null, priceUnit: null, currency: "USD", lines }, DAYS)).toBe(
      "$3,000 total",
    );
    expect(
      proposalPriceText(
        { price: 25, priceUnit: "Per Participant", currency: "MXN", lines: [] },
        DAYS,
      ),
    ).toBe("MX$25 / Participant");
    expect(
      proposalPriceText({ price: null, priceUnit: null, currency: "USD", lines: [] }, DAYS),
    ).toBeNull();
    expect(depositText({ percent: 30, dueDate: "2025-04-04", refundableUntil: null })).toBe(
      "30% due by Fri, Apr 4th, 2025",
    );
    expect(depositText(null)).toBeNull();
    expect(expiryText({ expiresOn: "2025-04-12" }, TODAY)).toBe("Sat, Apr 12th, 2025");
    expect(expiryText({ expiresOn: "2025-03-11" }, TODAY)).toBe("Tue, Mar 11th, 2025 (expired)");
    expect(expiryText({ expiresOn: null }, TODAY)).toBeNull();
  });
});
