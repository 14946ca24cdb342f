// Test-only deposits: an awarded lead's deposit as the payment service answers it (20% of $10,000,
// due by May 1st, 2030, refundable until April 20th, unpaid, payments on, by default), and MSW
// handlers that keep deposits by lead: the read (null for a lead without one), the checkout (the
// provider's page) and the refunds (all that is left without an amount, else that much).
import { type TLeadDeposit, ZCheckoutStart, ZLeadDeposit } from "@hostfield/domain/contracts";
import { http } from "msw";
import { dataOf, dataReply } from "../../../test/msw";
import { PAYMENTS, paymentsError } from "./handlers";

export const depositUrl = (leadId: string, rest = "") => `${PAYMENTS}/deposits/${leadId}${rest}`;
/** Where the fake provider's checkout of a deposit is. */
export const DEPOSIT_CHECKOUT_URL = "https://checkout.stripe.test/pay/cs_deposit";
/** When the deposits of these tests are paid and refunded (midday, a calendar day anywhere). */
export const DEPOSIT_PAID_DATE = "2030-04-18T15:00:00.000Z";
export const DEPOSIT_REFUNDED_DATE = "2030-04-19T15:00:00.000Z";

export function buildDeposit(leadId: string, overrides: Partial<TLeadDeposit> = {}): TLeadDeposit {
  return {
    leadId,
    listingId: "7b0f0b8e-3c1a-4c55-9a4e-2f1d3c4b5a60",
    percent: 20,
    dueDate: "2030-05-01",
    refundableUntil: "2030-04-20",
    amount: 2000,
    currency: "USD",
    state: "due",
    paidAmount: null,
    paidDate: null,
    refundedAmount: 0,
    refundedDate: null,
    paymentsEnabled: true,
    refundDue: 0,
    actions: { pay: false, refund: false, refundPart: false },
    ...overrides,
  };
}

/** A deposit paid in full on DEPOSIT_PAID_DATE (nothing refunded yet). */
export const paidDeposit = (leadId: string, overrides: Partial<TLeadDeposit> = {}) =>
  buildDeposit(leadId, {
    state: "paid",
    paidAmount: 2000,
    paidDate: DEPOSIT_PAID_DATE,
    refundDue: 2000,
    ...overrides,
  });

/** Deposits by lead id (null: the lead shows none). */
export type TDepositsWorld = Map<string, TLeadDeposit | null>;

export function depositHandlers(world: TDepositsWorld) {
  return [
    http.get(`${PAYMENTS}/deposits/:leadId`, ({ params }) =>
      dataReply(ZLeadDeposit.nullable(), world.get(String(params.leadId)) ?? null),
    ),
    http.post(`${PAYMENTS}/deposits/:leadId/checkout`, () =>
      dataReply(ZCheckoutStart, { url: DEPOSIT_CHECKOUT_URL }),
    ),
    http.post(`${PAYMENTS}/deposits/:leadId/refund`, async ({ params, request }) => {
      const leadId = String(params.leadId);
      const deposit = world.get(leadId);
      if (!deposit || deposit.paidAmount === null) {
        return paymentsError(409, "DEPOSIT_NOT_PAID", "This deposit is not paid.");
      }
      const text = await request.clone().text();
      const asked = text ? (await dataOf<{ amount?: number }>(request)).amount : undefined;
      const left = deposit.paidAmount - deposit.refundedAmount;
      const refundedAmount = deposit.refundedAmount + (asked ?? left);
      const after: TLeadDeposit = {
        ...deposit,
        state: refundedAmount >= deposit.paidAmount ? "refunded" : "partly_refunded",
        refundedAmount,
        refundedDate: DEPOSIT_REFUNDED_DATE,
        refundDue: 0,
        actions: {
          pay: false,
          refund: false,
          refundPart: deposit.actions.refundPart && refundedAmount < deposit.paidAmount,
        },
      };
      world.set(leadId, after);
      return dataReply(ZLeadDeposit, after);
    }),
  ];
}
