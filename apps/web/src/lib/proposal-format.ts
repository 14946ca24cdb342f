// How a proposal reads, in words and money: its price in its currency, a line's dates and rate, the
// deposit and its refund terms, the expiry and its files (their sizes and where each is fetched). The amounts are the
// domain's proposalTotals; nothing here adds. Shared by the venue's form, the organizer's
// comparison and the event's deal.
import type {
  PRICE_UNITS,
  PROPOSAL_LINE_KINDS,
  TProposal,
  TProposalLine,
} from "@hostfield/domain/contracts";
import {
  formatCount,
  formatEventDate,
  formatProposalMoney,
  proposalDays,
  proposalExpired,
  proposalTotals,
  refundTermsText,
} from "@hostfield/domain/rules";

/** The days a proposal is priced over (every day of the event, as the server counts them). */
export const pricedDays = proposalDays;

type TLineKind = (typeof PROPOSAL_LINE_KINDS)[number];

/** "$1,500", "$1,200.50", "€980", "CA$75": cents only when there are any (as the server writes it). */
export const formatMoney = formatProposalMoney;

export const LINE_KIND_LABELS: Record<TLineKind, string> = {
  space: "Space",
  service: "Service",
  rooms: "Hotel rooms",
  extra: "Extra",
};

const shortDay = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "Sat, Jun 7" for a YYYY-MM-DD day (where the event's year goes without saying). */
export const formatShortDay = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

/** A line's dates: "Every day" when it names none, else "Fri, Jun 6; Sat, Jun 7". */
export function lineDatesText(dates: readonly string[]): string {
  return dates.length === 0 ? "Every day" : [...dates].sort().map(formatShortDay).join("; ");
}

/** "4 × $250 per day", "2 × $80 each". */
export function lineRateText(line: TProposalLine, currency: string): string {
  return `${formatCount(line.quantity)} × ${formatMoney(line.unitPrice, currency)} ${line.unit.toLowerCase()}`;
}

const PRICE_UNIT_WORDS: Record<(typeof PRICE_UNITS)[number], string> = {
  Total: "total",
  "Per Participant": "/ Participant",
  "Per Team": "/ Team",
  "Per Night": "/ Night",
};

/**
 * What a proposal costs in one line, in its currency: its lines' total ("$12,400 total"), or the
 * one price of a proposal without lines with its unit ("$25 / Participant"); null without either.
 */
export function proposalPriceText(
  proposal: Pick<TProposal, "price" | "priceUnit" | "currency" | "lines">,
  days: readonly string[],
): string | null {
  const { total } = proposalTotals(proposal, days);
  if (total === null) return null;
  const unit = proposal.lines.length > 0 ? "Total" : proposal.priceUnit;
  const money = formatMoney(total, proposal.currency);
  return unit ? `${money} ${PRICE_UNIT_WORDS[unit]}` : money;
}

/** "30% due by Fri, Apr 4th, 2025"; null without a deposit. */
export function depositText(deposit: TProposal["deposit"]): string | null {
  if (!deposit) return null;
  return `${formatCount(deposit.percent)}% due by ${formatEventDate(deposit.dueDate)}`;
}

/**
 * A deposit's refund terms: "Fully refundable until Thu, Apr 17th, 2025", or "Non-refundable" (a
 * deposit stored before refund terms existed is not refundable); null without a deposit.
 */
export function depositRefundText(deposit: TProposal["deposit"]): string | null {
  if (!deposit) return null;
  const terms = refundTermsText(
    { refundableUntil: deposit.refundableUntil ?? null },
    formatEventDate,
  );
  return terms.charAt(0).toUpperCase() + terms.slice(1);
}

/** "Sat, Apr 12th, 2025", or "Sat, Apr 12th, 2025 (expired)" once `today` is past it; null without. */
export function expiryText(proposal: Pick<TProposal, "expiresOn">, today: string): string | null {
  if (!proposal.expiresOn) return null;
  const day = formatEventDate(proposal.expiresOn);
  return proposalExpired(proposal, today) ? `${day} (expired)` : day;
}

/** Where a lead's proposal files are uploaded, and (with an id) where one is downloaded. */
export function leadAttachmentPath(
  lead: { eventId: string; id: string },
  attachmentId?: string,
): string {
  const path = `/event-mgmt/api/events/${encodeURIComponent(lead.eventId)}/leads/${encodeURIComponent(lead.id)}/attachments`;
  return attachmentId ? `${path}/${encodeURIComponent(attachmentId)}` : path;
}
