// The rules of the organizer's proposal comparison (the Compare view of the proposals page): which
// leads are compared, what each proposal leaves out of the request, its amount on each event day,
// and the two orders. What a proposal costs is the domain's proposalTotals; nothing here prices.
import type { TLead } from "@hostfield/domain/contracts";
import {
  formatCount,
  formatEventDate,
  lineDays,
  proposalExpired,
  proposalTotals,
  type TProposalTotals,
} from "@hostfield/domain/rules";
import { spaceSummary } from "../leads";

export const COMPARE_SORTS = ["total", "match"] as const;
export type TCompareSort = (typeof COMPARE_SORTS)[number];

/** A lead with the proposal its venue sent. */
export type TProposedLead = TLead & { proposal: NonNullable<TLead["proposal"]> };

/** One venue's column. */
export type TCompareColumn = {
  lead: TProposedLead;
  totals: TProposalTotals;
  /**
   * The figure the columns sort by: the total, or null when there is none to compare. A lone
   * price per participant, team or night (the first proposals had no lines) is no total, and
   * would read as the cheapest if it were sorted as one.
   */
  total: number | null;
  /** Priced as one figure without lines (the first proposals): nothing is split by day. */
  lonePrice: boolean;
  /** Requested days the venue did not offer; null when the proposal names no dates at all. */
  missingDays: string[] | null;
  leavesOut: string[];
  expired: boolean;
};

// Interested: the proposal is in the running; Won and Lost keep theirs for the record. Open and
// Passed leads have none to compare.
const COMPARED_STATUSES: ReadonlySet<TLead["status"]> = new Set(["Interested", "Won", "Lost"]);

/** The leads with a proposal to compare, in the order given. */
export function proposedLeads(leads: readonly TLead[]): TProposedLead[] {
  return leads.filter(
    (lead): lead is TProposedLead => lead.proposal !== null && COMPARED_STATUSES.has(lead.status),
  );
}

/**
 * The event days a proposal offers: its dates and its lines' own dates; without dates of its
 * own, its lines' days (a line without dates is priced for every day, so it offers every day).
 * Null when it names no dates and has no lines to tell (a lone price with an empty date list).
 */
export function offeredDays(
  proposal: Pick<TProposedLead["proposal"], "dates" | "lines">,
  eventDays: readonly string[],
): string[] | null {
  if (proposal.dates.length === 0 && proposal.lines.length === 0) return null;
  const days =
    proposal.dates.length > 0
      ? [...proposal.dates, ...proposal.lines.flatMap((line) => line.dates)]
      : proposal.lines.flatMap((line) => lineDays(line, eventDays));
  return [...new Set(days)].sort();
}

/** The event days a proposal does not offer; null when it names no dates (see offeredDays). */
export function missingDays(
  proposal: Pick<TProposedLead["proposal"], "dates" | "lines">,
  eventDays: readonly string[],
): string[] | null {
  const offered = offeredDays(proposal, eventDays);
  if (offered === null) return null;
  const has = new Set(offered);
  return eventDays.filter((day) => !has.has(day));
}

/** Whether a line names an extra the request asks to price ("Parking" in "Parking, lot B"). */
const names = (line: { description: string }, extra: string) =>
  line.description.toLowerCase().includes(extra.toLowerCase());

/**
 * What a proposal leaves out of the request, in words: the requested days it does not offer, and
 * what the request asks to price that no line prices: spaces (asked for, or a specific space
 * needed) without a "space" line, hotel rooms (asked for, or room nights given) without a "rooms"
 * line, and each extra the request names that no line's description names. A lone price (no
 * lines) cannot be checked against the asks at all: its message says what it covers.
 */
export function leavesOut(lead: TProposedLead, eventDays: readonly string[]): string[] {
  const { proposal, request } = lead;
  const missing = missingDays(proposal, eventDays);
  const out =
    missing === null
      ? ["Dates not stated"]
      : missing.map((day) => `Not offered: ${formatEventDate(day)}`);
  if (!request || proposal.lines.length === 0) return out;
  const kinds = new Set(proposal.lines.map((line) => line.kind));
  const space = spaceSummary(request);
  if ((space || request.pricing.spaces) && !kinds.has("space")) {
    out.push(space ? `No space priced (asked: ${space})` : "No space priced");
  }
  if ((request.roomNights || request.pricing.rooms) && !kinds.has("rooms")) {
    out.push(
      request.roomNights
        ? `No hotel rooms priced (asked: ${formatCount(request.roomNights)} room nights)`
        : "No hotel rooms priced",
    );
  }
  for (const extra of request.pricing.extras) {
    if (!proposal.lines.some((line) => names(line, extra))) out.push(`Not priced: ${extra}`);
  }
  return out;
}

/** A lone price counts as a total only when it is one ("Total", or no unit given). */
const isTotal = (priceUnit: TProposedLead["proposal"]["priceUnit"]) =>
  priceUnit === null || priceUnit === "Total";

/** One venue's column, for an event of `eventDays`, on `today` (YYYY-MM-DD, as the server's). */
export function compareColumn(
  lead: TProposedLead,
  eventDays: readonly string[],
  today: string,
): TCompareColumn {
  const { proposal } = lead;
  const totals = proposalTotals(proposal, eventDays);
  const lonePrice = proposal.lines.length === 0;
  return {
    lead,
    totals,
    total: lonePrice && !isTotal(proposal.priceUnit) ? null : totals.total,
    lonePrice,
    missingDays: missingDays(proposal, eventDays),
    leavesOut: leavesOut(lead, eventDays),
    expired: proposalExpired(proposal, today),
  };
}

/** Nulls last, whatever the direction. */
const nullsLast = (a: number | null, b: number | null, ascending: boolean) => {
  if (a === null || b === null) return (a === null ? 1 : 0) - (b === null ? 1 : 0);
  return ascending ? a - b : b - a;
};

/**
 * The columns in order: by total, cheapest first; or by match, best score first. Either way a
 * column without the figure comes last, ties fall to the other figure, then to the venue's name.
 */
export function sortColumns(
  columns: readonly TCompareColumn[],
  by: TCompareSort,
): TCompareColumn[] {
  const byTotal = (a: TCompareColumn, b: TCompareColumn) => nullsLast(a.total, b.total, true);
  const byScore = (a: TCompareColumn, b: TCompareColumn) =>
    nullsLast(a.lead.score, b.lead.score, false);
  const [first, second] = by === "total" ? [byTotal, byScore] : [byScore, byTotal];
  return [...columns].sort(
    (a, b) =>
      first(a, b) || second(a, b) || a.lead.owner.name.localeCompare(b.lead.owner.name, "en"),
  );
}

/** The deposit in money: its percent of the total, to the cent; null without a total or deposit. */
export function depositAmount(column: Pick<TCompareColumn, "lead" | "total">): number | null {
  const { deposit } = column.lead.proposal;
  if (!deposit || column.total === null) return null;
  return Math.round(column.total * deposit.percent) / 100;
}

/** A row of the per-day costs: an event day's, or (date null) what no single day carries. */
export type TDayRow = { date: string | null; amounts: (number | null)[] };

/**
 * The per-day rows, one cell per column: each event day's amount (null where a column prices
 * nothing on it), then, when any column has some, what no single day carries (undated lines
 * priced once). A lone price is no day's: its column reads null throughout.
 */
export function perDayRows(columns: readonly TCompareColumn[], eventDays: readonly string[]) {
  const rows: TDayRow[] = eventDays.map((date) => ({
    date,
    amounts: columns.map((column) =>
      column.lonePrice
        ? null
        : (column.totals.perDay.find((day) => day.date === date)?.amount ?? null),
    ),
  }));
  const undated = columns.map((column) =>
    column.lonePrice || column.totals.undated === 0 ? null : column.totals.undated,
  );
  if (undated.some((amount) => amount !== null)) rows.push({ date: null, amounts: undated });
  return rows;
}
