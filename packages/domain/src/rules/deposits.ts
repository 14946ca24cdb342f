// What an awarded proposal's deposit comes to and what of it is refunded, one rule for the server
// (what the organizer is charged and may take back), the venue's form and both sides' pages. The
// deposit is its percent of the proposal's total (rules/proposals.ts), rounded to the cent, in the
// proposal's currency; money paid and refunded is counted in cents, as the payment provider keeps
// it. Every currency a proposal may be in (PROPOSAL_CURRENCIES) has cents (two decimals).

import { formatProposalMoney, proposalTotals } from "./proposals";

/** What the rule reads of a proposal: its price or lines, and its deposit terms. */
type TDepositProposal = Parameters<typeof proposalTotals>[0] & {
  deposit: { percent: number } | null;
};

/** An amount of money (in the currency's units, e.g. dollars) in cents. */
export const toCents = (amount: number): number => Math.round(amount * 100);

/** Cents in the currency's units (2000.5 for 200050). */
export const fromCents = (cents: number): number => cents / 100;

/**
 * The deposit in cents: its percent of the proposal's total (for an event of `eventDays`, which
 * lines priced by the day count over), rounded to the cent (half a cent up). Null when the proposal
 * asks no deposit or comes to nothing to take a percent of (neither lines nor a price).
 */
export function depositAmount(
  proposal: TDepositProposal,
  eventDays: readonly string[] = [],
): number | null {
  if (!proposal.deposit) return null;
  const { total } = proposalTotals(proposal, eventDays);
  if (total === null) return null;
  // The total is to the cent already: in whole cents first, so the percent is taken of an integer.
  return Math.round((toCents(total) * proposal.deposit.percent) / 100);
}

/** "$2,000", "€1,234.50": cents in their currency, as proposals write money. */
export const formatDepositMoney = (cents: number, currency: string): string =>
  formatProposalMoney(fromCents(cents), currency);

/**
 * What the organizer may take back on `today` (YYYY-MM-DD) under the proposal's terms, in cents:
 * all that is left of what was paid (paid less what was refunded already) until `refundableUntil`
 * (that day included), nothing after it or when the deposit was never refundable (null).
 */
export function refundDue(
  deposit: { refundableUntil: string | null },
  paid: { amountCents: number; refundedCents: number },
  today: string,
): number {
  if (deposit.refundableUntil === null || today > deposit.refundableUntil) return 0;
  return Math.max(0, paid.amountCents - paid.refundedCents);
}

/** "fully refundable until Jun 1, 2030" or "non-refundable", as a proposal's text says it. */
export function refundTermsText(
  deposit: { refundableUntil: string | null },
  formatDate: (date: string) => string,
): string {
  return deposit.refundableUntil === null
    ? "non-refundable"
    : `fully refundable until ${formatDate(deposit.refundableUntil)}`;
}
