// Test-only MSW handlers for a facility's reviews: the list and ratings answer the reviews a test
// gives them (the ratings counted from them), "my" review the one it names; writes answer the
// review as sent and change nothing. No rule of the server is applied.
import { ZFacilityRatings, ZFacilityReview } from "@hostfield/domain/contracts";
import { http } from "msw";
import type { z } from "zod";
import { dataOf, dataReply, deletedReply, pageReply, patched } from "../../../test/msw";

const BASE = "/facility-mgmt/api/facilities";
type TReview = z.infer<typeof ZFacilityReview>;

export type TReviewsWorld = { reviews: TReview[]; mine: TReview | null };

export function buildReview(n: number, overrides: Partial<TReview> = {}): TReview {
  return ZFacilityReview.parse({
    id: `00000000-0000-4000-8000-${String(9000 + n).padStart(12, "0")}`,
    profileId: "00000000-0000-4000-8000-000000000001",
    userId: `00000000-0000-4000-8000-${String(9500 + n).padStart(12, "0")}`,
    author: `Reviewer ${n}`,
    rating: 4,
    title: null,
    body: null,
    createdDate: "2026-05-01T10:00:00.000Z",
    updatedDate: "2026-05-01T10:00:00.000Z",
    ...overrides,
  });
}

export function reviewsHandlers(world: TReviewsWorld = { reviews: [], mine: null }) {
  const ratings = () => {
    const distribution = [1, 2, 3, 4, 5].map(
      (star) => world.reviews.filter((r) => r.rating === star).length,
    );
    const count = world.reviews.length;
    const sum = world.reviews.reduce((a, r) => a + r.rating, 0);
    return { count, average: count ? Math.round((sum / count) * 10) / 10 : null, distribution };
  };
  return [
    http.get(`${BASE}/:id/ratings`, () => dataReply(ZFacilityRatings, ratings())),
    http.get(`${BASE}/:id/reviews/my`, () => dataReply(ZFacilityReview.nullable(), world.mine)),
    http.get(`${BASE}/:id/reviews`, ({ request }) =>
      pageReply(ZFacilityReview, world.reviews, request),
    ),
    http.post(`${BASE}/:id/reviews`, async ({ params, request }) => {
      const input = await dataOf<Partial<TReview>>(request);
      return dataReply(
        ZFacilityReview,
        buildReview(99, { ...input, profileId: String(params.id), author: "Me" }),
        { status: 201 },
      );
    }),
    http.patch(`${BASE}/:id/reviews/:reviewId`, async ({ request }) =>
      world.mine
        ? dataReply(ZFacilityReview, patched(world.mine, (await request.json()) as never))
        : undefined,
    ),
    http.delete(`${BASE}/:id/reviews/:reviewId`, ({ params }) =>
      deletedReply(String(params.reviewId)),
    ),
  ];
}
