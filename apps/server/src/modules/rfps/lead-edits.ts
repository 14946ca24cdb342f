// The calls that change a lead: a JSON Patch (a move along the status machine, in lead-moves.ts, or
// a revised proposal), a withdrawal and an assignment.
import {
  REVISION_TOPIC_LABELS,
  type TProposal,
  type TRevisionRequestInput,
  ZLeadEditable,
} from "@hostfield/domain/contracts";
import type { TLeadStatus } from "@hostfield/domain/reference";
import { OWNER_TYPE_KINDS, proposalDays, todayUtc } from "@hostfield/domain/rules";
import type { TPrincipal } from "../../platform/http/access";
import { badRequest, conflict, notFound, validationFailed } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { abilitiesOn, type TLeadAccess } from "./access";
import { checkAttachments } from "./attachments";
import { inTransaction, type TRfpsContext } from "./context";
import { organizerIds } from "./lead-ends";
import { presentLeadById } from "./lead-lists";
import { moveLead } from "./lead-moves";
import { recipientRole, requireLeadAbility } from "./policy";
import { presentProposalVersion } from "./presenter";
import {
  checkProposal,
  nextProposalVersion,
  proposalMessage,
  proposalOf,
  sameProposal,
} from "./proposals";
import * as repo from "./repository/leads";

const LEAD_PATCH_KEYS = new Set(Object.keys(ZLeadEditable.shape));

/**
 * A JSON Patch over {status, reason, proposal}: a change of status moves the lead (with the reason
 * and, for Interested, the proposal); a changed proposal alone revises an Interested lead's one.
 */
export async function patchLead(
  ctx: TRfpsContext,
  granted: TLeadAccess,
  principal: TPrincipal,
  operations: unknown,
) {
  const { lead } = granted;
  const before = {
    status: lead.status,
    reason: null,
    reasonCode: null,
    othersReason: null,
    proposal: proposalOf(lead),
    version: null,
  };
  const after = applyJsonPatch(before, operations) as Record<string, unknown>;
  const unknown = Object.keys(after).filter((key) => !LEAD_PATCH_KEYS.has(key));
  if (unknown.length > 0) {
    throw badRequest(
      "FIELD_NOT_EDITABLE",
      `Only status, reason, reasonCode, othersReason, proposal and version change on a lead; not ${unknown.join(", ")}.`,
    );
  }
  const parsed = ZLeadEditable.safeParse(after);
  if (!parsed.success) {
    throw validationFailed("The change does not make a valid lead.", parsed.error.issues);
  }
  const change = parsed.data;
  if (change.version !== null && (change.status !== "Won" || change.status === lead.status)) {
    throw badRequest("VALIDATION_FAILED", "A proposal version goes with an award (a move to Won).");
  }
  if (change.othersReason && change.status === lead.status) {
    throw badRequest(
      "VALIDATION_FAILED",
      "The other venues' reason goes with an award (a move to Won).",
    );
  }
  if (change.status !== lead.status) {
    return moveLead(ctx, granted, principal, change);
  }
  if (!sameProposal(change.proposal, before.proposal)) {
    return reviseProposal(ctx, granted, principal, change.proposal);
  }
  if (change.reason) {
    throw badRequest("VALIDATION_FAILED", "A reason goes with a change of status.");
  }
  return presentLeadById(ctx, lead.id);
}

/** A recipient revises the proposal of an Interested lead; the conversation gets the new one. */
async function reviseProposal(
  ctx: TRfpsContext,
  granted: TLeadAccess,
  principal: TPrincipal,
  proposalGiven: TProposal | null,
) {
  const { event, abilities } = granted;
  requireLeadAbility(abilities, "lead.respond", principal);
  const proposal = await checkAttachments(
    ctx,
    granted.lead.id,
    await checkProposal(ctx.db, event, granted.lead, proposalGiven, todayUtc(ctx.now())),
  );
  const organizers = await organizerIds(ctx, event.id);
  const now = ctx.now();
  const announce = await inTransaction(ctx, async (db) => {
    const lead = await repo.findLead(db, event.id, granted.lead.id, true);
    if (!lead) throw notFound("The lead");
    if (lead.status !== "Interested") {
      throw conflict(
        `A proposal is sent with the move to Interested; this lead is ${lead.status}.`,
        "LEAD_TRANSITION_REFUSED",
      );
    }
    const talk = await ctx.groups.converse(db, {
      groupId: lead.groupId,
      name: `${event.name} · proposal`,
      description: `Proposal for ${event.name}`,
      authorId: principal.userId,
      memberIds: organizers,
      body: proposalMessage(proposal, true, proposalDays(event)),
    });
    await repo.updateLead(db, lead.id, {
      ...(await nextProposalVersion(db, lead, proposal, principal.userId, now)),
      groupId: talk.groupId,
      updatedDate: now,
      updatedBy: principal.userId,
    });
    return talk.announce;
  });
  announce();
  return presentLeadById(ctx, granted.lead.id);
}

/** Organizers take back an Open lead; admins any. */
export async function withdrawLead(ctx: TRfpsContext, granted: TLeadAccess, principal: TPrincipal) {
  requireLeadAbility(granted.abilities, "lead.withdraw", principal);
  const notOpen = (status: TLeadStatus) =>
    conflict(`Only an Open lead can be withdrawn; this one is ${status}.`, "LEAD_NOT_OPEN");
  if (!principal.isAdmin && granted.lead.status !== "Open") throw notOpen(granted.lead.status);
  // Deleted only while still Open: the recipient may have answered it since access was checked.
  const deleted = await repo.deleteLead(ctx.db, granted.lead.id, principal.isAdmin ? null : "Open");
  if (!deleted) {
    const current = await repo.findLead(ctx.db, granted.event.id, granted.lead.id);
    if (!current) throw notFound("The lead");
    throw notOpen(current.status);
  }
}

/** Assigns the lead to one of the recipient's members (or to nobody). */
export async function assignLead(
  ctx: TRfpsContext,
  granted: TLeadAccess,
  principal: TPrincipal,
  userId: string | null,
) {
  requireLeadAbility(granted.abilities, "lead.assign", principal);
  const { lead } = granted;
  if (userId) {
    const them: TPrincipal = { userId, email: "", roles: [], isAdmin: false };
    const role = recipientRole(
      await abilitiesOn(ctx, OWNER_TYPE_KINDS[lead.ownerType], lead.ownerId, them),
    );
    if (!role) {
      throw badRequest(
        "NOT_A_MEMBER",
        `Assign the lead to a member of the ${ctx.profiles.kind(OWNER_TYPE_KINDS[lead.ownerType]).label} it went to.`,
      );
    }
  }
  await repo.updateLead(ctx.db, lead.id, {
    assignedUserId: userId,
    updatedDate: ctx.now(),
    updatedBy: principal.userId,
  });
  return presentLeadById(ctx, lead.id);
}

/**
 * The organizers ask the venue to revise its proposal (what to change, in words): kept on the lead
 * until the venue's next version answers it, posted to their conversation, and the venue's
 * managers are told. Only a proposal still in the running (Interested) can be revised.
 */
export async function requestRevision(
  ctx: TRfpsContext,
  granted: TLeadAccess,
  principal: TPrincipal,
  input: TRevisionRequestInput,
) {
  requireLeadAbility(granted.abilities, "lead.decide", principal);
  const { event } = granted;
  const now = ctx.now();
  const topics =
    input.changes.length > 0
      ? `\nTo change: ${input.changes.map((c) => REVISION_TOPIC_LABELS[c].toLowerCase()).join(", ")}`
      : "";
  const announce = await inTransaction(ctx, async (db) => {
    const lead = await repo.findLead(db, event.id, granted.lead.id, true);
    if (!lead) throw notFound("The lead");
    if (lead.status !== "Interested" || !lead.proposal) {
      throw conflict(
        `Only a proposal still in the running can be revised; this lead is ${lead.status}.`,
        "REVISION_NOT_OPEN",
      );
    }
    const talk = await ctx.groups.converse(db, {
      groupId: lead.groupId,
      name: `${event.name} · proposal`,
      description: `Proposal for ${event.name}`,
      authorId: principal.userId,
      memberIds: [],
      body: `Please revise your proposal: ${input.message}${topics}`,
    });
    await repo.updateLead(db, lead.id, {
      revisionRequest: {
        message: input.message,
        changes: input.changes,
        byUserId: principal.userId,
        requestedDate: now.toISOString(),
      },
      groupId: talk.groupId,
      updatedDate: now,
      updatedBy: principal.userId,
    });
    await ctx.events.record(db, "LeadRevisionRequested", {
      leadId: lead.id,
      eventId: event.id,
      eventName: event.name,
      ownerId: lead.ownerId,
      message: input.message,
      changes: input.changes,
    });
    return talk.announce;
  });
  announce();
  return presentLeadById(ctx, granted.lead.id);
}

/** Every version of the lead's proposal, the first first. */
export async function proposalVersions(ctx: TRfpsContext, granted: TLeadAccess) {
  return (await repo.listProposalVersions(ctx.db, granted.lead.id)).map(presentProposalVersion);
}
