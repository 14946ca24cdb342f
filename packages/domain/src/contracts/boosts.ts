// Boosts beyond the days a listing's tier includes (issue 47): the refusal that says what a boost
// needs month by month (409 BOOST_QUOTA_EXCEEDED's `details`), the admin's price of a boost day,
// and a manager's purchase of a boost through the provider's hosted checkout
// (`POST /payment-mgmt/api/payments/listings/{kind}/{id}/boosts/checkout`). The quota's rule is the
// domain's (rules/boosts.ts); money is in dollars with cents.
import { z } from "zod";
import { TIERS } from "../reference/tiers";
import { ZIsoDate, ZIsoDateTime } from "./common";
import { ZReturnPath } from "./payments";

/** A month a boost touches: the days included, used by other boosts, needed and beyond. */
export const ZBoostQuotaMonth = z.object({
  /** `YYYY-MM` (UTC). */
  month: z.string(),
  included: z.number().int(),
  used: z.number().int(),
  needed: z.number().int(),
  extraDays: z.number().int(),
});
export type TBoostQuotaMonth = z.infer<typeof ZBoostQuotaMonth>;

/** `details` of 409 BOOST_QUOTA_EXCEEDED. */
export const ZBoostQuotaDetails = z.object({
  tier: z.enum(TIERS).nullable(),
  months: z.array(ZBoostQuotaMonth),
  /** Every month's extra days together: what a purchase of this boost pays for. */
  extraDays: z.number().int(),
  /** The extra days can be bought (payments are on and a boost day has a price). */
  buyable: z.boolean(),
  /** Dollars per boost day, when buyable. */
  dayPrice: z.number().nullable(),
  /** Dollars the extra days cost, when buyable. */
  amount: z.number().nullable(),
});
export type TBoostQuotaDetails = z.infer<typeof ZBoostQuotaDetails>;

/** `GET /payments/admin/boost-price` (admins): the price of a boost day bought beyond the quota. */
export const ZBoostDayPrice = z.object({
  /** Dollars a day; null: boost days are not on sale. */
  amount: z.number().nullable(),
  currency: z.literal("usd"),
  updatedDate: ZIsoDateTime.nullable(),
});
export type TBoostDayPrice = z.infer<typeof ZBoostDayPrice>;

/** Body of `PUT /payments/admin/boost-price`: dollars a day, or null to take boost days off sale. */
export const ZBoostDayPriceInput = z.object({
  amount: z.number().min(1).max(10_000).multipleOf(0.01).nullable(),
});
export type TBoostDayPriceInput = z.infer<typeof ZBoostDayPriceInput>;

/**
 * Body of `POST /payments/listings/{kind}/{id}/boosts/checkout`: the boost's dates and where the
 * browser comes back to (a path of ours). The boost waits for its payment meanwhile.
 */
export const ZBoostCheckoutInput = z
  .object({
    startDate: ZIsoDate,
    endDate: ZIsoDate,
    returnPath: ZReturnPath,
  })
  .refine((b) => b.endDate >= b.startDate, {
    message: "endDate is before startDate",
    path: ["endDate"],
  });
export type TBoostCheckoutInput = z.infer<typeof ZBoostCheckoutInput>;
