// Test-only promotions in the contract shapes (each checked against its schema as it is built),
// and the world the promotions handlers answer from.
import {
  type TPromotion,
  type TPromotionHit,
  ZPromotion,
  ZPromotionHit,
} from "@hostfield/domain/contracts";

/** A valid (version 4) uuid made from a number, so tests can name their records. */
export const promotionUuid = (n: number) =>
  `00000000-0000-4000-a000-${String(n).padStart(12, "0")}`;

export const DINER_ID = promotionUuid(1);
export const DEAL_EVENT_ID = promotionUuid(2);
export const PROMOTION_T0 = "2026-11-01T09:00:00.000Z";

export function buildPromotion(overrides: Partial<TPromotion> = {}): TPromotion {
  return ZPromotion.parse({
    id: promotionUuid(100),
    profileId: DINER_ID,
    title: "10% off for teams",
    description: "Show your team shirt.",
    offer: { type: "percentage", value: 10 },
    validFrom: "2026-11-01",
    validTo: "2026-12-31",
    days: [],
    startTime: null,
    endTime: null,
    terms: null,
    code: "TEAM10",
    redemptionUrl: null,
    image: null,
    audienceTags: [],
    isDefault: false,
    status: "current",
    createdDate: PROMOTION_T0,
    updatedDate: PROMOTION_T0,
    ...overrides,
  });
}

export function buildPromotionHit(
  promotion: TPromotion = buildPromotion(),
  business: Partial<TPromotionHit["business"]> = {},
): TPromotionHit {
  return ZPromotionHit.parse({
    promotion,
    business: {
      id: promotion.profileId,
      name: "Canal Diner",
      logo: null,
      businessCategory: "Food & Beverage",
      address: "1 Main St, Indianapolis, IN",
      distanceMiles: 1.2,
      ...business,
    },
  });
}

/** What the handlers answer from: each business's promotions, each event's deals. */
export type TPromotionsWorld = {
  byBusiness: Map<string, TPromotion[]>;
  byEvent: Map<string, TPromotionHit[]>;
};

export function promotionsWorld(
  seed: {
    byBusiness?: Record<string, TPromotion[]>;
    byEvent?: Record<string, TPromotionHit[]>;
  } = {},
): TPromotionsWorld {
  return {
    byBusiness: new Map(Object.entries(seed.byBusiness ?? {})),
    byEvent: new Map(Object.entries(seed.byEvent ?? {})),
  };
}
