// What the recipient's side of the pipeline may do with a lead and how it reads: the moves the
// status machine allows this side (rules/leads.ts), the patch each move sends, urgency labels,
// the tiers that open the RFP marketplace (rules/membership.ts), and small display formats.
import type { TPatchOperation, TProposal } from "@hostfield/domain/contracts";
import {
  TIERS,
  type TLeadStatus,
  type TTier,
  type TUrgencyLevel,
  URGENCY_LEVELS,
} from "@hostfield/domain/reference";
import {
  addDays,
  canMoveLead,
  diffDays,
  HOT_LEAD_HEAD_START_MS,
  LEAD_STATUS_SIDE,
  leadStatusNeedsReason,
  tierAllowsHotLeads,
  tierAllowsRfpMarketplace,
} from "@hostfield/domain/rules";

/** The board's columns, in the order a lead travels: answered ones, then the organizer's decision. */
export const BOARD_STATUSES: readonly TLeadStatus[] = [
  "Open",
  "Interested",
  "Passed",
  "Won",
  "Lost",
];

/** Whether the recipient's side moves leads into this status (Won and Lost are the organizer's). */
export const isRecipientStatus = (status: TLeadStatus): boolean =>
  LEAD_STATUS_SIDE[status] === "recipient";

/**
 * Where a destination's or facility's staff may move a lead from `from`: the statuses their side
 * owns that the status machine allows (admins may also reopen a final lead).
 */
export function recipientMoves(
  from: TLeadStatus,
  options: { isAdmin?: boolean } = {},
): TLeadStatus[] {
  return BOARD_STATUSES.filter((to) => isRecipientStatus(to) && canMoveLead(from, to, options));
}

export function canRecipientMove(
  from: TLeadStatus,
  to: TLeadStatus,
  options: { isAdmin?: boolean } = {},
): boolean {
  return recipientMoves(from, options).includes(to);
}

/** What a move asks first: a proposal (to Interested), a reason (to Passed), or nothing. */
export type TMoveKind = "proposal" | "reason" | "direct";

export function moveKind(to: TLeadStatus): TMoveKind {
  if (to === "Interested") return "proposal";
  if (leadStatusNeedsReason(to)) return "reason";
  return "direct";
}

/** How the "Move to…" menu and the buttons name a move. */
export function moveLabel(to: TLeadStatus): string {
  if (to === "Interested") return "Interested (send a proposal)";
  if (to === "Passed") return "Passed (say why)";
  if (to === "Open") return "Open (reopen)";
  return to;
}

/**
 * The JSON Patch over {status, reason, proposal} (ZLeadEditable) that moves a lead: the status,
 * with the reason when the move needs one and the proposal when it is a move to Interested.
 */
export function movePatch(
  to: TLeadStatus,
  extra: { reason?: string | null; proposal?: TProposal | null } = {},
): TPatchOperation[] {
  const ops: TPatchOperation[] = [{ op: "replace", path: "/status", value: to }];
  const reason = extra.reason?.trim();
  if (reason) ops.push({ op: "replace", path: "/reason", value: reason });
  if (to === "Interested" && extra.proposal) {
    ops.push({ op: "replace", path: "/proposal", value: extra.proposal });
  }
  return ops;
}

/** Changing an Interested lead's proposal without moving it. */
export function proposalPatch(proposal: TProposal): TPatchOperation[] {
  return [{ op: "replace", path: "/proposal", value: proposal }];
}

export function urgencyLevel(priority: number | null | undefined): TUrgencyLevel | null {
  return URGENCY_LEVELS.find((level) => level.priority === priority) ?? null;
}

/** The chip colour of an urgency: the hotter, the louder. */
export function urgencyColor(priority: number): "error" | "warning" | "default" {
  if (priority === 0) return "error";
  if (priority === 1) return "warning";
  return "default";
}

/** "Bronze, Silver or Gold". */
export function joinOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** The tiers whose active membership opens the marketplace, and those that also get hot leads. */
export function unlockingTiers(): { marketplace: TTier[]; hotLeads: TTier[] } {
  const active = (tier: TTier) => ({ isActive: true, tier });
  return {
    marketplace: TIERS.filter((tier) => tierAllowsRfpMarketplace(active(tier))),
    hotLeads: TIERS.filter((tier) => tierAllowsHotLeads(active(tier))),
  };
}

/** The hot-lead head start in words: "24 hours". */
export function headStartText(): string {
  const hours = Math.round(HOT_LEAD_HEAD_START_MS / 3_600_000);
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

/** A proposal may name at most this many dates (ZProposal). */
export const PROPOSAL_MAX_DATES = 60;

/** The calendar days from start to end, both included; none when the range is too long to list. */
export function eventDays(start: string, end: string, max = PROPOSAL_MAX_DATES): string[] {
  const span = diffDays(start, end);
  if (span < 0 || span + 1 > max) return [];
  return Array.from({ length: span + 1 }, (_, i) => addDays(start, i));
}

/** "$4,500 · Per Team"; nothing without a price. */
export function priceText(price: number | null, unit: string | null): string | null {
  if (price === null) return null;
  const amount = `$${price.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
  return unit ? `${amount} · ${unit}` : amount;
}

/** "4 × Indoor Hardwood Court": what a request needs; null when it asks for no particular space. */
export function spaceNeed(request: {
  spaceType: string | null;
  spaceTypeCount: number | null;
  spaceSurface: string | null;
  spaceLocation: string | null;
}): string | null {
  if (!request.spaceType) return null;
  const surface =
    request.spaceSurface && request.spaceSurface !== "N/A" ? request.spaceSurface : null;
  const location =
    request.spaceLocation && request.spaceLocation !== "Both" ? request.spaceLocation : null;
  // "×" rather than a plural: space names do not all pluralise with an s (Lanes, Open Water).
  const name = [location, surface, request.spaceType].filter(Boolean).join(" ");
  return `${request.spaceTypeCount ?? 1} × ${name}`;
}

/** "38 mi away"; null without a distance. */
export function distanceText(miles: number | null): string | null {
  if (miles === null) return null;
  return `${miles < 10 ? miles.toFixed(1).replace(/\.0$/, "") : Math.round(miles)} mi away`;
}
