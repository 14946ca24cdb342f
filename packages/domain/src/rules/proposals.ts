// What a proposal costs: one rule for the venue's form, the organizer's comparison, the server's
// limits and the bench. A line's amount is its quantity times its unit price, times its days for
// a price by the day or the night (its own dates, or every day of the event when it names none).
// Lines make the total; a proposal without lines (as the first ones were) totals its one price.

import { addDays } from "./dates";

/** Most priced lines a proposal may have. */
export const PROPOSAL_MAX_LINES = 200;
/** Most concessions a proposal may list. */
export const PROPOSAL_MAX_CONCESSIONS = 20;
/** Highest total a proposal may come to, in its currency. */
export const PROPOSAL_MAX_TOTAL = 100_000_000;

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
