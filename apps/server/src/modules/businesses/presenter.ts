// Promotion rows to the API's shape: the offer as stored, its status today, its image's address.
import type { TPromotion, TPromotionHit } from "@hostfield/domain/contracts";
import { promotionStatus } from "@hostfield/domain/rules";
import { iso, mediaRef } from "../../profiles";
import type { TPromotionRow, TPromotionSearchRow } from "./repository";

export function presentPromotion(r: TPromotionRow, today: string): TPromotion {
  return {
    id: r.id,
    profileId: r.profileId,
    title: r.title,
    description: r.description,
    offer: r.offer,
    validFrom: r.validFrom,
    validTo: r.validTo,
    days: r.days as TPromotion["days"],
    startTime: r.startTime,
    endTime: r.endTime,
    terms: r.terms,
    code: r.code,
    redemptionUrl: r.redemptionUrl,
    image: mediaRef(r.image),
    audienceTags: r.audienceTags as TPromotion["audienceTags"],
    isDefault: r.isDefault,
    status: promotionStatus(r, today),
    createdDate: iso(r.createdDate),
    updatedDate: iso(r.updatedDate),
  };
}

export function presentPromotionHit(r: TPromotionSearchRow, today: string): TPromotionHit {
  const b = r.business;
  const address = [b.street, b.city, b.state].filter((part) => part?.trim()).join(", ");
  return {
    promotion: presentPromotion(r.promotion, today),
    business: {
      id: b.id,
      name: b.name,
      logo: mediaRef(b.logo),
      businessCategory: b.businessCategory,
      address: address || null,
      distanceMiles: Math.round(b.distanceMiles * 10) / 10,
    },
  };
}
