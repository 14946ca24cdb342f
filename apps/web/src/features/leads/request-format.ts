// How requests, leads and proposals read, on the organizer's pages and in the recipients' pipeline
// alike: urgency, space, place (spec §5 location summaries), prices, distances, response times,
// lead counts and status changes. The spec's own formats come from the domain's display rules.
import type { PRICE_UNITS, TLead, TLeadHistoryEntry } from "@hostfield/domain/contracts";
import {
  LEAD_STATUSES,
  type TLeadStatus,
  type TUrgencyLevel,
  URGENCY_LEVELS,
} from "@hostfield/domain/reference";
import { formatCount, locationSummary, sportsSummary } from "@hostfield/domain/rules";

/** The reference list's urgency level (spec §3: label and tag), or null for none. */
export function urgencyLevel(priority: number | null | undefined): TUrgencyLevel | null {
  return URGENCY_LEVELS.find((level) => level.priority === priority) ?? null;
}

type TSpaceFields = {
  needsSpecificSpaceType: boolean;
  spaceType: string | null;
  spaceSurface: string | null;
  spaceTypeCount: number | null;
  spaceLocation: string | null;
};

/** "Court × 4 · Indoor · Hardwood"; null when no specific space is asked for. */
export function spaceSummary(request: TSpaceFields): string | null {
  if (!request.needsSpecificSpaceType || !request.spaceType) return null;
  // "×" rather than a plural: space names do not all pluralise with an s (Lanes, Open Water).
  const parts = [`${request.spaceType} × ${request.spaceTypeCount ?? 1}`];
  if (request.spaceLocation === "Both") parts.push("Indoor or outdoor");
  else if (request.spaceLocation) parts.push(request.spaceLocation);
  if (request.spaceSurface && request.spaceSurface !== "N/A") parts.push(request.spaceSurface);
  return parts.join(" · ");
}

/**
 * Spec §5: 'Looking Nationally', 'Looking within {dist} mi of {address}'. The place the server
 * found ("Indianapolis, IN") reads better than what was typed, when there is one.
 */
export function whereSummary(request: {
  address: string | null;
  dist: number | null;
  placeLabel?: string | null;
}): string {
  return locationSummary({
    address: request.address ? (request.placeLabel ?? request.address) : null,
    dist: request.dist,
  });
}

/** The sports as spec §5 shows them ('Multi Sport' for several), or the list when asked. */
export function sportsLine(sports: readonly string[], full = false): string {
  return full ? sports.join(", ") : sportsSummary(sports);
}

/** Dollars with thousands separators, and cents only when there are any (as costs read). */
const dollars = (amount: number) => {
  const cents = Number.isInteger(amount) ? 0 : 2;
  return `$${amount.toLocaleString("en-US", { minimumFractionDigits: cents, maximumFractionDigits: 2 })}`;
};

const UNIT_WORDS: Record<(typeof PRICE_UNITS)[number], string> = {
  Total: "total",
  "Per Participant": "/ Participant",
  "Per Team": "/ Team",
  "Per Night": "/ Night",
};

/**
 * "$12,000 total", "$25 / Participant": the shape of the domain's formatCost ("$N / Team"), with
 * separators, which venue totals in the tens of thousands need; null without a price.
 */
export function formatPrice(
  price: number | null | undefined,
  unit: (typeof PRICE_UNITS)[number] | null | undefined,
): string | null {
  if (price === null || price === undefined) return null;
  return unit ? `${dollars(price)} ${UNIT_WORDS[unit]}` : dollars(price);
}

/** "38 mi", "2.3 mi"; null without a distance. */
export function formatMiles(miles: number | null | undefined): string | null {
  if (miles === null || miles === undefined) return null;
  return `${miles < 10 ? miles.toFixed(1).replace(/\.0$/, "") : Math.round(miles)} mi`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "under a minute", "25 min", "3 h", "2 days": rounded up, in the units of the domain's
 * responseTimeLabel (hours below two days, then days).
 */
export function formatDuration(ms: number): string {
  if (ms < MINUTE) return "under a minute";
  if (ms < HOUR) return `${Math.ceil(ms / MINUTE)} min`;
  if (ms < 2 * DAY) return `${Math.ceil(ms / HOUR)} h`;
  return `${Math.ceil(ms / DAY)} days`;
}

/** "Responded in 3 h": from the lead's creation to its first response; null before one. */
export function respondedIn(lead: Pick<TLead, "createdDate" | "firstResponseDate">): string | null {
  if (!lead.firstResponseDate) return null;
  const ms = Date.parse(lead.firstResponseDate) - Date.parse(lead.createdDate);
  if (!Number.isFinite(ms)) return null;
  return `Responded in ${formatDuration(Math.max(0, ms))}`;
}

/** "Open → Interested", or "Received as Open" for the lead's first status. */
export function historyTitle(entry: Pick<TLeadHistoryEntry, "fromStatus" | "toStatus">): string {
  return entry.fromStatus
    ? `${entry.fromStatus} → ${entry.toStatus}`
    : `Received as ${entry.toStatus}`;
}

/** Compare the answers first: the winner, the proposals, the silent, then those out of the running. */
const COMPARISON_ORDER: readonly TLeadStatus[] = ["Won", "Interested", "Open", "Passed", "Lost"];
export function forComparison(leads: readonly TLead[]): TLead[] {
  return [...leads].sort(
    (a, b) => COMPARISON_ORDER.indexOf(a.status) - COMPARISON_ORDER.indexOf(b.status),
  );
}

/** The counts per status, every status present, in the spec's order (spec §3). */
export function leadCountList(counts: Partial<Record<TLeadStatus, number>>) {
  return LEAD_STATUSES.map((status) => ({ status, count: counts[status] ?? 0 }));
}

export function leadTotal(counts: Partial<Record<TLeadStatus, number>>): number {
  return Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

/** "1 lead", "2,000 leads". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;
