// A recipient's proposal on a lead: as stored, checked against the event's dates, and as the
// message its conversation with the organizers gets.
import type { TProposal } from "@hostfield/domain/contracts";
import { formatEventDate } from "@hostfield/domain/rules";
import { badRequest } from "../../platform/http/errors";
import type { TEventRow } from "./lead-ends";
import type * as repo from "./repository";

/** The lead's proposal without its submission date, as a PATCH sees it. */
export const proposalOf = (lead: repo.TLeadRow): TProposal | null =>
  lead.proposal
    ? {
        message: lead.proposal.message,
        dates: lead.proposal.dates,
        price: lead.proposal.price,
        priceUnit: lead.proposal.priceUnit as TProposal["priceUnit"],
      }
    : null;

/** A proposal offers dates among the event's own. */
export function checkProposal(event: TEventRow, proposal: TProposal | null): TProposal {
  if (!proposal) {
    throw badRequest(
      "PROPOSAL_REQUIRED",
      "Send a proposal (a message, the dates you can host, a price) with the move to Interested.",
    );
  }
  const outside = proposal.dates.filter((d) => d < event.startDate || d > event.endDate);
  if (outside.length > 0) {
    throw badRequest(
      "DATES_OUTSIDE_EVENT",
      `The event runs from ${event.startDate} to ${event.endDate}; ${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} outside it.`,
      { dates: outside },
    );
  }
  return { ...proposal, dates: [...new Set(proposal.dates)].sort() };
}

const money = (n: number) => `$${n.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;

/** The conversation's message for a proposal: the text, then the dates and the price. */
export function proposalMessage(proposal: TProposal, revised: boolean): string {
  const lines = [revised ? `Updated proposal: ${proposal.message}` : proposal.message];
  // As people write them (the dates carry commas of their own, so a semicolon between them).
  if (proposal.dates.length) lines.push(`Dates: ${proposal.dates.map(formatEventDate).join("; ")}`);
  if (proposal.price !== null) {
    lines.push(
      `Price: ${money(proposal.price)}${proposal.priceUnit ? ` ${proposal.priceUnit}` : ""}`,
    );
  }
  return lines.join("\n");
}
