// The deals near an event, as its page asks for them (visitors too): the reply is checked by hand
// for the fields the cards use (lib/reply-shape), so the page loads no zod. A business's own
// promotions, which its managers edit, are promotions-api's, checked with the contracts' schemas.
import type { TPromotionHit } from "@hostfield/domain/contracts";
import { apiPostList, type TListResult } from "../../lib/api";
import { shapeParser } from "../../lib/reply-shape";

export const BUSINESSES = "/business-mgmt/api/businesses";
/** Miles around an event's venue its deals come from. */
export const EVENT_DEALS_RADIUS = 25;
export const EVENT_DEALS_TAKE = 12;

export const promotionKeys = {
  all: ["promotions"] as const,
  business: (businessId: string) => ["promotions", "business", businessId] as const,
  event: (eventId: string) => ["promotions", "event", eventId] as const,
};

const hitParser = shapeParser<TPromotionHit>("A deal near the event", {
  promotion: {
    id: "string",
    title: "string",
    description: "string?",
    offer: { type: "string" },
    validFrom: "string",
    validTo: "string",
    days: "array",
    startTime: "string?",
    endTime: "string?",
    terms: "string?",
    code: "string?",
    redemptionUrl: "string?",
    image: "string?",
    audienceTags: "array",
    isDefault: "boolean",
    status: "string",
  },
  business: {
    id: "string",
    name: "string",
    logo: "string?",
    businessCategory: "string?",
    distanceMiles: "number",
  },
});

export function searchEventDeals(
  eventId: string,
  signal?: AbortSignal,
): Promise<TListResult<TPromotionHit>> {
  return apiPostList(
    `${BUSINESSES}/promotions/search`,
    { eventId, radius: EVENT_DEALS_RADIUS, take: EVENT_DEALS_TAKE },
    { schema: hitParser, signal },
  );
}
