// What a proposal costs: one rule for the venue's form, the organizer's comparison, the server's
// limits and the bench. A line's amount is its quantity times its unit price, times its days for
// a price by the day or the night (its own dates, or every day of the event when it names none).
// Lines make the total; a proposal without lines (as the first ones were) totals its one price.
// Also the rules a proposal keeps beyond its contract (proposalProblems: the server's refusals and
// the form's messages are the same list), and what files it may carry (types, size, how many).

import type { TErrorCode } from "../reference/error-codes";
import { addDays } from "./dates";

/** Most priced lines a proposal may have. */
export const PROPOSAL_MAX_LINES = 200;
/** Most concessions a proposal may list. */
export const PROPOSAL_MAX_CONCESSIONS = 20;
/** Highest total a proposal may come to, in its currency. */
export const PROPOSAL_MAX_TOTAL = 100_000_000;
/** Most files one proposal carries. */
export const PROPOSAL_MAX_ATTACHMENTS = 10;
/** Largest file a proposal may carry, in bytes (10 MB). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Longest name an attachment keeps (the uploaded file's own name, cleaned). */
export const ATTACHMENT_NAME_MAX_LENGTH = 120;

/**
 * What a proposal may carry (a floor plan, a rate sheet, photos), told by content when uploaded:
 * the content type, the extension its stored file ends in, and what people call it.
 */
export const ATTACHMENT_TYPES = [
  { contentType: "application/pdf", extension: "pdf", label: "PDF" },
  { contentType: "image/png", extension: "png", label: "PNG" },
  { contentType: "image/jpeg", extension: "jpg", label: "JPEG" },
  { contentType: "image/webp", extension: "webp", label: "WebP" },
  {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extension: "docx",
    label: "Word",
  },
  {
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    extension: "xlsx",
    label: "Excel",
  },
] as const;
export type TAttachmentType = (typeof ATTACHMENT_TYPES)[number];
export type TAttachmentContentType = TAttachmentType["contentType"];
export const ATTACHMENT_CONTENT_TYPES = ATTACHMENT_TYPES.map((t) => t.contentType) as [
  TAttachmentContentType,
  ...TAttachmentContentType[],
];

/** The attachment type of a content type, or null for one a proposal may not carry. */
export const attachmentType = (contentType: string): TAttachmentType | null =>
  ATTACHMENT_TYPES.find((t) => t.contentType === contentType) ?? null;

/** "PDF, PNG, JPEG, WebP, Word or Excel": the types a proposal may carry, in words. */
export const ATTACHMENT_TYPES_TEXT = `${ATTACHMENT_TYPES.slice(0, -1)
  .map((t) => t.label)
  .join(", ")} or ${ATTACHMENT_TYPES.at(-1)!.label}`;

type TLine = {
  dates: readonly string[];
  quantity: number;
  unit: string;
  unitPrice: number;
};
type TPriced = {
  price: number | null;
  lines?: readonly TLine[];
  expiresOn?: string | null;
};

const BY_THE_DAY = new Set(["Per Day", "Per Night"]);

/** Most days a proposal is priced over (an event longer than a year is priced over its first). */
export const PROPOSAL_MAX_DAYS = 366;

/** The days a proposal is priced over: every day of the event, first to last. */
export function proposalDays(event: { startDate: string; endDate: string }): string[] {
  const days: string[] = [];
  for (
    let day = event.startDate;
    day <= event.endDate && days.length < PROPOSAL_MAX_DAYS;
    day = addDays(day, 1)
  ) {
    days.push(day);
  }
  return days;
}

/** The days a line is priced for: its own dates, or every day of the event when it names none. */
export function lineDays(line: Pick<TLine, "dates">, eventDays: readonly string[]): string[] {
  return line.dates.length > 0 ? [...new Set(line.dates)].sort() : [...eventDays];
}

/** A line's amount, rounded to the cent. */
export function lineAmount(line: TLine, eventDays: readonly string[]): number {
  const times = BY_THE_DAY.has(line.unit) ? Math.max(1, lineDays(line, eventDays).length) : 1;
  return cents(line.quantity * line.unitPrice * times);
}

export type TProposalTotals = {
  /** Each line's amount, in the lines' order. */
  lines: number[];
  /** Everything; null for a proposal with neither lines nor a price. */
  total: number | null;
  /** Per event day: what the lines priced by the day or dated to it come to on that day. */
  perDay: { date: string; amount: number }[];
  /** What no single day carries: undated lines priced once, or the one price of a line-less proposal. */
  undated: number;
};

/** The totals of a proposal for an event of `eventDays`. */
export function proposalTotals(proposal: TPriced, eventDays: readonly string[]): TProposalTotals {
  const lines = proposal.lines ?? [];
  if (lines.length === 0) {
    return {
      lines: [],
      total: proposal.price,
      perDay: [],
      undated: proposal.price ?? 0,
    };
  }
  const amounts = lines.map((line) => lineAmount(line, eventDays));
  const byDay = new Map<string, number>();
  let undated = 0;
  lines.forEach((line, i) => {
    const days = lineDays(line, eventDays);
    if (BY_THE_DAY.has(line.unit) && days.length > 0) {
      const each = line.quantity * line.unitPrice;
      for (const day of days) byDay.set(day, (byDay.get(day) ?? 0) + each);
    } else if (line.dates.length === 1) {
      byDay.set(line.dates[0]!, (byDay.get(line.dates[0]!) ?? 0) + amounts[i]!);
    } else {
      undated += amounts[i]!;
    }
  });
  return {
    lines: amounts,
    total: cents(amounts.reduce((sum, a) => sum + a, 0)),
    perDay: [...byDay]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, amount]) => ({ date, amount: cents(amount) })),
    undated: cents(undated),
  };
}

/** Whether a proposal can no longer be accepted on `today` (YYYY-MM-DD): after its expiry date. */
export const proposalExpired = (proposal: Pick<TPriced, "expiresOn">, today: string): boolean =>
  proposal.expiresOn !== null && proposal.expiresOn !== undefined && proposal.expiresOn < today;

const cents = (n: number) => Math.round(n * 100) / 100;

const MONEY = new Map<string, Intl.NumberFormat>();

/** "$1,500", "$1,200.50", "€980", "CA$75": an amount in its currency, cents only when there are any. */
export function formatProposalMoney(amount: number, currency: string): string {
  const withCents = !Number.isInteger(amount);
  const key = `${currency}|${withCents}`;
  let format = MONEY.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: withCents ? 2 : 0,
      maximumFractionDigits: 2,
    });
    MONEY.set(key, format);
  }
  return format.format(amount);
}

/**
 * The rules a proposal keeps beyond its contract (ZProposal), each refused with its API error
 * code: the server answers the first with a 400, the venue's form shows each beside its field.
 */
export const PROPOSAL_PROBLEM_CODES = [
  "PROPOSAL_REQUIRED",
  "PROPOSAL_DATES_REQUIRED",
  "DATES_OUTSIDE_EVENT",
  "PROPOSAL_EXPIRY_PAST",
  "DEPOSIT_DUE_PAST",
  "DEPOSIT_REFUNDABLE_PAST",
  "PROPOSAL_TOTAL_TOO_HIGH",
] as const satisfies readonly TErrorCode[];
export type TProposalProblemCode = (typeof PROPOSAL_PROBLEM_CODES)[number];

/** One broken rule: its code, where it shows, and what it says. */
export type TProposalProblem = {
  code: TProposalProblemCode;
  /**
   * The field it is about, as a path in the proposal: "dates", "lines.2.dates", "expiresOn",
   * "deposit.dueDate", "deposit.refundableUntil", or "total" (what the proposal comes to); "" when there is no proposal.
   */
  path: string;
  message: string;
  /** What the API's error carries beside the message: the dates outside the event, the total. */
  details?: { dates: string[] } | { total: number };
};

/** What the rules read of a proposal (ZProposal's, or as much of it as a form has so far). */
export type TCheckedProposal = {
  dates: readonly string[];
  price: number | null;
  currency: string;
  lines: readonly TLine[];
  /**
   * A due date typed as "" (none yet) is the contract's to refuse, not a past one; no refund date
   * (null, or left out) is a deposit not refundable once paid.
   */
  deposit: { dueDate: string; refundableUntil?: string | null } | null;
  expiresOn: string | null;
};

/**
 * Every rule `proposal` breaks for an event of those dates on `today` (YYYY-MM-DD, UTC), in the
 * order the server tells them: there is one; it names at least one date it can host; its dates and
 * its lines' are the event's; it expires, its deposit falls due and stays refundable until, today
 * at the earliest; it comes to PROPOSAL_MAX_TOTAL at most. None: the proposal may be sent.
 */
export function proposalProblems(
  proposal: TCheckedProposal | null,
  event: { startDate: string; endDate: string },
  today: string,
): TProposalProblem[] {
  if (!proposal) {
    return [
      {
        code: "PROPOSAL_REQUIRED",
        path: "",
        message:
          "Send a proposal (a message, the dates you can host, a price) with the move to Interested.",
      },
    ];
  }
  const problems: TProposalProblem[] = [];
  if (proposal.dates.length === 0) {
    problems.push({
      code: "PROPOSAL_DATES_REQUIRED",
      path: "dates",
      message: "Pick at least one of the event's dates you can host.",
    });
  }
  const outsideAt = (path: string, dates: readonly string[]) => {
    const outside = [...new Set(dates)].filter((d) => d < event.startDate || d > event.endDate);
    if (outside.length === 0) return;
    problems.push({
      code: "DATES_OUTSIDE_EVENT",
      path,
      message: `The event runs from ${event.startDate} to ${event.endDate}; ${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} outside it.`,
      details: { dates: outside },
    });
  };
  outsideAt("dates", proposal.dates);
  proposal.lines.forEach((line, i) => {
    outsideAt(`lines.${i}.dates`, line.dates);
  });
  if (proposal.expiresOn && proposal.expiresOn < today) {
    problems.push({
      code: "PROPOSAL_EXPIRY_PAST",
      path: "expiresOn",
      message: `A proposal cannot expire before today (${today}); ${proposal.expiresOn} has passed.`,
    });
  }
  if (proposal.deposit?.dueDate && proposal.deposit.dueDate < today) {
    problems.push({
      code: "DEPOSIT_DUE_PAST",
      path: "deposit.dueDate",
      message: `A deposit cannot fall due before today (${today}); ${proposal.deposit.dueDate} has passed.`,
    });
  }
  const refundableUntil = proposal.deposit?.refundableUntil;
  if (refundableUntil && refundableUntil < today) {
    problems.push({
      code: "DEPOSIT_REFUNDABLE_PAST",
      path: "deposit.refundableUntil",
      message: `A deposit cannot stop being refundable before today (${today}); ${refundableUntil} has passed.`,
    });
  }
  const { total } = proposalTotals(proposal, proposalDays(event));
  if (total !== null && total > PROPOSAL_MAX_TOTAL) {
    const money = (n: number) => formatProposalMoney(n, proposal.currency);
    problems.push({
      code: "PROPOSAL_TOTAL_TOO_HIGH",
      path: "total",
      message: `A proposal may come to ${money(PROPOSAL_MAX_TOTAL)} at most; this one comes to ${money(total)}.`,
      details: { total },
    });
  }
  return problems;
}
