// A facility's reviews and ratings: the list (newest first), the rating summary, and the signed-in
// member's own review (`/facilities/{id}/reviews/my`), written, edited and removed.
import {
  ZFacilityRatings,
  ZFacilityReview,
  type ZFacilityReviewInput,
} from "@hostfield/domain/contracts";
import type { z } from "zod";
import { apiDelete, apiGet, apiGetList, apiPatch, apiPost, type TListResult } from "../../lib/api";
import type { TPage } from "../../lib/offset-pages";

const BASE = "/facility-mgmt/api/facilities";

export type TFacilityReview = z.infer<typeof ZFacilityReview>;
export type TFacilityRatings = z.infer<typeof ZFacilityRatings>;
export type TFacilityReviewInput = z.input<typeof ZFacilityReviewInput>;

export const reviewKeys = {
  all: (facilityId: string) => ["reviews", facilityId] as const,
  list: (facilityId: string) => ["reviews", facilityId, "list"] as const,
  ratings: (facilityId: string) => ["reviews", facilityId, "ratings"] as const,
  mine: (facilityId: string, viewer: string) => ["reviews", facilityId, "mine", viewer] as const,
};

export function fetchReviews(
  facilityId: string,
  page: TPage,
  signal?: AbortSignal,
): Promise<TListResult<TFacilityReview>> {
  return apiGetList(`${BASE}/${facilityId}/reviews`, {
    query: { offset: page.offset, take: page.take },
    schema: ZFacilityReview,
    signal,
  });
}

export const fetchRatings = (facilityId: string, signal?: AbortSignal) =>
  apiGet(`${BASE}/${facilityId}/ratings`, { schema: ZFacilityRatings, signal });

export const fetchMyReview = (facilityId: string, signal?: AbortSignal) =>
  apiGet(`${BASE}/${facilityId}/reviews/my`, { schema: ZFacilityReview.nullable(), signal });

export const postReview = (facilityId: string, input: TFacilityReviewInput) =>
  apiPost(`${BASE}/${facilityId}/reviews`, input, { schema: ZFacilityReview });

export const editReview = (facilityId: string, id: string, input: TFacilityReviewInput) =>
  apiPatch(
    `${BASE}/${facilityId}/reviews/${id}`,
    [
      { op: "replace", path: "/rating", value: input.rating },
      { op: "replace", path: "/title", value: input.title ?? null },
      { op: "replace", path: "/body", value: input.body ?? null },
    ],
    { schema: ZFacilityReview },
  );

export const deleteReview = (facilityId: string, id: string) =>
  apiDelete(`${BASE}/${facilityId}/reviews/${id}`);
