// The business service's promotion calls as the web makes them: a business's promotions (read,
// add, change, remove, upload an image for one), checked with the contracts' schemas; the deals
// near an event, which visitors load, are event-deals-api's.
import {
  type TPromotion,
  type TPromotionInput,
  ZPromotion,
  ZPromotionImage,
} from "@hostfield/domain/contracts";
import {
  apiDelete,
  apiGetList,
  apiPatch,
  apiPost,
  apiUpload,
  type TListResult,
} from "../../lib/api";

import { BUSINESSES } from "./event-deals-api";

export {
  BUSINESSES,
  EVENT_DEALS_RADIUS,
  EVENT_DEALS_TAKE,
  promotionKeys,
  searchEventDeals,
} from "./event-deals-api";

const enc = encodeURIComponent;

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
