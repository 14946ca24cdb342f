// The lead pipeline's rules: which status may follow which, who moves a lead there, which moves
// need a reason, which requests are hot, and how a response time reads. The spec lists the
// statuses (Open, Interested, Won, Lost, Passed) but not the transitions; these are ours.
import {
  DECLINE_REASONS,
  type TDeclineReasonCode,
  type TLeadStatus,
  type TUrgencyPriority,
} from "../reference/leads";

/**
 * Open → Interested | Passed; Interested → Won | Lost | Passed; Passed → Open. Won and Lost are
 * final (admins may still move them, see canMoveLead).
 */
export const LEAD_TRANSITIONS: Readonly<Record<TLeadStatus, readonly TLeadStatus[]>> = {
  Open: ["Interested", "Passed"],
  Interested: ["Won", "Lost", "Passed"],
  Passed: ["Open"],
  Won: [],
  Lost: [],
};

export const FINAL_LEAD_STATUSES: readonly TLeadStatus[] = ["Won", "Lost"];

/**
 * Who moves a lead into a status: the recipient (the destination's or facility's staff) answers
 * it (Interested, Passed, back to Open); the organizer decides it (Won, Lost).
 */
export type TLeadSide = "recipient" | "organizer";
export const LEAD_STATUS_SIDE: Readonly<Record<TLeadStatus, TLeadSide>> = {
  Open: "recipient",
  Interested: "recipient",
  Passed: "recipient",
  Won: "organizer",
  Lost: "organizer",
};

/** Whether `from` → `to` is allowed; admins may also reopen or change a final status. */
export function canMoveLead(
  from: TLeadStatus,
  to: TLeadStatus,
  options: { isAdmin?: boolean } = {},
): boolean {
  if (from === to) return false;
  if (options.isAdmin && FINAL_LEAD_STATUSES.includes(from)) return true;
  return LEAD_TRANSITIONS[from].includes(to);
}

/** Passing on a lead and losing one say why (the other side is told). */
export const leadStatusNeedsReason = (to: TLeadStatus): boolean => to === "Passed" || to === "Lost";

/** What the venues that lose an award read when the organizer gives them no reason. */
export const DEFAULT_AWARD_REASON = "Another venue was chosen";

/**
 * How a loss's reason reads to the venue: the coded reason's words, then the organizer's own
 * ("Over our budget: we found courts for less"); either alone; null with neither.
 */
export function lossReasonText(
  code: TDeclineReasonCode | null | undefined,
  words: string | null | undefined,
): string | null {
  const label = DECLINE_REASONS.find((r) => r.code === code)?.label ?? null;
  const own = words?.trim() || null;
  // The award's default words say what the code says already.
  if (label && own && own !== DEFAULT_AWARD_REASON) return `${label}: ${own}`;
  return label ?? own;
}

/** Longest reason kept with a status change. */
export const LEAD_REASON_MAX_LENGTH = 500;

/** Urgent Need and Near Future requests are hot leads (spec §3 urgency levels, §4 enableHotLeads). */
export const isHotRequest = (urgency: TUrgencyPriority): boolean => urgency <= 1;

/** How long profiles with hot leads see a hot request before everyone else. */
export const HOT_LEAD_HEAD_START_MS = 24 * 60 * 60 * 1000;

/**
 * When a lead becomes visible to its recipient: at once, unless the request is hot and the
 * recipient's tier has no hot leads, then a day later.
 */
export function leadVisibleFrom(
  publishedAt: Date,
  urgency: TUrgencyPriority,
  recipientHasHotLeads: boolean,
): Date {
  if (!isHotRequest(urgency) || recipientHasHotLeads) return publishedAt;
  return new Date(publishedAt.getTime() + HOT_LEAD_HEAD_START_MS);
}

const HOUR = 60 * 60 * 1000;

/**
 * "usually responds within 4 h" from a typical (median) time to first response; null when there
 * is nothing to go on. Under an hour reads "within an hour"; from two days on, in days.
 */
export function responseTimeLabel(medianMs: number | null): string | null {
  if (medianMs === null || !Number.isFinite(medianMs) || medianMs < 0) return null;
  if (medianMs <= HOUR) return "usually responds within an hour";
  const hours = Math.ceil(medianMs / HOUR);
  if (hours < 48) return `usually responds within ${hours} h`;
  return `usually responds within ${Math.ceil(hours / 24)} days`;
}

// ---- a destination's match reasons, as the server writes them and the organizer's page reads them

const facilityCount = (n: number) => (n === 1 ? "1 listed facility" : `${n} listed facilities`);

/** A destination's first reason: "1 listed facility qualifies", "2 listed facilities qualify". */
export const qualifyingFacilitiesReason = (n: number): string =>
  `${facilityCount(n)} ${n === 1 ? "qualifies" : "qualify"}`;

/** "3 of 3 sports"; with `at` (a destination's best facility): "1 of 1 sport at Hoosier Courts". */
export function sportsReason(offered: number, asked: number, at?: string): string {
  return `${offered} of ${asked} ${asked === 1 ? "sport" : "sports"}${at ? ` at ${at}` : ""}`;
}

const SPORTS_AT = /^\d+ of \d+ sports? at (.+)$/;

/**
 * The facility a destination's lead stands for when it is the only one listed under the
 * destination that qualified (the reasons then read "1 listed facility qualifies", "… at
 * {facility}"); null otherwise (several qualified: the destination offers a choice of sites).
 */
export function soleQualifyingFacility(reasons: readonly string[]): string | null {
  // A calendar's need dates may come before it (what the venue most wants to see).
  const at = reasons.indexOf(qualifyingFacilitiesReason(1));
  if (at < 0) return null;
  return reasons[at + 1]?.match(SPORTS_AT)?.[1] ?? null;
}

/** A destination's reason without the facility it names: "4 hardwood courts at X, needs 4" → "4 hardwood courts, needs 4". */
export const withoutFacility = (reason: string, facility: string): string =>
  reason.replace(` at ${facility}`, "");
