// Card guarantees of hotel reservations (issue 47): a hotel (its stay settings, `/hotel-mgmt/api/
// hotels/{id}/stay-settings`) or one of its blocks (a block term) may require a card to hold a
// booking. The guest saves it through the provider's hosted setup checkout (`/payment-mgmt/api/
// payments/reservations/{id}/guarantee/checkout`): card data never reaches Hostfield, only the
// provider's ids and how the card reads (brand, last 4). The hotel's managers charge a no-show or a
// late cancellation from it (`…/guarantee/charge`), at most the first night's rate × rooms
// (rules/guarantees.ts). Without payment settings no guarantee is asked. Money is in dollars.
import { z } from "zod";
import { GUARANTEE_CHARGE_REASONS } from "../rules/guarantees";
import { ZId, ZIsoDateTime } from "./common";
import { ZReturnPath } from "./payments";

/**
 * Where a reservation's guarantee stands: `awaiting_card` (booked, no card saved yet: the booking
 * is cancelled if none is within GUARANTEE_SECURE_MINUTES), `secured` (a card is saved), `charged`
 * (the hotel charged it), `released` (no card came in time: the booking was cancelled).
 */
export const GUARANTEE_STATES = ["awaiting_card", "secured", "charged", "released"] as const;
export type TGuaranteeState = (typeof GUARANTEE_STATES)[number];

/** The saved card as the provider describes it ("visa", "4242"); never its number. */
export const ZGuaranteeCard = z.object({ brand: z.string(), last4: z.string() });
export type TGuaranteeCard = z.infer<typeof ZGuaranteeCard>;

/** The hotel's charge of a guarantee: the last attempt (a declined one may be tried again). */
export const ZGuaranteeCharge = z.object({
  id: ZId,
  reason: z.enum(GUARANTEE_CHARGE_REASONS),
  /** Dollars. */
  amount: z.number(),
  currency: z.string(),
  state: z.enum(["succeeded", "failed"]),
  /** The provider's words when the card was declined. */
  failure: z.string().nullable(),
  /** Attempts made (declined ones included). */
  attempts: z.number().int(),
  /** When it was charged (succeeded), or last tried. */
  date: ZIsoDateTime,
});
export type TGuaranteeCharge = z.infer<typeof ZGuaranteeCharge>;

/** A reservation's guarantee, as its guest and hotel see it (`ZReservation.guarantee`). */
export const ZReservationGuarantee = z.object({
  /** The hotel or block required a card when this reservation was booked. */
  required: z.boolean(),
  state: z.enum(GUARANTEE_STATES),
  card: ZGuaranteeCard.nullable(),
  /** The cancellation terms (rules/guarantees.ts guaranteeTermsText). */
  terms: z.string(),
  /** The most a late cancellation or a no-show may be charged, in dollars. */
  chargeLimit: z.number(),
  currency: z.string(),
  /** While awaiting a card: when the booking is cancelled without one. */
  secureBy: ZIsoDateTime.nullable(),
  /** What the hotel may charge now (a card saved and the rules met); empty otherwise. */
  chargeableFor: z.array(z.enum(GUARANTEE_CHARGE_REASONS)),
  charge: ZGuaranteeCharge.nullable(),
});
export type TReservationGuarantee = z.infer<typeof ZReservationGuarantee>;

/** Body of `POST /payments/reservations/{id}/guarantee/checkout`: where the browser comes back to. */
export const ZGuaranteeCheckoutInput = z.object({
  returnPath: ZReturnPath,
});
export type TGuaranteeCheckoutInput = z.infer<typeof ZGuaranteeCheckoutInput>;

/** Body of `POST /payments/reservations/{id}/guarantee/charge` (the hotel's managers). */
export const ZGuaranteeChargeInput = z.object({
  reason: z.enum(GUARANTEE_CHARGE_REASONS),
  /** Dollars, at most the guarantee's `chargeLimit` (400 GUARANTEE_CHARGE_OVER_LIMIT above it). */
  amount: z.number().positive().max(1_000_000).multipleOf(0.01),
});
export type TGuaranteeChargeInput = z.infer<typeof ZGuaranteeChargeInput>;

/** `GET|PUT /hotels/{id}/stay-settings`: how the hotel takes bookings. */
export const ZHotelStaySettings = z.object({
  hotelId: ZId,
  /** A card must guarantee each booking (a block's terms may say otherwise). */
  requireCardGuarantee: z.boolean(),
  /** Whether payments are on: off, no guarantee is asked whatever the setting. */
  paymentsEnabled: z.boolean(),
});
export type THotelStaySettings = z.infer<typeof ZHotelStaySettings>;

export const ZHotelStaySettingsInput = z.object({ requireCardGuarantee: z.boolean() });
export type THotelStaySettingsInput = z.infer<typeof ZHotelStaySettingsInput>;
