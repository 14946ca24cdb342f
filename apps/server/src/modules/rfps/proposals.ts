// A recipient's proposal on a lead: as stored, checked against the event's dates, and as the
// message its conversation with the organizers gets.
import { NO_PROPOSAL_TERMS, type TProposal } from "@hostfield/domain/contracts";
import {
  formatEventDate,
  PROPOSAL_MAX_TOTAL,
  proposalDays,
  proposalTotals,
} from "@hostfield/domain/rules";
import type { TDb } from "../../platform/db/database";
import { badRequest } from "../../platform/http/errors";
import type { TEventRow } from "./lead-ends";
import * as repo from "./repository";
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

/** A stored proposal whole: one stored before priced lines and terms existed has none. */
export function storedProposal(stored: TStoredProposal): TProposal & { submittedDate: string } {
  return { ...NO_PROPOSAL_TERMS, lines: [], concessions: [], ...stored };
}

/** The lead's proposal without its submission date, as a PATCH sees it. */
export const proposalOf = (lead: repo.TLeadRow): TProposal | null => {
  if (!lead.proposal) return null;
  const { submittedDate: _submitted, ...proposal } = storedProposal(lead.proposal);
  return proposal;
};

/**
 * A proposal offers dates among the event's own, on each of its lines too; it expires (and its
 * deposit falls due) today at the earliest; its total stays within PROPOSAL_MAX_TOTAL.
 */
export function checkProposal(
  event: TEventRow,
  proposal: TProposal | null,
  today: string,
): TProposal {
  if (!proposal) {
    throw badRequest(
      "PROPOSAL_REQUIRED",
      "Send a proposal (a message, the dates you can host, a price) with the move to Interested.",
    );
  }
  const lineDates = proposal.lines.flatMap((line) => line.dates);
  const outside = [...new Set([...proposal.dates, ...lineDates])].filter(
    (d) => d < event.startDate || d > event.endDate,
  );
  if (outside.length > 0) {
    throw badRequest(
      "DATES_OUTSIDE_EVENT",
      `The event runs from ${event.startDate} to ${event.endDate}; ${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} outside it.`,
      { dates: outside },
    );
  }
  if (proposal.expiresOn !== null && proposal.expiresOn < today) {
    throw badRequest(
      "PROPOSAL_EXPIRY_PAST",
      `A proposal cannot expire before today (${today}); ${proposal.expiresOn} has passed.`,
    );
  }
  if (proposal.deposit && proposal.deposit.dueDate < today) {
    throw badRequest(
      "DEPOSIT_DUE_PAST",
      `A deposit cannot fall due before today (${today}); ${proposal.deposit.dueDate} has passed.`,
    );
  }
  const { total } = proposalTotals(proposal, proposalDays(event));
  if (total !== null && total > PROPOSAL_MAX_TOTAL) {
    throw badRequest(
      "PROPOSAL_TOTAL_TOO_HIGH",
      `A proposal may come to ${money(PROPOSAL_MAX_TOTAL)} at most; this one comes to ${money(total)}.`,
      { total },
    );
  }
  return { ...proposal, dates: [...new Set(proposal.dates)].sort() };
}

const money = (n: number, currency = "USD") =>
  n.toLocaleString("en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
    maximumFractionDigits: 2,
  });

/**
 * The conversation's message for a proposal: the text, then the dates and the price (the lines'
 * total, for `eventDays`, when it has lines), its concessions, deposit and expiry.
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
    lines.push(`Total: ${money(total ?? 0, proposal.currency)} (${count})`);
  } else if (proposal.price !== null) {
    lines.push(
      `Price: ${money(proposal.price, proposal.currency)}${proposal.priceUnit ? ` ${proposal.priceUnit}` : ""}`,
    );
  }
  if (proposal.concessions.length > 0)
    lines.push(`Concessions: ${proposal.concessions.join("; ")}`);
  if (proposal.deposit) {
    lines.push(
      `Deposit: ${proposal.deposit.percent}% by ${formatEventDate(proposal.deposit.dueDate)}`,
    );
  }
  if (proposal.expiresOn) lines.push(`Valid until ${formatEventDate(proposal.expiresOn)}`);
  return lines.join("\n");
}
