// The payment service's calls for boosts bought beyond a tier's included days: the admin's price of
// a boost day, and a listing's purchase of a boost's extra days (the provider's hosted checkout).
import {
  type TBoostCheckoutInput,
  type TBoostDayPrice,
  type TBoostDayPriceInput,
  type TCheckoutStart,
  ZBoostDayPrice,
  ZCheckoutStart,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { apiGet, apiPost, apiPut } from "../../lib/api";
import { PAYMENTS_API } from "./payments-api";

const enc = encodeURIComponent;

export const boostPaymentKeys = {
  dayPrice: ["payments", "admin", "boost-price"] as const,
};

/** The price of a boost day (admins); `amount` null: not on sale. */
export function getBoostDayPrice(signal?: AbortSignal): Promise<TBoostDayPrice> {
  return apiGet(`${PAYMENTS_API}/admin/boost-price`, { schema: ZBoostDayPrice, signal });
}

/** Sets the price of a boost day, or with null takes boost days off sale (admins). */
export function setBoostDayPrice(input: TBoostDayPriceInput): Promise<TBoostDayPrice> {
  return apiPut(`${PAYMENTS_API}/admin/boost-price`, input, { schema: ZBoostDayPrice });
}

/**
 * Buys a boost beyond the days the listing's tier includes: the boost waits for its payment, and
 * the answer is where to send the browser (the provider's hosted checkout).
 */
export function startBoostCheckout(
  kind: TProfileKind,
  id: string,
  input: TBoostCheckoutInput,
): Promise<TCheckoutStart> {
  return apiPost(`${PAYMENTS_API}/listings/${kind}/${enc(id)}/boosts/checkout`, input, {
    schema: ZCheckoutStart,
  });
}
