// The card-guarantee routes of the payment service (`/payment-mgmt/api/payments/reservations/{id}/
// guarantee/…`): the guest's setup checkout that saves the card, and the hotel's charge of a no-show
// or a late cancellation. The guarantee as both sides see it comes with the reservation (the stays
// module's routes); the webhook is payments/routes.ts's.
import {
  ZCheckoutStart,
  ZGuaranteeChargeInput,
  ZGuaranteeCheckoutInput,
  ZReservationGuarantee,
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
  chargeGuarantee,
  requireGuaranteeParty,
  startGuaranteeCheckout,
  type TGuaranteeParty,
} from "./guarantees";

const TAGS = ["payments"];
const ZReservationParams = z.object({ reservationId: z.uuid() });
type TOnReservation = TRequestWithParams<z.infer<typeof ZReservationParams>>;

export async function guaranteeRoutes(app: FastifyInstance, options: { ctx: TPaymentsContext }) {
  const { ctx } = options;
  const add = routesOf(app, TAGS);
  const party = (who: TGuaranteeParty, name: string) =>
    access.policy<TOnReservation>(name, async (request) => {
      await requireGuaranteeParty(ctx, request.params.reservationId, request.principal, who);
    });
  const url = "/payments/reservations/:reservationId/guarantee";

  add({
    method: "POST",
    url: `${url}/checkout`,
    summary:
      "Save the card that guarantees a reservation: the provider's hosted setup checkout to send the browser to (the open one when there is one); the guarantee is secured once the provider reports the card saved. 409 GUARANTEE_NOT_REQUIRED, GUARANTEE_ALREADY_SECURED, PAYMENTS_NOT_CONFIGURED; 503 PAYMENTS_UNAVAILABLE with Retry-After (not in the catalogue)",
    access: party("guest", "the guest who booked the reservation"),
    params: ZReservationParams,
    body: zDataBody(ZGuaranteeCheckoutInput),
    response: zDataEnvelope(ZCheckoutStart),
    handler: async (request) =>
      envelope(
        await startGuaranteeCheckout(
          ctx,
          request.params.reservationId,
          request.principal,
          request.body.data,
        ),
      ),
  });

  add({
    method: "POST",
    url: `${url}/charge`,
    summary:
      "Charge the saved card for a no-show (a confirmed reservation, from its check-in day) or a late cancellation (cancelled after its change window), at most the first night's rate × rooms; the guarantee after, and a receipt mailed to the guest and the hotel's managers. 409 GUARANTEE_NOT_SECURED, GUARANTEE_CHARGE_NOT_DUE, GUARANTEE_ALREADY_CHARGED, PAYMENTS_NOT_CONFIGURED; 400 GUARANTEE_CHARGE_OVER_LIMIT; 402 PAYMENT_CARD_DECLINED with the provider's words (not in the catalogue)",
    access: party("hotel", "the managers of the reservation's hotel"),
    params: ZReservationParams,
    body: zDataBody(ZGuaranteeChargeInput),
    response: zDataEnvelope(ZReservationGuarantee),
    handler: async (request) =>
      envelope(
        await chargeGuarantee(
          ctx,
          request.params.reservationId,
          request.principal,
          request.body.data,
        ),
      ),
  });
}
