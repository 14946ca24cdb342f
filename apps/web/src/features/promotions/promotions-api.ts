// The business service's promotion calls as the web makes them: a business's promotions (read,
// add, change, remove, upload an image for one) and the deals near an event.
import {
  type TPromotion,
  type TPromotionHit,
  type TPromotionInput,
  ZPromotion,
  ZPromotionHit,
  ZPromotionImage,
} from "@hostfield/domain/contracts";
import {
  apiDelete,
  apiGetList,
  apiPatch,
  apiPost,
  apiPostList,
  apiUpload,
  type TListResult,
} from "../../lib/api";

const enc = encodeURIComponent;
export const BUSINESSES = "/business-mgmt/api/businesses";
/** Miles around an event's venue its deals come from. */
export const EVENT_DEALS_RADIUS = 25;
export const EVENT_DEALS_TAKE = 12;

export const promotionKeys = {
  all: ["promotions"] as const,
  business: (businessId: string) => ["promotions", "business", businessId] as const,
  event: (eventId: string) => ["promotions", "event", eventId] as const,
};

export function listPromotions(
  businessId: string,
  signal?: AbortSignal,
): Promise<TListResult<TPromotion>> {
  return apiGetList(`${BUSINESSES}/${enc(businessId)}/promotions`, {
    query: { take: 100 },
    schema: ZPromotion,
    signal,
  });
}

export function createPromotion(businessId: string, input: TPromotionInput): Promise<TPromotion> {
  return apiPost(`${BUSINESSES}/${enc(businessId)}/promotions`, input, { schema: ZPromotion });
}

/** Replaces every editable field with the form's (one JSON Patch). */
export function updatePromotion(
  businessId: string,
  id: string,
  input: TPromotionInput,
): Promise<TPromotion> {
  const ops = Object.entries(input).map(([key, value]) => ({
    op: "replace",
    path: `/${key}`,
    value: value ?? null,
  }));
  return apiPatch(`${BUSINESSES}/${enc(businessId)}/promotions/${enc(id)}`, ops, {
    schema: ZPromotion,
  });
}

/** Uploads an image for the business's deals, with progress: its address, for a deal's `image`. */
export async function uploadPromotionImage(
  businessId: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const form = new FormData();
  form.append("file", file, file.name);
  const reply = await apiUpload(`${BUSINESSES}/${enc(businessId)}/promotions/images`, form, {
    onProgress,
    schema: ZPromotionImage,
  });
  return reply.url;
}

export function deletePromotion(businessId: string, id: string): Promise<void> {
  return apiDelete(`${BUSINESSES}/${enc(businessId)}/promotions/${enc(id)}`);
}

/** Deals valid during the event, at businesses near its venue, nearest first. */
export function searchEventDeals(
  eventId: string,
  signal?: AbortSignal,
): Promise<TListResult<TPromotionHit>> {
  return apiPostList(
    `${BUSINESSES}/promotions/search`,
    { eventId, radius: EVENT_DEALS_RADIUS, take: EVENT_DEALS_TAKE },
    { schema: ZPromotionHit, signal },
  );
}
