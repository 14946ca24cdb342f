// The card-guarantee calls of the payment service (/payment-mgmt/api/payments/reservations/{id}/
// guarantee): the guest's hosted setup checkout that saves the card, and the hotel's charge of a
// no-show or a late cancellation. The guarantee itself comes with the reservation (stays).
import {
  type TCheckoutStart,
  type TGuaranteeChargeInput,
  type TGuaranteeCheckoutInput,
  type TReservationGuarantee,
  ZCheckoutStart,
  ZReservationGuarantee,
} from "@hostfield/domain/contracts";
import { apiPost } from "../../lib/api";

const enc = encodeURIComponent;
const guaranteeUrl = (reservationId: string, rest: string) =>
  `/payment-mgmt/api/payments/reservations/${enc(reservationId)}/guarantee${rest}`;

/** Starts the provider's hosted checkout that saves the card; answers where to send the browser. */
export function startGuaranteeCheckout(
  reservationId: string,
  input: TGuaranteeCheckoutInput,
): Promise<TCheckoutStart> {
  return apiPost(guaranteeUrl(reservationId, "/checkout"), input, { schema: ZCheckoutStart });
}

/** The hotel charges the saved card (dollars); answers the guarantee after. */
export function chargeGuarantee(
  reservationId: string,
  input: TGuaranteeChargeInput,
): Promise<TReservationGuarantee> {
  return apiPost(guaranteeUrl(reservationId, "/charge"), input, {
    schema: ZReservationGuarantee,
  });
}
