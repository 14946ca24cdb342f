// API shapes of a facility's reviews, ratings and destination links.
import { personAsSeen, type TViewer } from "@hostfield/domain/rules";
import { iso, mediaRef } from "../../profiles";
import type * as repo from "./repository";

export type TReviewRow = NonNullable<Awaited<ReturnType<typeof repo.findReview>>>;
export type TLinkRow = NonNullable<Awaited<ReturnType<typeof repo.findFacilityDestination>>>;

/** A review as `viewer` sees it: the author anonymous when they hide themselves. */
export function presentReview(r: TReviewRow, viewer: TViewer) {
  const author = personAsSeen(viewer, {
    id: r.review.userId,
    name: r.author,
    isVisible: r.authorVisible,
  });
  return {
    id: r.review.id,
    profileId: r.review.profileId,
    userId: author.id,
    author: author.name,
    rating: r.review.rating,
    title: r.review.title,
    body: r.review.body,
    createdDate: iso(r.review.createdDate),
    updatedDate: iso(r.review.updatedDate),
  };
}

export const presentLink = (r: TLinkRow) => ({
  id: r.link.id,
  facilityId: r.link.facilityId,
  destination: { id: r.link.destinationId, name: r.name, logo: mediaRef(r.logo) },
  createdDate: iso(r.link.createdDate),
});

/** Count, average (one decimal) and how many gave 1 to 5 stars, from the per-rating counts. */
export function presentRatings(rows: readonly { rating: number; n: number }[]) {
  const distribution = [1, 2, 3, 4, 5].map((star) => rows.find((r) => r.rating === star)?.n ?? 0);
  const count = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
  return {
    count,
    average: count ? Math.round((sum / count) * 10) / 10 : null,
    distribution,
  };
}
