// Moving a lead along the status machine: recipients answer it (Interested with a proposal, which
// opens a conversation with the organizers; Passed with a reason; back to Open), organizers decide
// it (Won, and the others lose; Lost with a reason). Each move writes its history and notifies.
import type { TLeadEditable, TProposal } from "@hostfield/domain/contracts";
import type { TDeclineReasonCode, TLeadStatus } from "@hostfield/domain/reference";
import {
  DEFAULT_AWARD_REASON,
  proposalDays,
  proposalExpired,
  todayUtc,
} from "@hostfield/domain/rules";
import type { TDb } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import { badRequest, conflict, notFound } from "../../platform/http/errors";
import type { TLeadAccess } from "./access";
import { checkAttachments } from "./attachments";
import { awardVenue } from "./award-venue";
import { inTransaction, type TRfpsContext } from "./context";
import { organizerIds, type TEventRow } from "./lead-ends";
import { presentLeadById } from "./lead-lists";
import { checkLeadMove, type TLeadAbility } from "./policy";
import { checkProposal, nextProposalVersion, proposalMessage } from "./proposals";
import * as repo from "./repository/leads";

type TAfterCommit = () => void;

/** A move as judged before its transaction, with what it needs of other modules read already. */
type TMove = {
  event: TEventRow;
  abilities: readonly TLeadAbility[];
  principal: TPrincipal;
  /** The lead's status when access was checked. */
  from: TLeadStatus;
  to: TLeadStatus;
  /** The words this lead's venue reads (for an award, the winner's own). */
  reason: string | null;
  /** For a decline: the coded reason (DECLINE_REASONS) beside the words. */
  reasonCode: TDeclineReasonCode | null;
  /** For an award: the reason the other venues still in the running read as they lose. */
  othersReason: string | null;
  /** For an award: the proposal version the organizer accepts, if they named one. */
  version: number | null;
  /** For a move to Interested: the proposal, checked against the event's dates. */
  proposal: TProposal | null;
  /** For a move to Interested: the organizers, who join the proposal's conversation. */
  organizers: string[];
  ownerName: string;
  now: Date;
};

/** What a move writes in its transaction, and what its members' sessions hear once it committed. */
type TMoveWrites = {
  values: Partial<repo.TLeadInsert>;
  history: repo.THistoryInsert[];
  afterCommit: TAfterCommit[];
};

/**
 * Moves the lead to `change.status`: judged first, then written in one transaction (judged again
 * on the lead as it is by then), then announced once committed.
 */
export async function moveLead(
  ctx: TRfpsContext,
  granted: TLeadAccess,
  principal: TPrincipal,
  change: TLeadEditable,
) {
  const move = await prepareMove(ctx, granted, principal, change);
  const afterCommit = await inTransaction(ctx, async (db) => {
    const { lead, eventLeads } = await lockForMove(db, move, granted.lead.id);
    const writes = statusWrites(move, lead);
    if (move.to === "Interested" && move.proposal) {
      await sendProposal(ctx, db, move, lead, move.proposal, writes);
    }
    if (move.to === "Interested" || move.to === "Passed") {
      await announceAnswer(ctx, db, move, lead, move.to, writes);
    }
    if (eventLeads) await award(ctx, db, move, lead, eventLeads, writes);
    if (move.to === "Lost") {
      await announceDecision(ctx, db, move.event, lead, "Lost", move.reason, move.reasonCode);
    }
    await saveMove(ctx, db, move, lead, writes);
    return writes.afterCommit;
  });
  for (const run of afterCommit) run();
  return presentLeadById(ctx, granted.lead.id);
}

/** Judges the move, and reads before the transaction what it needs of the profiles service. */
async function prepareMove(
  ctx: TRfpsContext,
  { event, abilities, lead }: TLeadAccess,
  principal: TPrincipal,
  change: TLeadEditable,
): Promise<TMove> {
  const to = change.status;
  const reason = change.reason?.trim() || null;
  const othersReason = change.othersReason?.trim() || null;
  const reasonCode = change.reasonCode;
  checkLeadMove(abilities, principal, lead.status, to, reason, reasonCode);
  if (othersReason && to !== "Won") {
    throw badRequest(
      "VALIDATION_FAILED",
      "The other venues' reason goes with an award (a move to Won).",
    );
  }
  const today = todayUtc(ctx.now());
  const proposal =
    to === "Interested"
      ? await checkAttachments(
          ctx,
          lead.id,
          await checkProposal(ctx.db, event, lead, change.proposal, today),
        )
      : null;
  if (to === "Won" && lead.proposal && proposalExpired(lead.proposal, today)) {
    throw conflict(
      `This proposal expired on ${lead.proposal.expiresOn}; ask the venue to send a new one.`,
      "PROPOSAL_EXPIRED",
    );
  }
  const organizers = to === "Interested" ? await organizerIds(ctx, event.id) : [];
  // Read before the transaction: the embedded database serves one transaction at a time, so a
  // query on another connection inside it would wait for it forever.
  const owner = await ctx.profiles.listingAudience(lead.ownerId);
  const ownerName = owner?.profile.name ?? "The venue";
  const { status: from } = lead;
  return {
    event,
    abilities,
    principal,
    from,
    to,
    reason,
    reasonCode,
    othersReason,
    version: change.version,
    proposal,
    organizers,
    ownerName,
    now: ctx.now(),
  };
}

/**
 * The lead as it is now, locked; for an award, every lead of the event. Those are all locked
 * first, in one order (see lockEventLeads), so a second award waits for the first and then finds
 * its lead Lost.
 */
async function lockForMove(db: TDb, move: TMove, leadId: string) {
  const eventLeads = move.to === "Won" ? await repo.lockEventLeads(db, move.event.id) : null;
  const lead = eventLeads
    ? eventLeads.find((l) => l.id === leadId)
    : await repo.findLead(db, move.event.id, leadId, true);
  // Withdrawn since access was checked.
  if (!lead) throw notFound("The lead");
  // The organizer accepts the version they read: a newer one since is a different offer.
  if (move.to === "Won" && move.version !== null && move.version !== lead.proposalVersion) {
    throw conflict(
      `Version ${move.version} of this proposal was replaced by version ${lead.proposalVersion}; read the new one before awarding.`,
      "PROPOSAL_SUPERSEDED",
    );
  }
  // Another request may have moved it since access was checked: judge the move again.
  if (lead.status !== move.from) {
    checkLeadMove(
      move.abilities,
      move.principal,
      lead.status,
      move.to,
      move.reason,
      move.reasonCode,
    );
  }
  return { lead, eventLeads };
}

/** The lead's new status and reason, and the history entry of the change. */
function statusWrites(move: TMove, lead: repo.TLeadRow): TMoveWrites {
  const { principal, to, reason, reasonCode, now } = move;
  return {
    values: {
      status: to,
      statusReason: reason,
      statusReasonCode: reasonCode,
      // An award accepts the proposal as it stands; taking the win back forgets which.
      acceptedVersion: to === "Won" ? lead.proposalVersion : null,
      // A decision, a pass or a reopening answers any open request to revise.
      ...(to === "Interested" ? {} : { revisionRequest: null }),
      updatedDate: now,
      updatedBy: principal.userId,
    },
    history: [
      {
        leadId: lead.id,
        fromStatus: lead.status,
        toStatus: to,
        reason,
        reasonCode,
        byUserId: principal.userId,
        createdDate: now,
      },
    ],
    afterCommit: [],
  };
}

/** A proposal: stored on the lead and posted to its conversation with the organizers. */
async function sendProposal(
  ctx: TRfpsContext,
  db: TDb,
  move: TMove,
  lead: repo.TLeadRow,
  proposal: TProposal,
  writes: TMoveWrites,
) {
  const { event, ownerName, now } = move;
  Object.assign(
    writes.values,
    await nextProposalVersion(db, lead, proposal, move.principal.userId, now),
  );
  writes.values.firstResponseDate = lead.firstResponseDate ?? now;
  const talk = await ctx.groups.converse(db, {
    groupId: lead.groupId,
    name: `${event.name} · ${ownerName}`,
    description: `Proposal of ${ownerName} for ${event.name}`,
    authorId: move.principal.userId,
    memberIds: move.organizers,
    body: proposalMessage(proposal, false, proposalDays(event)),
  });
  writes.values.groupId = talk.groupId;
  writes.afterCommit.push(talk.announce);
}

/** The organizers hear of an answer, Interested or Passed (recorded with the move). */
async function announceAnswer(
  ctx: TRfpsContext,
  db: TDb,
  move: TMove,
  lead: repo.TLeadRow,
  status: "Interested" | "Passed",
  writes: TMoveWrites,
) {
  await ctx.events.record(db, "LeadAnswered", {
    leadId: lead.id,
    eventId: move.event.id,
    eventName: move.event.name,
    ownerId: lead.ownerId,
    ownerName: move.ownerName,
    status,
    reason: move.reason,
    byUserId: move.principal.userId,
    groupId: writes.values.groupId ?? lead.groupId,
  });
}

/** The recipient hears of a decision on its lead (recorded with the move). */
async function announceDecision(
  ctx: TRfpsContext,
  db: TDb,
  event: TEventRow,
  lead: Pick<repo.TLeadRow, "id" | "ownerId">,
  status: "Won" | "Lost",
  reason: string | null,
  reasonCode: TDeclineReasonCode | null,
  anotherWon = false,
) {
  await ctx.events.record(db, "LeadDecided", {
    leadId: lead.id,
    eventId: event.id,
    eventName: event.name,
    ownerId: lead.ownerId,
    status,
    reason,
    reasonCode,
    anotherWon,
  });
}

/**
 * An award: an event has one winner, so every other lead still in the running loses (with the
 * reason the organizer gave the others) and the event's requests are awarded; the winner hears its
 * own words. A lead still held back (a hot request's head start for other tiers) was never seen by
 * its venue: it is withdrawn, not lost, and nobody is told.
 */
async function award(
  ctx: TRfpsContext,
  db: TDb,
  move: TMove,
  lead: repo.TLeadRow,
  eventLeads: readonly repo.TLeadRow[],
  writes: TMoveWrites,
) {
  const { event, principal, reason, now } = move;
  // An admin reviving a lost bid takes the win back first.
  const winner = eventLeads.find((l) => l.status === "Won" && l.id !== lead.id);
  if (winner) {
    throw conflict(
      "This event has chosen its venue already; take that win back before awarding another lead.",
      "LEAD_ALREADY_AWARDED",
    );
  }
  const running = eventLeads.filter(
    (l) => l.id !== lead.id && (l.status === "Open" || l.status === "Interested"),
  );
  const unseen = running.filter((l) => l.visibleFrom > now);
  const others = running.filter((l) => l.visibleFrom <= now);
  await repo.deleteLeads(
    db,
    unseen.map((l) => l.id),
  );
  const lostReason = move.othersReason ?? DEFAULT_AWARD_REASON;
  await repo.setLeadsStatus(
    db,
    others.map((o) => o.id),
    {
      status: "Lost",
      statusReason: lostReason,
      statusReasonCode: "another",
      updatedDate: now,
      updatedBy: principal.userId,
    },
  );
  writes.history.push(
    ...others.map((o) => ({
      leadId: o.id,
      fromStatus: o.status,
      toStatus: "Lost",
      reason: lostReason,
      reasonCode: "another" as const,
      byUserId: principal.userId,
      createdDate: now,
    })),
  );
  await repo.awardRequirements(db, event.id, lead.requirementId, now, principal.userId);
  await awardVenue(ctx, db, event, lead, { by: principal.userId, at: now });
  await announceDecision(ctx, db, event, lead, "Won", reason, null);
  for (const o of others) {
    await announceDecision(ctx, db, event, o, "Lost", lostReason, "another", true);
  }
}

/**
 * Writes the lead and its history; an admin taking back the only win reopens the request, and
 * the venue's calendar no longer has the event's days booked.
 */
async function saveMove(
  ctx: TRfpsContext,
  db: TDb,
  move: TMove,
  lead: repo.TLeadRow,
  writes: TMoveWrites,
) {
  await repo.updateLead(db, lead.id, writes.values);
  await repo.insertHistory(db, writes.history);
  if (lead.status === "Won" && move.to !== "Won") {
    await ctx.availability.releaseAward(db, move.event.id);
    if (lead.requirementId) {
      await repo.reopenIfNoWinner(db, lead.requirementId, move.now, move.principal.userId);
    }
  }
}
