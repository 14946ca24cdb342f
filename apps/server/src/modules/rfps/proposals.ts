// A recipient's proposal on a lead: as stored, checked against the request's dates, and as the
// message its conversation with the organizers gets (its deposit with its refund terms).
import { NO_PROPOSAL_TERMS, type TProposal, ZProposal } from "@hostfield/domain/contracts";
import {
  formatEventDate,
  formatProposalMoney,
  proposalDateSpan,
  proposalProblems,
  proposalTotals,
  refundTermsText,
} from "@hostfield/domain/rules";
import type { TDb } from "../../platform/db/database";
import { badRequest } from "../../platform/http/errors";
import type { TEventRow } from "./lead-ends";
import * as repo from "./repository/leads";
import * as requestRepo from "./repository/requests";
import type { TStoredProposal } from "./schema";

/**
 * Keeps `proposal` as the lead's next version (in `db`, the move's or the revision's transaction)
 * and returns what the lead's row takes: the proposal as current, its version number, and no open
 * revision request (this version answers it).
 */
export async function nextProposalVersion(
  db: TDb,
  lead: Pick<repo.TLeadRow, "id" | "proposalVersion">,
  proposal: TProposal,
  by: string,
  now: Date,
) {
  const version = (lead.proposalVersion ?? 0) + 1;
  const stored = { ...proposal, submittedDate: now.toISOString() };
  await repo.insertProposalVersion(db, {
    leadId: lead.id,
    version,
    proposal: stored,
    submittedBy: by,
    submittedDate: now,
  });
  return { proposal: stored, proposalVersion: version, revisionRequest: null };
}

/**
 * A stored proposal whole: one stored before priced lines and terms existed has none, and a deposit
 * stored before refund terms existed is not refundable (null).
 */
export function storedProposal(stored: TStoredProposal): TProposal & { submittedDate: string } {
  const whole = { ...NO_PROPOSAL_TERMS, lines: [], concessions: [], ...stored };
  return {
    ...whole,
    deposit: whole.deposit
      ? { ...whole.deposit, refundableUntil: whole.deposit.refundableUntil ?? null }
      : null,
  };
}

/**
 * Whether two proposals say the same: compared in the contract's key order, since a stored one
 * comes back from jsonb with its keys in another order (which alone is no revision).
 */
export function sameProposal(a: TProposal | null, b: TProposal | null): boolean {
  if (a === null || b === null) return a === b;
  return JSON.stringify(ZProposal.parse(a)) === JSON.stringify(ZProposal.parse(b));
}

/** The lead's proposal without its submission date, as a PATCH sees it. */
export const proposalOf = (lead: repo.TLeadRow): TProposal | null => {
  if (!lead.proposal) return null;
  const { submittedDate: _submitted, ...proposal } = storedProposal(lead.proposal);
  return proposal;
};

/**
 * The proposal as the lead keeps it, once it keeps the domain's rules (proposalProblems): the
 * first rule it breaks is the 400 (PROPOSAL_REQUIRED, PROPOSAL_DATES_REQUIRED, DATES_OUTSIDE_EVENT,
 * PROPOSAL_EXPIRY_PAST, DEPOSIT_DUE_PAST, PROPOSAL_TOTAL_TOO_HIGH). Its dates come sorted, each
 * once, and each attachment once (attachments.ts checks them against the lead's uploads).
 */
export async function checkProposal(
  db: TDb,
  event: TEventRow,
  lead: Pick<repo.TLeadRow, "requirementId">,
  proposal: TProposal | null,
  today: string,
): Promise<TProposal> {
  // Its dates may be any of the request's date sets', also outside the event's own dates.
  const requirement = lead.requirementId
    ? await requestRepo.findRequirement(db, event.id, lead.requirementId)
    : null;
  const days = proposalDateSpan(event, requirement?.dateOptions ?? null);
  const [problem] = proposalProblems(proposal, days, today);
  if (problem) throw badRequest(problem.code, problem.message, problem.details);
  // proposalProblems answers PROPOSAL_REQUIRED for none.
  if (!proposal) throw new Error("a proposal passed proposalProblems without being there");
  const attachments = proposal.attachments.filter(
    (a, i) => proposal.attachments.findIndex((b) => b.id === a.id) === i,
  );
  return { ...proposal, dates: [...new Set(proposal.dates)].sort(), attachments };
}

/**
 * The conversation's message for a proposal: the text, then the dates and the price (the lines'
 * total, for `eventDays`, when it has lines), its concessions, deposit, expiry and the names of
 * its attachments.
 */
export function proposalMessage(
  proposal: TProposal,
  revised: boolean,
  eventDays: readonly string[] = [],
): string {
  const lines = [revised ? `Updated proposal: ${proposal.message}` : proposal.message];
  // As people write them (the dates carry commas of their own, so a semicolon between them).
  if (proposal.dates.length) lines.push(`Dates: ${proposal.dates.map(formatEventDate).join("; ")}`);
  if (proposal.lines.length > 0) {
    const { total } = proposalTotals(proposal, eventDays);
    const count = `${proposal.lines.length} line${proposal.lines.length === 1 ? "" : "s"}`;
    lines.push(`Total: ${formatProposalMoney(total ?? 0, proposal.currency)} (${count})`);
  } else if (proposal.price !== null) {
    lines.push(
      `Price: ${formatProposalMoney(proposal.price, proposal.currency)}${proposal.priceUnit ? ` ${proposal.priceUnit}` : ""}`,
    );
  }
  if (proposal.concessions.length > 0)
    lines.push(`Concessions: ${proposal.concessions.join("; ")}`);
  if (proposal.deposit) {
    // Stored before refund terms existed: not refundable.
    const terms = refundTermsText(
      { refundableUntil: proposal.deposit.refundableUntil ?? null },
      formatEventDate,
    );
    lines.push(
      `Deposit: ${proposal.deposit.percent}% by ${formatEventDate(proposal.deposit.dueDate)}, ${terms}`,
    );
  }
  if (proposal.expiresOn) lines.push(`Valid until ${formatEventDate(proposal.expiresOn)}`);
  if (proposal.attachments.length > 0) {
    lines.push(`Attachments: ${proposal.attachments.map((a) => a.name).join("; ")}`);
  }
  return lines.join("\n");
}
