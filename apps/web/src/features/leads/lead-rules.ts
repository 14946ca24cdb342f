// Who may do what with a lead, on both sides, as the pages apply the domain's status machine
// (rules/leads.ts): the moves each side may make, the patch a move sends, what a reason needs,
// which leads move in bulk, and the tiers that open the RFP marketplace (rules/membership.ts).
// What a proposal needs is proposal-form-rules.ts's.
import {
  type THeldBackRequests,
  type TLead,
  type TPatchOperation,
  type TProposal,
  ZLeadEditable,
} from "@hostfield/domain/contracts";
import {
  type TDeclineReasonCode,
  TIERS,
  type TLeadStatus,
  type TTier,
} from "@hostfield/domain/reference";
import {
  addDays,
  canMoveLead,
  diffDays,
  FINAL_LEAD_STATUSES,
  formatCount,
  HOT_LEAD_HEAD_START_MS,
  LEAD_REASON_MAX_LENGTH,
  LEAD_STATUS_SIDE,
  leadStatusNeedsReason,
  type TLeadSide,
  tierAllowsHotLeads,
  tierAllowsRfpMarketplace,
} from "@hostfield/domain/rules";
import type { TReasonCheck } from "../../ui/confirm/reason-dialog";

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

/** Won and Lost: the organizer decided (only admins move such a lead again). */
export const isFinalStatus = (status: TLeadStatus): boolean => FINAL_LEAD_STATUSES.includes(status);

/** Each answer of movesOf, kept: the same question answers the same (frozen) list. */
const MOVES = new Map<string, readonly TLeadStatus[]>();

/**
 * Where one side may move a lead from `from`: the statuses it owns that the machine allows. The
 * same list each time it is asked the same, so a board's memoized cards see their moves unchanged.
 */
function movesOf(
  side: TLeadSide,
  from: TLeadStatus,
  options: { isAdmin?: boolean },
): readonly TLeadStatus[] {
  const key = `${side}|${from}|${options.isAdmin === true}`;
  let moves = MOVES.get(key);
  if (!moves) {
    moves = Object.freeze(
      BOARD_STATUSES.filter(
        (to) => LEAD_STATUS_SIDE[to] === side && canMoveLead(from, to, options),
      ),
    );
    MOVES.set(key, moves);
  }
  return moves;
}

/**
 * Where a destination's or facility's staff may move a lead from `from` (admins may also reopen a
 * final lead).
 */
export function recipientMoves(
  from: TLeadStatus,
  options: { isAdmin?: boolean } = {},
): readonly TLeadStatus[] {
  return movesOf("recipient", from, options);
}

export function canRecipientMove(
  from: TLeadStatus,
  to: TLeadStatus,
  options: { isAdmin?: boolean } = {},
): boolean {
  return recipientMoves(from, options).includes(to);
}

/** What the event's organizers may decide for a lead in `from`: award it (Won) or decline it (Lost). */
export function organizerMoves(from: TLeadStatus): readonly TLeadStatus[] {
  return movesOf("organizer", from, {});
}

/** Whether the organizer may award or decline this lead now (it answered with a proposal). */
export const canDecide = (status: TLeadStatus): boolean => organizerMoves(status).length > 0;

/**
 * The leads an award takes out of the running: every other lead of the event still Open or
 * Interested loses, with the award's reason (the server's award does the same).
 */
export const AWARD_LOSER_STATUSES: readonly TLeadStatus[] = ["Open", "Interested"];

/** A lead whose status came with a reason (passed or lost) shows it. */
export const showsStatusReason = (status: TLeadStatus): boolean => leadStatusNeedsReason(status);

/** An Interested lead's proposal can still be changed by its recipient. */
export const canReviseProposal = (status: TLeadStatus): boolean => status === "Interested";

/**
 * Whether the organizer may ask the venue to revise its proposal: one still in the running
 * (Interested, with a proposal, as the server requires) and not already asked (an open ask stays
 * until the venue's next version answers it).
 */
export const canAskRevision = (
  lead: Pick<TLead, "status" | "proposal" | "revisionRequest">,
): boolean =>
  canReviseProposal(lead.status) && lead.proposal !== null && lead.revisionRequest === null;

/**
 * The organizer's ask to revise, while it is open: until the venue's next version answers it, and
 * only while the lead is still in the running (the server keeps it on a lead decided meanwhile).
 */
export const openRevisionRequest = (
  lead: Pick<TLead, "status" | "revisionRequest">,
): TLead["revisionRequest"] => (canReviseProposal(lead.status) ? lead.revisionRequest : null);

/** Whether the proposal was revised, so its earlier versions are worth a look. */
export const hasEarlierVersions = (lead: Pick<TLead, "proposalVersion">): boolean =>
  (lead.proposalVersion ?? 0) > 1;

/** Several leads are passed on or assigned at once only while they are Open. */
export const isBulkSelectable = (status: TLeadStatus): boolean => status === "Open";

/** Why a recipient's move (a drop on a column) is refused, in words. */
export function refusedMoveMessage(from: TLeadStatus, to: TLeadStatus): string {
  if (!isRecipientStatus(to)) return `Only the organizer moves a lead to ${to}.`;
  if (isFinalStatus(from)) return `This lead is ${from}, which is final.`;
  if (from === "Passed" && to === "Interested") return "Reopen the lead before you respond to it.";
  return `A lead cannot move from ${from} to ${to}.`;
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
 * with the reason when there is one and the proposal when it is a move to Interested. Both sides
 * send their moves with it (the organizer's award and decline too).
 */
export function movePatch(
  to: TLeadStatus,
  extra: {
    reason?: string | null;
    reasonCode?: TDeclineReasonCode | null;
    othersReason?: string | null;
    proposal?: TProposal | null;
    /** For an award: the proposal version the organizer read (the server refuses a replaced one). */
    version?: number | null;
  } = {},
): TPatchOperation[] {
  const ops: TPatchOperation[] = [{ op: "replace", path: "/status", value: to }];
  const reason = extra.reason?.trim();
  if (reason) ops.push({ op: "replace", path: "/reason", value: reason });
  if (to === "Lost" && extra.reasonCode) {
    ops.push({ op: "replace", path: "/reasonCode", value: extra.reasonCode });
  }
  const othersReason = extra.othersReason?.trim();
  if (to === "Won" && othersReason) {
    ops.push({ op: "replace", path: "/othersReason", value: othersReason });
  }
  if (to === "Won" && extra.version)
    ops.push({ op: "replace", path: "/version", value: extra.version });
  if (to === "Interested" && extra.proposal) {
    ops.push({ op: "replace", path: "/proposal", value: extra.proposal });
  }
  return ops;
}

/** Changing an Interested lead's proposal without moving it. */
export function proposalPatch(proposal: TProposal): TPatchOperation[] {
  return [{ op: "replace", path: "/proposal", value: proposal }];
}

// ---- reasons, checked against the contract before they are sent ----

/**
 * The reason to send, or why it cannot go: ZLeadEditable's reason (trimmed, at most
 * LEAD_REASON_MAX_LENGTH), required for the moves that need one.
 */
export function checkReason(
  text: string,
  required: boolean,
): { ok: true; reason: string | null } | { ok: false; problem: "missing" | "too long" } {
  const parsed = ZLeadEditable.shape.reason.safeParse(text);
  if (!parsed.success) return { ok: false, problem: "too long" };
  const reason = parsed.data || null;
  if (required && !reason) return { ok: false, problem: "missing" };
  return { ok: true, reason };
}

export const REASON_TOO_LONG = `Use at most ${formatCount(LEAD_REASON_MAX_LENGTH)} characters.`;

/** The reason dialog's check for a lead's status change; `missing` says who reads the reason. */
export function leadReasonCheck(required: boolean, missing: string): TReasonCheck {
  return (text) => {
    const checked = checkReason(text, required);
    if (checked.ok) return checked;
    return { ok: false, message: checked.problem === "missing" ? missing : REASON_TOO_LONG };
  };
}

/** What passing asks, one lead or several: a reason, which the organizer reads. */
export const PASS_REASON_PROPS = {
  confirmText: "Pass",
  hint: "The organizer reads this.",
  maxLength: LEAD_REASON_MAX_LENGTH,
  required: true,
  check: leadReasonCheck(true, "Say briefly why; the organizer reads it."),
} as const;

// ---- the RFP marketplace ----

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

/** The tiers whose listings see hot requests at once, the highest first: "Gold and Silver". */
export function hotLeadTiersText(): string {
  const tiers = [...unlockingTiers().hotLeads].reverse();
  if (tiers.length <= 1) return tiers.join("");
  return `${tiers.slice(0, -1).join(", ")} and ${tiers.at(-1)}`;
}

/**
 * What the marketplace tells a listing a hot request's head start holds requests back from: how
 * many, when the next arrives (`when`, written out), and which tiers see them now. "1 hot request
 * reaches your listing 24 hours after it went out, on Nov 28, 2026, 10:00 AM. Gold and Silver
 * listings see it at once."
 */
export function heldBackText(held: THeldBackRequests, when: string): string {
  const one = held.requests === 1;
  const it = one ? "it" : "them";
  const yours = held.listings === 1 ? "your listing" : "your listings";
  return [
    one
      ? `1 hot request reaches ${yours} ${headStartText()} after it went out, on ${when}.`
      : `${formatCount(held.requests)} hot requests reach ${yours} ${headStartText()} after they went out, the next on ${when}.`,
    `${hotLeadTiersText()} listings see ${it} at once.`,
  ].join(" ");
}

/**
 * The note beside a lead the head start still holds back from its venue (so its tier has no hot
 * leads): "This venue's membership gets hot requests 24 hours after Gold and Silver listings."
 */
export function heldBackLeadNote(): string {
  return `This venue's membership gets hot requests ${headStartText()} after ${hotLeadTiersText()} listings.`;
}

/** A proposal may name at most this many dates (ZProposal); longer events take dates one by one. */
export const PROPOSAL_MAX_DATES = 60;

/** The calendar days from start to end, both included; none when the range is too long to list. */
export function eventDays(start: string, end: string, max = PROPOSAL_MAX_DATES): string[] {
  const span = diffDays(start, end);
  if (span < 0 || span + 1 > max) return [];
  return Array.from({ length: span + 1 }, (_, i) => addDays(start, i));
}

/**
 * A need-date match: the venue had marked some of the request's dates as days it wants to fill
 * ("You marked Sat, Mar 13th - Sun, Mar 14th, 2027 as need dates (10% off)", the server's words).
 */
export const isNeedDateReason = (reason: string): boolean => reason.startsWith("You marked ");

/** The reasons with need-date matches first (the venue reads them first), the rest in order. */
export function needDatesFirst(reasons: readonly string[]): string[] {
  return [...reasons.filter(isNeedDateReason), ...reasons.filter((r) => !isNeedDateReason(r))];
}

export const NEED_DATES_MATCH = "Need dates match";
