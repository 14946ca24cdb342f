// The deposit calls of the payment service (/payment-mgmt/api/payments/deposits/{leadId}): the
// awarded proposal's deposit as the lead's two sides see it, the organizer's hosted checkout, and
// the refunds (the organizer's under the proposal's terms, the venue's of any part).
import {
  type TCheckoutStart,
  type TDepositCheckoutInput,
  type TLeadDeposit,
  ZCheckoutStart,
  ZLeadDeposit,
} from "@hostfield/domain/contracts";
import { apiGet, apiPost } from "../../lib/api";

const enc = encodeURIComponent;
const depositUrl = (leadId: string, rest = "") =>
  `/payment-mgmt/api/payments/deposits/${enc(leadId)}${rest}`;

export const depositKeys = {
  deposit: (leadId: string) => ["payments", "deposit", leadId] as const,
};

/** The lead's deposit, or null when it has none to show (not Won, or no deposit asked). */
export function getDeposit(leadId: string, signal?: AbortSignal): Promise<TLeadDeposit | null> {
  return apiGet(depositUrl(leadId), { schema: ZLeadDeposit.nullable(), signal });
}

/** Starts the provider's hosted checkout of the deposit; answers where to send the browser. */
export function startDepositCheckout(
  leadId: string,
  input: TDepositCheckoutInput,
): Promise<TCheckoutStart> {
  return apiPost(depositUrl(leadId, "/checkout"), input, { schema: ZCheckoutStart });
}

/**
 * A refund: without an amount, the organizer's under the proposal's terms; with one, the venue's
 * of that much (in the proposal's currency). Answers the deposit after.
 */
export function refundDeposit(leadId: string, amount?: number): Promise<TLeadDeposit> {
  return apiPost(depositUrl(leadId, "/refund"), amount === undefined ? undefined : { amount }, {
    schema: ZLeadDeposit,
  });
}
