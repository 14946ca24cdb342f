// Test-only records and MSW handlers of hotel reservations' card guarantees: a guarantee (awaiting
// a card by default: 1 room at $139 the first night), the guest's setup checkout (the fake
// provider's page) and the hotel's charge, recorded and answered as the test says.
import {
  type TReservationGuarantee,
  ZCheckoutStart,
  ZReservationGuarantee,
} from "@hostfield/domain/contracts";
import { http } from "msw";
import { dataReply } from "../../../test/msw";

export const guaranteePaymentsUrl = (reservationId: string, rest: "/checkout" | "/charge") =>
  `/payment-mgmt/api/payments/reservations/${reservationId}/guarantee${rest}`;

/** Where the fake provider's card page is. */
export const CARD_PAGE_URL = "https://pay.example/setup/cs_test_guarantee";

export function buildGuarantee(
  overrides: Partial<TReservationGuarantee> = {},
): TReservationGuarantee {
  return ZReservationGuarantee.parse({
    required: true,
    state: "awaiting_card",
    card: null,
    terms:
      "Free cancellation until the end of 2025-05-20 (UTC). After that, a late cancellation or a no-show may be charged up to $139.00 (the first night's rate, $139.00, × 1 room).",
    chargeLimit: 139,
    currency: "usd",
    secureBy: "2025-03-12T15:30:00.000Z",
    chargeableFor: [],
    charge: null,
    ...overrides,
  } satisfies TReservationGuarantee);
}

/** A guarantee secured by a Visa ending 4242. */
export const securedGuarantee = (overrides: Partial<TReservationGuarantee> = {}) =>
  buildGuarantee({
    state: "secured",
    card: { brand: "visa", last4: "4242" },
    secureBy: null,
    ...overrides,
  });

/** The guest's setup checkout: the fake provider's card page. */
export function guaranteeCheckoutHandler(reservationId: string, url = CARD_PAGE_URL) {
  return http.post(guaranteePaymentsUrl(reservationId, "/checkout"), () =>
    dataReply(ZCheckoutStart, { url }),
  );
}
