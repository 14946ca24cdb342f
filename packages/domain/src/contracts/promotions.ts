// Business promotions (the business service's `/businesses/{id}/promotions` and
// `/businesses/promotions/search`): the deals local businesses offer visiting teams, valid on some
// days and hours, and found near a place or an event. Dates are `YYYY-MM-DD` UTC days, both ends
// included; times are local `HH:MM`.
import { z } from "zod";
import { BUSINESS_CATEGORIES } from "../reference/businesses";
import { AUDIENCE_TAGS } from "../reference/users";
import { PROMOTION_DAYS } from "../rules/promotions";
import { ZHttpUrl, ZId, ZImageInput, ZImageRef, ZIsoDate, ZIsoDateTime } from "./common";

export const PROMOTION_OFFER_TYPES = ["percentage", "amount", "text"] as const;
/** Miles a promotion search looks around its place by default, and at most. */
export const PROMOTION_RADIUS_DEFAULT = 25;
export const PROMOTION_RADIUS_MAX = 200;

/** What the deal is: a percentage off, an amount off (dollars), or in words ("Free dessert"). */
export const ZPromotionOffer = z.discriminatedUnion("type", [
  z.object({ type: z.literal("percentage"), value: z.number().gt(0).max(100) }),
  z.object({ type: z.literal("amount"), value: z.number().gt(0).max(100_000) }),
  z.object({ type: z.literal("text"), text: z.string().trim().min(1).max(120) }),
]);
export type TPromotionOffer = z.infer<typeof ZPromotionOffer>;

const ZClock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "Expected a time as HH:MM" });
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

const promotionFields = {
  title: z.string().trim().min(1).max(120),
  description: optionalText(2000),
  offer: ZPromotionOffer,
  validFrom: ZIsoDate,
  validTo: ZIsoDate,
  /** The weekdays it is good on; none: every day. */
  days: z.array(z.enum(PROMOTION_DAYS)).max(7).default([]),
  /** The hours it is good in, both or neither: `startTime` before `endTime`. */
  startTime: ZClock.nullable().optional(),
  endTime: ZClock.nullable().optional(),
  terms: optionalText(2000),
  code: z.string().trim().min(1).max(40).nullable().optional(),
  redemptionUrl: ZHttpUrl.max(2048).nullable().optional(),
  /**
   * One of the business's promotion images as its upload answered it
   * (`POST /businesses/{id}/promotions/images`); the server takes no other file and no link.
   */
  image: ZImageInput.nullable().optional(),
  audienceTags: z.array(z.enum(AUDIENCE_TAGS)).max(AUDIENCE_TAGS.length).default([]),
  /** The one the business's card shows; setting it clears the business's other default. */
  isDefault: z.boolean().default(false),
};

/** Body of `POST /businesses/{id}/promotions`, and what a PATCH must leave. */
export const ZPromotionInput = z
  .object(promotionFields)
  .refine((p) => p.validTo >= p.validFrom, {
    message: "A promotion cannot end before it starts",
    path: ["validTo"],
  })
  .refine((p) => (p.startTime == null) === (p.endTime == null), {
    message: "Give both hours, or neither",
    path: ["endTime"],
  })
  .refine((p) => p.startTime == null || p.endTime == null || p.startTime < p.endTime, {
    message: "The hours must end after they start",
    path: ["endTime"],
  })
  .refine((p) => Boolean(p.code) || Boolean(p.redemptionUrl), {
    message: "Give a code or a redemption link",
    path: ["code"],
  });
export type TPromotionInput = z.input<typeof ZPromotionInput>;

export const ZPromotion = z.object({
  id: ZId,
  /** The business. */
  profileId: ZId,
  title: z.string(),
  description: z.string().nullable(),
  offer: ZPromotionOffer,
  validFrom: ZIsoDate,
  validTo: ZIsoDate,
  days: z.array(z.enum(PROMOTION_DAYS)),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  terms: z.string().nullable(),
  code: z.string().nullable(),
  redemptionUrl: z.string().nullable(),
  image: ZImageRef.nullable(),
  audienceTags: z.array(z.enum(AUDIENCE_TAGS)),
  isDefault: z.boolean(),
  /** Today against its dates. */
  status: z.enum(["upcoming", "current", "expired"]),
  createdDate: ZIsoDateTime,
  updatedDate: ZIsoDateTime,
});
export type TPromotion = z.infer<typeof ZPromotion>;

/** Reply of `POST /businesses/{id}/promotions/images`: the uploaded image's address. */
export const ZPromotionImage = z.object({ url: ZImageRef });
export type TPromotionImage = z.infer<typeof ZPromotionImage>;

/** A business's default promotion as its marketplace card shows it. */
export const ZFeaturedDeal = z.object({ id: ZId, title: z.string(), offer: ZPromotionOffer });
export type TFeaturedDeal = z.infer<typeof ZFeaturedDeal>;

/**
 * Body of `POST /businesses/promotions/search`: promotions valid on some day of the dates (an
 * event's own when only the event is given), within `radius` miles of a point or an event's venue,
 * of listed businesses in `categories`. Expired promotions never show.
 */
export const ZPromotionSearch = z
  .object({
    eventId: ZId.optional(),
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
    startDate: ZIsoDate.optional(),
    endDate: ZIsoDate.optional(),
    radius: z.number().gt(0).max(PROMOTION_RADIUS_MAX).default(PROMOTION_RADIUS_DEFAULT),
    categories: z.array(z.enum(BUSINESS_CATEGORIES)).max(BUSINESS_CATEGORIES.length).optional(),
    offset: z.number().int().min(0).default(0),
    take: z.number().int().min(1).max(100).default(20),
  })
  .refine((s) => s.eventId !== undefined || (s.lat !== undefined && s.lng !== undefined), {
    message: "Give an event, or a place (lat and lng)",
    path: ["eventId"],
  })
  .refine((s) => (s.startDate === undefined) === (s.endDate === undefined), {
    message: "Give both dates, or neither",
    path: ["endDate"],
  })
  .refine((s) => !s.startDate || !s.endDate || s.startDate <= s.endDate, {
    message: "The dates must end after they start",
    path: ["endDate"],
  });
export type TPromotionSearch = z.input<typeof ZPromotionSearch>;

/** A promotion found by a search, with its business and how far it is. */
export const ZPromotionHit = z.object({
  promotion: ZPromotion,
  business: z.object({
    id: ZId,
    name: z.string(),
    logo: ZImageRef.nullable(),
    businessCategory: z.string().nullable(),
    address: z.string().nullable(),
    distanceMiles: z.number(),
  }),
});
export type TPromotionHit = z.infer<typeof ZPromotionHit>;
