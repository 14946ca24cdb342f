// A facility's reviews and ratings: the list (newest first), the rating summary, and the signed-in
// member's own review (`/facilities/{id}/reviews/my`), written, edited and removed.
import type {
  ZFacilityRatings,
  ZFacilityReview,
  ZFacilityReviewInput,
} from "@hostfield/domain/contracts";
import type { z } from "zod";
import {
  apiDelete,
  apiGet,
  apiGetList,
  apiPatch,
  apiPost,
  type TListResult,
  type TParser,
} from "../../lib/api";
import type { TPage } from "../../lib/offset-pages";
import { shapeParser } from "../../lib/reply-shape";

const BASE = "/facility-mgmt/api/facilities";

export type TFacilityReview = z.infer<typeof ZFacilityReview>;
export type TFacilityRatings = z.infer<typeof ZFacilityRatings>;
export type TFacilityReviewInput = z.input<typeof ZFacilityReviewInput>;

// Checked by hand (lib/reply-shape): reviews load with a facility's page, which visitors open first.
const reviewParser = shapeParser<TFacilityReview>("A review", {
  id: "string",
  profileId: "string",
  userId: "string?",
  author: "string",
  rating: "number",
  title: "string?",
  body: "string?",
  createdDate: "string",
  updatedDate: "string",
});
const ratingsParser = shapeParser<TFacilityRatings>("The ratings", {
  count: "number",
  average: "number?",
  distribution: "array",
});
const myReviewParser: TParser<TFacilityReview | null> = {
  parse: (value) => (value === null ? null : reviewParser.parse(value)),
};

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
    schema: reviewParser,
    signal,
  });
}

export const fetchRatings = (facilityId: string, signal?: AbortSignal) =>
  apiGet(`${BASE}/${facilityId}/ratings`, { schema: ratingsParser, signal });

export const fetchMyReview = (facilityId: string, signal?: AbortSignal) =>
  apiGet(`${BASE}/${facilityId}/reviews/my`, { schema: myReviewParser, signal });

export const postReview = (facilityId: string, input: TFacilityReviewInput) =>
  apiPost(`${BASE}/${facilityId}/reviews`, input, { schema: reviewParser });

export const editReview = (facilityId: string, id: string, input: TFacilityReviewInput) =>
  apiPatch(
    `${BASE}/${facilityId}/reviews/${id}`,
    [
      { op: "replace", path: "/rating", value: input.rating },
      { op: "replace", path: "/title", value: input.title ?? null },
      { op: "replace", path: "/body", value: input.body ?? null },
    ],
    { schema: reviewParser },
  );

export const deleteReview = (facilityId: string, id: string) =>
  apiDelete(`${BASE}/${facilityId}/reviews/${id}`);
