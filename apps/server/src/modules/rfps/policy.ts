// Who is who around a request and its leads, and what each may do: the event's organizers (those who
// may edit the event), the recipient's staff (members of the destination, facility or vendor the
// lead went to; managers and owners answer it), the member a lead is assigned to, and admins.
// Routes and the service ask here; nothing else decides.

import type { TProfileAbility } from "@hostfield/domain/contracts";
import type { TDeclineReasonCode, TLeadStatus } from "@hostfield/domain/reference";
import {
  canMoveLead,
  flagsOfMemberships,
  LEAD_STATUS_SIDE,
  leadStatusNeedsReason,
  type TKindMembership,
} from "@hostfield/domain/rules";
import type { TPrincipal } from "../../platform/http/access";
import {
  AppError,
  badRequest,
  forbidden,
  notFound,
  unauthorized,
} from "../../platform/http/errors";

export const LEAD_ABILITIES = [
  "lead.read",
  /** Move to Interested (with a proposal), Passed, back to Open; revise the proposal. */
  "lead.respond",
  /** Award (Won) or decline (Lost). */
  "lead.decide",
  /** Take back an Open lead. */
  "lead.withdraw",
  /** Assign the lead to one of the recipient's members. */
  "lead.assign",
] as const;
export type TLeadAbility = (typeof LEAD_ABILITIES)[number];

/** The caller's relation to a lead. */
export type TLeadParty = {
  isAdmin: boolean;
  /** May edit the event: its owners and managers. */
  organizer: boolean;
  /** Role on the listing the lead went to (facility managers include its destinations' managers). */
  recipient: "manager" | "member" | null;
  /** The lead is assigned to the caller. */
  assignee: boolean;
};

/** Organizers are those who may edit the event. */
export const isOrganizer = (eventAbilities: readonly TProfileAbility[]) =>
  eventAbilities.includes("profile.update");

/** Managers and owners of the recipient answer its leads; members read them. */
export function recipientRole(abilities: readonly TProfileAbility[]): TLeadParty["recipient"] {
  if (abilities.includes("profile.update")) return "manager";
  if (abilities.includes("profile.readPrivate")) return "member";
  return null;
}

/**
 * Admins may do everything; organizers read, decide and withdraw their event's leads; once a lead
 * is visible, the recipient's managers read, answer and assign it, its members read it, and the
 * member it is assigned to answers it too. A lead not yet visible (hot-lead head start) is not
 * there for its recipient.
 */
export function leadAbilities(party: TLeadParty, visible: boolean): TLeadAbility[] {
  if (party.isAdmin) return [...LEAD_ABILITIES];
  const granted = new Set<TLeadAbility>();
  if (party.organizer) {
    for (const a of ["lead.read", "lead.decide", "lead.withdraw"] as const) granted.add(a);
  }
  if (visible && party.recipient) {
    granted.add("lead.read");
    if (party.recipient === "manager") {
      granted.add("lead.respond");
      granted.add("lead.assign");
    }
    if (party.assignee) granted.add("lead.respond");
  }
  return LEAD_ABILITIES.filter((a) => granted.has(a));
}

/** Missing abilities on a request or a lead: 401 for visitors, else 403 with what is needed. */
export function requireLeadAbility(
  abilities: readonly TLeadAbility[],
  ability: TLeadAbility,
  principal: TPrincipal | null,
): void {
  if (abilities.includes(ability)) return;
  if (!principal) throw unauthorized();
  const messages: Record<TLeadAbility, string> = {
    "lead.read": "The lead was not found.",
    "lead.respond":
      "Only the managers of the destination or facility the lead went to (or the member it is assigned to) answer it.",
    "lead.decide": "Only the event's organizers award or decline a lead.",
    "lead.withdraw": "Only the event's organizers withdraw a lead.",
    "lead.assign": "Only the managers of the destination or facility the lead went to assign it.",
  };
  throw forbidden(messages[ability]);
}

/**
 * Whether the caller may move a lead from `from` to `to`: the side that owns the target status
 * (recipients answer, organizers decide; admins both), then the status machine, then the reason.
 */
export function checkLeadMove(
  abilities: readonly TLeadAbility[],
  principal: TPrincipal,
  from: TLeadStatus,
  to: TLeadStatus,
  reason: string | null,
  reasonCode: TDeclineReasonCode | null = null,
): void {
  const side = LEAD_STATUS_SIDE[to];
  requireLeadAbility(abilities, side === "organizer" ? "lead.decide" : "lead.respond", principal);
  if (!canMoveLead(from, to, { isAdmin: principal.isAdmin })) {
    const final = from === "Won" || from === "Lost";
    throw new AppError(
      "LEAD_TRANSITION_REFUSED",
      409,
      final
        ? `This lead is ${from}, which is final; it cannot move to ${to}.`
        : `A lead cannot move from ${from} to ${to}.`,
      { from, to },
    );
  }
  if (reasonCode !== null && to !== "Lost") {
    throw badRequest("VALIDATION_FAILED", "A coded reason goes with a decline (a move to Lost).");
  }
  if (leadStatusNeedsReason(to) && !reason?.trim() && reasonCode === null) {
    throw badRequest(
      "REASON_REQUIRED",
      to === "Passed"
        ? "Say briefly why you pass on this request; the organizer reads it."
        : "Pick a reason or say briefly why this proposal lost; the bidder reads it.",
    );
  }
}

/**
 * Who reads and writes an event's requests: admins and the event's organizers. The organizer-only
 * routes ask it of one event (requireOrganizer), "My requests" of each of the caller's events.
 */
export const organizes = (
  principal: TPrincipal | null,
  eventAbilities: readonly TProfileAbility[],
): boolean => principal?.isAdmin === true || isOrganizer(eventAbilities);

/** Organizer-only request calls: 401 for visitors, 404 when the event is hidden, else 403. */
export function requireOrganizer(
  principal: TPrincipal | null,
  eventAbilities: readonly TProfileAbility[],
): void {
  if (organizes(principal, eventAbilities)) return;
  if (!principal) throw unauthorized();
  if (eventAbilities.length === 0) throw notFound("The event");
  throw forbidden("Only the event's organizers can do this.");
}

export type TMarketplaceAccess = { allowed: boolean; hotLeads: boolean };

/**
 * The RFP marketplace opens to admins and to members whose memberships enable it (spec §4
 * enableRfpMarketplace): the one rule the user state derives the menu from (flagsOfMemberships),
 * businesses' memberships included, so the menu and the server agree. Hot requests show at once
 * only with enableHotLeads.
 */
export function marketplaceAccess(
  principal: TPrincipal,
  memberships: readonly TKindMembership[],
): TMarketplaceAccess {
  if (principal.isAdmin) return { allowed: true, hotLeads: true };
  const flags = flagsOfMemberships(memberships);
  return { allowed: flags.enableRfpMarketplace, hotLeads: flags.enableHotLeads };
}

export function requireMarketplace(access: TMarketplaceAccess): void {
  if (access.allowed) return;
  throw new AppError(
    "RFP_MARKETPLACE_LOCKED",
    403,
    "The RFP marketplace is part of memberships: join an active destination, facility or business membership (Bronze, Silver or Gold) to browse open requests, or upgrade a Legacy one.",
  );
}
