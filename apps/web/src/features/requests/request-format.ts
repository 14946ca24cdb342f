// How requests and proposals read: urgency, space, place (spec §5 location summaries), prices,
// distances, response times and lead counts.
import type { PRICE_UNITS, TLead } from "@hostfield/domain/contracts";
import { LEAD_STATUSES, type TLeadStatus, URGENCY_LEVELS } from "@hostfield/domain/reference";
import { FINAL_LEAD_STATUSES, locationSummary, sportsSummary } from "@hostfield/domain/rules";

export function urgencyOf(priority: number | null | undefined) {
  return URGENCY_LEVELS.find((level) => level.priority === priority);
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

const dollars = (amount: number) =>
  `$${amount.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;

const UNIT_WORDS: Record<(typeof PRICE_UNITS)[number], string> = {
  Total: "total",
  "Per Participant": "/ Participant",
  "Per Team": "/ Team",
  "Per Night": "/ Night",
};

/** "$12,000 total", "$25 / Participant" (as costs read, spec §5); null without a price. */
export function formatPrice(
  price: number | null | undefined,
  unit: (typeof PRICE_UNITS)[number] | null | undefined,
): string | null {
  if (price === null || price === undefined) return null;
  return unit ? `${dollars(price)} ${UNIT_WORDS[unit]}` : dollars(price);
}

export function formatMiles(miles: number | null | undefined): string | null {
  if (miles === null || miles === undefined) return null;
  return `${miles < 10 ? miles.toFixed(1).replace(/\.0$/, "") : Math.round(miles)} mi`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "under a minute", "25 min", "3 h", "2 days": rounded up, as response times read. */
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

export const isFinalStatus = (status: TLeadStatus) => FINAL_LEAD_STATUSES.includes(status);

/** Chip colours: decided leads stand out, open ones stay quiet. */
export function statusColor(
  status: TLeadStatus,
): "default" | "primary" | "success" | "error" | "warning" {
  switch (status) {
    case "Won":
      return "success";
    case "Interested":
      return "primary";
    case "Lost":
      return "error";
    case "Passed":
      return "warning";
    default:
      return "default";
  }
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

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
