// How requests, leads and proposals read, on the organizer's pages and in the recipients' pipeline
// alike: urgency, space, place (spec §5 location summaries), prices, distances, response times,
// lead counts, status changes and what a revision is asked for. The spec's own formats come from
// the domain's display rules.
import {
  type PRICE_UNITS,
  REVISION_TOPIC_LABELS,
  type TLead,
  type TLeadHistoryEntry,
  type TRequestDates,
  type TRevisionTopic,
} from "@hostfield/domain/contracts";
import {
  LEAD_STATUSES,
  type TLeadStatus,
  type TUrgencyLevel,
  URGENCY_LEVELS,
} from "@hostfield/domain/reference";
import {
  describeRequestDates,
  formatCount,
  locationSummary,
  qualifyingFacilitiesReason,
  soleQualifyingFacility,
  sportsSummary,
  windowDateSets,
  withoutFacility,
} from "@hostfield/domain/rules";
import { formatDateTime } from "../../lib/date-format";

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

/**
 * A request's flexible dates in words, with how many date sets a window holds: "2 days in a row,
 * Sat, Sun, between Sat, Mar 6th and Sun, Apr 25th, 2027 (7 date sets)"; null when the request
 * takes the event's own dates.
 */
export function askedDatesText(options: TRequestDates | null | undefined): string | null {
  const words = describeRequestDates(options ?? null);
  if (!words || !options) return null;
  if (options.kind === "sets") return words;
  return `${words} (${plural(windowDateSets(options).length, "date set")})`;
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

/**
 * "Reaches this venue on Nov 28, 2026, 10:00 AM" while a hot request's head start still holds the
 * lead back from its venue (which cannot have seen it, let alone answered); null once it arrived.
 */
export function reachesVenueOn(lead: Pick<TLead, "visibleFrom">, now: Date): string | null {
  if (!(Date.parse(lead.visibleFrom) > now.getTime())) return null;
  return `Reaches this venue on ${formatDateTime(lead.visibleFrom)}`;
}

/** "Open → Interested", or "Received as Open" for the lead's first status. */
export function historyTitle(entry: Pick<TLeadHistoryEntry, "fromStatus" | "toStatus">): string {
  return entry.fromStatus
    ? `${entry.fromStatus} → ${entry.toStatus}`
    : `Received as ${entry.toStatus}`;
}

/** "To change: price, hotel rooms": what a revision ask names, in the topics' words; null for none. */
export function revisionChangesText(changes: readonly TRevisionTopic[]): string | null {
  if (changes.length === 0) return null;
  const words = changes.map((topic) => REVISION_TOPIC_LABELS[topic].toLowerCase());
  return `To change: ${words.join(", ")}`;
}

/** Compare the answers first: the winner, the proposals, the silent, then those out of the running. */
const COMPARISON_ORDER: readonly TLeadStatus[] = ["Won", "Interested", "Open", "Passed", "Lost"];
export function forComparison(leads: readonly TLead[]): TLead[] {
  return [...leads].sort(
    (a, b) => COMPARISON_ORDER.indexOf(a.status) - COMPARISON_ORDER.indexOf(b.status),
  );
}

/** One lead of a venue's group: the facility it proposes, when a destination answers for one. */
export type TVenueLead = { lead: TLead; proposes: string | null; reasons: string[] };
/** A venue and every lead that proposes it: the venue's own lead first. */
export type TVenueGroup = { key: string; leads: TVenueLead[] };

/**
 * The leads grouped by venue, in the order of `leads`: a destination whose only qualifying facility
 * has a lead of its own joins that facility's group (both stand for one venue), after the
 * facility's lead; every other lead is a venue of its own. Reasons are said once per group: a
 * lead's repeated reasons go, and so do a destination's reasons its facility's row already gives.
 */
export function groupByVenue(leads: readonly TLead[]): TVenueGroup[] {
  const facilityLeads = new Map<string, TLead>();
  for (const lead of leads) {
    if (lead.owner.ownerType === "Facility" && !facilityLeads.has(lead.owner.name)) {
      facilityLeads.set(lead.owner.name, lead);
    }
  }
  const proposed = (lead: TLead) => {
    if (lead.owner.ownerType !== "Destination") return null;
    const facility = soleQualifyingFacility(lead.reasons);
    return facility ? (facilityLeads.get(facility) ?? null) : null;
  };
  const groups = new Map<string, TVenueGroup>();
  const groupOf = (key: string) => {
    let group = groups.get(key);
    if (!group) {
      group = { key, leads: [] };
      groups.set(key, group);
    }
    return group;
  };
  // The groups in the order of each one's first lead; then each venue's own lead first.
  for (const lead of leads) groupOf((proposed(lead) ?? lead).id);
  for (const lead of leads) {
    const facility = proposed(lead);
    const group = groupOf((facility ?? lead).id);
    const own = [...new Set(lead.reasons)];
    if (!facility) {
      group.leads.unshift({ lead, proposes: null, reasons: own });
      continue;
    }
    const said = new Set(facility.reasons);
    const name = facility.owner.name;
    group.leads.push({
      lead,
      proposes: name,
      // "1 listed facility qualifies" is said by naming the facility; the rest only once.
      reasons: [
        ...new Set(
          own
            .filter((reason) => reason !== qualifyingFacilitiesReason(1))
            .map((reason) => withoutFacility(reason, name)),
        ),
      ].filter((reason) => !said.has(reason)),
    });
  }
  return [...groups.values()];
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
