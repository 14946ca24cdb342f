// Deposits of awarded proposals (the payment service, /payment-mgmt/api/payments/deposits/{leadId}):
// the deposit the awarded (Won) proposal asks, as both sides of the lead see it; the organizer pays
// it through the provider's hosted checkout and takes it back while the proposal's terms allow; the
// venue's managers refund any part of it at any time. Without payment settings the deposit is
// agreed and collected outside Hostfield (`paymentsEnabled: false`, no actions). Money is in the
// proposal's currency, with cents; the provider keeps cents.
import { z } from "zod";
import { ZId, ZIsoDate, ZIsoDateTime } from "./common";
import { ZReturnPath } from "./payments";
import { PROPOSAL_CURRENCIES } from "./rfp";

/**
 * Where a deposit stands: `due` (nothing started), `open` (a checkout started, not paid yet),
 * `paid`, `partly_refunded`, `refunded` (all of it given back).
 */
export const DEPOSIT_STATES = ["due", "open", "paid", "partly_refunded", "refunded"] as const;
export type TDepositState = (typeof DEPOSIT_STATES)[number];

/**
 * `GET /payments/deposits/{leadId}` (the event's organizers and the venue's people): the awarded
 * proposal's deposit, what was paid and refunded of it, and what the caller may do now; null when
 * the lead is not Won or its proposal asks no deposit.
 */
export const ZLeadDeposit = z.object({
  leadId: ZId,
  /** The venue the deposit goes to. */
  listingId: ZId,
  percent: z.number(),
  dueDate: ZIsoDate,
  /** Refundable in full until this day (included); null: not refundable once paid. */
  refundableUntil: ZIsoDate.nullable(),
  /** The deposit: its percent of the proposal's total, to the cent (rules/deposits.ts). */
  amount: z.number(),
  currency: z.enum(PROPOSAL_CURRENCIES),
  state: z.enum(DEPOSIT_STATES),
  /** What the provider received, when paid. */
  paidAmount: z.number().nullable(),
  paidDate: ZIsoDateTime.nullable(),
  /** What was given back so far, and when last. */
  refundedAmount: z.number(),
  refundedDate: ZIsoDateTime.nullable(),
  /** Whether payments are on: off, the deposit is collected outside Hostfield. */
  paymentsEnabled: z.boolean(),
  /** What the organizer's refund would give back today under the terms (0 when none). */
  refundDue: z.number(),
  /** What the caller may do now. */
  actions: z.object({
    /** Pay it (the organizers, while it is not paid). */
    pay: z.boolean(),
    /** Take it back under the proposal's terms (the organizers, while `refundDue` > 0). */
    refund: z.boolean(),
    /** Refund any part of what is left (the venue's managers, once paid). */
    refundPart: z.boolean(),
  }),
});
export type TLeadDeposit = z.infer<typeof ZLeadDeposit>;

/** Body of `POST /payments/deposits/{leadId}/checkout`: where the browser comes back to. */
export const ZDepositCheckoutInput = z.object({
  returnPath: ZReturnPath,
});
export type TDepositCheckoutInput = z.infer<typeof ZDepositCheckoutInput>;

/**
 * Body of `POST /payments/deposits/{leadId}/refund`, optional: no amount (the organizers) takes
 * back what the proposal's terms give; an amount (the venue's managers) refunds that much of what
 * is left, in the proposal's currency (the venue's managers giving none refund all that is left).
 */
export const ZDepositRefundInput = z.object({
  amount: z.number().positive().max(100_000_000).multipleOf(0.01).optional(),
});
export type TDepositRefundInput = z.infer<typeof ZDepositRefundInput>;
