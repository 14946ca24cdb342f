// The deposit routes of the payment service (`/payment-mgmt/api/payments/deposits/{leadId}`): the
// awarded proposal's deposit as its two sides see it, the organizer's checkout, and the refunds (the
// organizer's under the proposal's terms, the venue's of any part). Who is on which side of the lead
// is the rfps module's word (deposits.ts asks it); the webhook is payments/routes.ts's.
import {
  ZCheckoutStart,
  ZDepositCheckoutInput,
  ZDepositRefundInput,
  ZLeadDeposit,
  zDataBody,
  zDataEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { access } from "../../platform/http/access";
import { envelope } from "../../platform/http/envelope";
import { routesOf, type TRequestWithParams } from "../../platform/http/route-def";
import type { TPaymentsContext } from "./context";
import {
  depositOf,
  refundDeposit,
  requireDepositSide,
  startDepositCheckout,
  type TDepositNeed,
} from "./deposits";

const TAGS = ["payments"];
const ZLeadParams = z.object({ leadId: z.uuid() });
type TOnLead = TRequestWithParams<z.infer<typeof ZLeadParams>>;

export async function depositRoutes(app: FastifyInstance, options: { ctx: TPaymentsContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);
  const side = (need: TDepositNeed, name: string) =>
    access.policy<TOnLead>(name, async (request) => {
      await requireDepositSide(ctx, request.params.leadId, request.principal, need);
    });
  const url = "/payments/deposits/:leadId";

  add({
    method: "GET",
    url,
    summary:
      "The awarded proposal's deposit: its terms and amount, what was paid and refunded, and what the caller may do; null when the lead is not Won or asks no deposit. Shown without payments too (collected outside Hostfield) (not in the catalogue)",
    access: side("read", "the event's organizers and the people of the venue the lead went to"),
    params: ZLeadParams,
    response: zDataEnvelope(ZLeadDeposit.nullable()),
    handler: async (request) =>
      envelope(await depositOf(ctx, request.params.leadId, request.principal)),
  });

  add({
    method: "POST",
    url: `${url}/checkout`,
    summary:
      "Pay the deposit: the provider's hosted checkout to send the browser to (the lead's open one when there is one); paid once the provider reports it. 409 LEAD_NOT_WON, DEPOSIT_NONE, DEPOSIT_ALREADY_PAID, PAYMENTS_NOT_CONFIGURED; 503 PAYMENTS_UNAVAILABLE with Retry-After (not in the catalogue)",
    access: side("pay", "the event's organizers (those who may award the lead)"),
    params: ZLeadParams,
    body: zDataBody(ZDepositCheckoutInput),
    response: zDataEnvelope(ZCheckoutStart),
    handler: async (request) =>
      envelope(
        await startDepositCheckout(
          ctx,
          request.params.leadId,
          request.principal,
          request.body.data,
        ),
      ),
  });

  add({
    method: "POST",
    url: `${url}/refund`,
    summary:
      "Refund the deposit: without an amount the organizers take back what the proposal's terms give (409 DEPOSIT_NOT_REFUNDABLE past `refundableUntil`); with one the venue's managers refund that much of what is left (400 DEPOSIT_REFUND_TOO_HIGH). The deposit after. 409 DEPOSIT_NOT_PAID, DEPOSIT_ALREADY_REFUNDED, PAYMENTS_NOT_CONFIGURED (not in the catalogue)",
    access: side("refund", "the event's organizers, or the managers of the venue the lead went to"),
    params: ZLeadParams,
    body: zDataBody(ZDepositRefundInput).nullish(),
    response: zDataEnvelope(ZLeadDeposit),
    handler: async (request) =>
      envelope(
        await refundDeposit(ctx, request.params.leadId, request.principal, request.body?.data),
      ),
  });
}
