// The facility's own calls beside the shared ones: reviews and ratings, the destinations that list
// it (whose managers manage it too), onboarding lists and admin counts.
import {
  ZFacilityDestination,
  ZFacilityRatings,
  ZFacilityReview,
  ZFacilityReviewInput,
  ZPatchBody,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
  zProfile,
} from "@hostfield/domain/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { access } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { AppError, forbidden, notFound } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import { iso, presentProfile } from "../../profiles/presenter";
import * as repo from "../../profiles/repository";
import { grantOf, profileRouteKit, registerSearch } from "../../profiles/routes";
import * as profiles from "../../profiles/service";
import { destinationDescriptor } from "../destinations/descriptor";
import { facilityDescriptor as d } from "./descriptor";

const ZId = z.object({ id: z.uuid() });
const ZChild = z.object({ id: z.uuid(), childId: z.uuid() });
const ZDeleted = zDataEnvelope(z.object({ id: z.uuid(), deleted: z.literal(true) }));

type TReviewRow = NonNullable<Awaited<ReturnType<typeof repo.findReview>>>;
const presentReview = (r: TReviewRow) => ({
  id: r.review.id,
  profileId: r.review.profileId,
  userId: r.review.userId,
  author: r.author,
  rating: r.review.rating,
  title: r.review.title,
  body: r.review.body,
  createdDate: iso(r.review.createdDate),
  updatedDate: iso(r.review.updatedDate),
});

export async function facilityRoutes(
  app: FastifyInstance,
  options: { ctx: profiles.TProfilesContext },
) {
  const { ctx } = options;
  const { add, can, principalOf } = profileRouteKit(app, d, ctx);
  const ZList = zListEnvelope(zProfile(d.detail.schema));

  // Facilities look for the destinations around them.
  registerSearch(app, d, ctx, "/facilities/destinations/search", destinationDescriptor);

  // ---- reviews ----
  const reviews = "/facilities/:id/reviews";
  const listReviews = async (request: FastifyRequest) => {
    const page = await repo.listReviews(
      ctx.db,
      grantOf(request).profile.id,
      toWindow(request.query as never),
    );
    return listEnvelope(page.rows.map(presentReview), page.count);
  };
  const ZReviewList = zListEnvelope(ZFacilityReview);
  const ZReview = zDataEnvelope(ZFacilityReview);
  add({
    method: "GET",
    url: reviews,
    summary: "Reviews of the facility, newest first",
    access: can("profile.read"),
    params: ZId,
    query: ZPagedQuery,
    response: ZReviewList,
    handler: listReviews,
  });
  add({
    method: "POST",
    url: `${reviews}/filtered`,
    summary: "Reviews of the facility (filtered)",
    access: can("profile.read"),
    params: ZId,
    query: ZPagedQuery,
    body: zDataBody(z.object({}).loose()).optional(),
    response: ZReviewList,
    handler: listReviews,
  });
  add({
    method: "POST",
    url: reviews,
    summary: "Review the facility (one review per member)",
    access: can("reviews.write"),
    params: ZId,
    body: zDataBody(ZFacilityReviewInput),
    status: 201,
    response: ZReview,
    handler: async (request) => {
      const input = (request.body as { data: z.infer<typeof ZFacilityReviewInput> }).data;
      const userId = principalOf(request).userId;
      const profileId = grantOf(request).profile.id;
      const row = await repo.insertChild<{ id: string }>(ctx.db, repo.childTables.reviews, {
        profileId,
        userId,
        rating: input.rating,
        title: input.title ?? null,
        body: input.body ?? null,
        createdBy: userId,
        updatedBy: userId,
      });
      if (!row)
        throw new AppError(
          "ALREADY_REVIEWED",
          409,
          "You have reviewed this facility already; edit your review.",
        );
      return envelope(presentReview((await repo.findReview(ctx.db, profileId, { id: row.id }))!));
    },
  });
  add({
    method: "GET",
    url: `${reviews}/my`,
    summary: "My review of the facility",
    access: can("reviews.write"),
    params: ZId,
    response: zDataEnvelope(ZFacilityReview.nullable()),
    handler: async (request) => {
      const row = await repo.findReview(ctx.db, grantOf(request).profile.id, {
        userId: principalOf(request).userId,
      });
      return envelope(row ? presentReview(row) : null);
    },
  });
  const findReview = async (request: FastifyRequest) => {
    const { childId } = request.params as { childId: string };
    const row = await repo.findReview(ctx.db, grantOf(request).profile.id, { id: childId });
    if (!row) throw notFound("The review");
    return row;
  };
  /** The author edits a review; the author, the facility's managers and admins remove it. */
  const reviewAbilities = (request: FastifyRequest, row: TReviewRow) => {
    const principal = request.principal;
    const author = principal?.userId === row.review.userId;
    const admin = principal?.isAdmin ?? false;
    const manager = grantOf(request).abilities.includes("profile.update");
    return [
      ...(author || admin ? ["review.update"] : []),
      ...(author || admin || manager ? ["review.delete"] : []),
    ];
  };
  add({
    method: "GET",
    url: `${reviews}/:childId`,
    summary: "One review",
    access: can("profile.read"),
    params: ZChild,
    response: ZReview,
    handler: async (r) => envelope(presentReview(await findReview(r))),
  });
  add({
    method: "GET",
    url: `${reviews}/:childId/my/entitlements`,
    summary: "What I may do with this review",
    access: can("profile.read"),
    params: ZChild,
    response: zDataEnvelope(z.array(z.string())),
    handler: async (request) => envelope(reviewAbilities(request, await findReview(request))),
  });
  add({
    method: "PATCH",
    url: `${reviews}/:childId`,
    summary: "Edit my review (JSON Patch of rating, title, body)",
    access: can("reactions.write"),
    params: ZChild,
    body: ZPatchBody,
    response: ZReview,
    handler: async (request) => {
      const row = await findReview(request);
      if (!reviewAbilities(request, row).includes("review.update"))
        throw forbidden("Only the author edits a review.");
      const before = { rating: row.review.rating, title: row.review.title, body: row.review.body };
      const after = ZFacilityReviewInput.strict().safeParse(applyJsonPatch(before, request.body));
      if (!after.success)
        throw new AppError(
          "VALIDATION_FAILED",
          400,
          "A review has a rating from 1 to 5, a title and a text.",
        );
      await repo.updateChild(
        ctx.db,
        repo.childTables.reviews,
        row.review.profileId,
        row.review.id,
        {
          ...after.data,
          updatedBy: principalOf(request).userId,
          updatedDate: new Date(),
        },
      );
      return envelope(
        presentReview(
          (await repo.findReview(ctx.db, row.review.profileId, { id: row.review.id }))!,
        ),
      );
    },
  });
  add({
    method: "DELETE",
    url: `${reviews}/:childId`,
    summary: "Remove a review (its author, the facility's managers, admins)",
    access: can("reactions.write"),
    params: ZChild,
    response: ZDeleted,
    handler: async (request) => {
      const row = await findReview(request);
      if (!reviewAbilities(request, row).includes("review.delete"))
        throw forbidden("You may not remove this review.");
      await repo.deleteChild(ctx.db, repo.childTables.reviews, row.review.profileId, row.review.id);
      return envelope({ id: row.review.id, deleted: true as const });
    },
  });
  add({
    method: "GET",
    url: "/facilities/:id/ratings",
    summary: "The facility's rating: count, average and the 1-5 star distribution",
    access: can("profile.read"),
    params: ZId,
    response: zDataEnvelope(ZFacilityRatings),
    handler: async (request) => {
      const rows = await repo.ratingDistribution(ctx.db, grantOf(request).profile.id);
      const distribution = [1, 2, 3, 4, 5].map(
        (star) => rows.find((r) => r.rating === star)?.n ?? 0,
      );
      const count = distribution.reduce((a, b) => a + b, 0);
      const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
      return envelope({
        count,
        average: count ? Math.round((sum / count) * 10) / 10 : null,
        distribution,
      });
    },
  });

  // ---- destinations that list the facility ----
  const links = "/facilities/:id/destinations";
  type TLink = NonNullable<Awaited<ReturnType<typeof repo.findFacilityDestination>>>;
  const presentLink = (r: TLink) => ({
    id: r.link.id,
    facilityId: r.link.facilityId,
    destination: { id: r.link.destinationId, name: r.name, logo: r.logo },
    createdDate: iso(r.link.createdDate),
  });
  const listLinks = async (request: FastifyRequest) => {
    const page = await repo.listFacilityDestinations(
      ctx.db,
      grantOf(request).profile.id,
      toWindow(request.query as never),
    );
    return listEnvelope(page.rows.map(presentLink), page.count);
  };
  const ZLinks = zListEnvelope(ZFacilityDestination);
  const ZLink = zDataEnvelope(ZFacilityDestination);
  const ZLinkInput = zDataBody(z.object({ destinationId: z.uuid() }));
  /**
   * The facility's managers decide whom it is listed under (the route checks that); linking hands
   * its management to the destination's managers as well, who cannot claim a facility themselves.
   */
  const requireListedDestination = (destinationId: string) =>
    profiles.requireListedProfile(ctx, destinationId, ["destination"], "The destination");
  add({
    method: "GET",
    url: links,
    summary: "Destinations that list the facility",
    access: can("profile.read"),
    params: ZId,
    query: ZPagedQuery,
    response: ZLinks,
    handler: listLinks,
  });
  add({
    method: "POST",
    url: `${links}/filtered`,
    summary: "Destinations that list the facility (filtered)",
    access: can("profile.read"),
    params: ZId,
    query: ZPagedQuery,
    body: zDataBody(z.object({}).loose()).optional(),
    response: ZLinks,
    handler: listLinks,
  });
  add({
    method: "POST",
    url: links,
    summary: "List the facility under a destination (its managers then manage the facility too)",
    access: can("profile.update"),
    params: ZId,
    body: ZLinkInput,
    status: 201,
    response: ZLink,
    handler: async (request) => {
      const { destinationId } = (request.body as { data: { destinationId: string } }).data;
      await requireListedDestination(destinationId);
      const facilityId = grantOf(request).profile.id;
      const id = await repo.insertFacilityDestination(ctx.db, {
        facilityId,
        destinationId,
        createdBy: principalOf(request).userId,
      });
      if (!id)
        throw new AppError(
          "ALREADY_EXISTS",
          409,
          "The facility is listed under that destination already.",
        );
      return envelope(presentLink((await repo.findFacilityDestination(ctx.db, facilityId, id))!));
    },
  });
  const findLink = async (request: FastifyRequest) => {
    const { childId } = request.params as { childId: string };
    const row = await repo.findFacilityDestination(ctx.db, grantOf(request).profile.id, childId);
    if (!row) throw notFound("The destination link");
    return row;
  };
  add({
    method: "GET",
    url: `${links}/:childId`,
    summary: "One destination link",
    access: can("profile.read"),
    params: ZChild,
    response: ZLink,
    handler: async (r) => envelope(presentLink(await findLink(r))),
  });
  add({
    method: "PATCH",
    url: `${links}/:childId`,
    summary: "Point a link at another destination (JSON Patch of destinationId)",
    access: can("profile.update"),
    params: ZChild,
    body: ZPatchBody,
    response: ZLink,
    handler: async (request) => {
      const row = await findLink(request);
      const after = z
        .object({ destinationId: z.uuid() })
        .strict()
        .safeParse(applyJsonPatch({ destinationId: row.link.destinationId }, request.body));
      if (!after.success)
        throw new AppError("VALIDATION_FAILED", 400, "Only destinationId changes here.");
      await requireListedDestination(after.data.destinationId);
      await repo
        .updateFacilityDestination(
          ctx.db,
          row.link.facilityId,
          row.link.id,
          after.data.destinationId,
          principalOf(request).userId,
        )
        .catch(() => {
          throw new AppError(
            "ALREADY_EXISTS",
            409,
            "The facility is listed under that destination already.",
          );
        });
      return envelope(
        presentLink(
          (await repo.findFacilityDestination(ctx.db, row.link.facilityId, row.link.id))!,
        ),
      );
    },
  });
  add({
    method: "DELETE",
    url: `${links}/:childId`,
    summary: "Remove the facility from a destination",
    access: can("profile.update"),
    params: ZChild,
    response: ZDeleted,
    handler: async (request) => {
      const row = await findLink(request);
      await repo.deleteFacilityDestination(ctx.db, row.link.facilityId, row.link.id);
      return envelope({ id: row.link.id, deleted: true as const });
    },
  });

  // ---- onboarding lists and admin counts ----
  const page = async (request: FastifyRequest, query: Omit<repo.TProfileQuery, "kind">) => {
    const result = await repo.listProfiles(
      ctx.db,
      { kind: d.kind, ...query },
      d.detail.table,
      toWindow(request.query as never),
      profiles.today(),
    );
    return listEnvelope(
      result.rows.map((p) => presentProfile(d, p)),
      result.count,
    );
  };
  add({
    method: "GET",
    url: "/facilities/my/approved",
    summary: "The approved facilities I belong to",
    access: access.signedIn,
    query: ZPagedQuery,
    response: ZList,
    handler: (request) =>
      page(request, {
        publicOnly: false,
        status: "approved",
        memberUserId: principalOf(request).userId,
      }),
  });
  add({
    method: "GET",
    url: "/facilities/onboarded",
    summary: "Facilities approved in the last 90 days",
    access: access.public,
    query: ZPagedQuery,
    response: ZList,
    handler: (request) =>
      page(request, { publicOnly: true, createdFrom: new Date(Date.now() - 90 * 86_400_000) }),
  });
  const ZCounts = zDataEnvelope(
    z.object({
      total: z.number().int(),
      approved: z.number().int(),
      pending: z.number().int(),
      active: z.number().int(),
    }),
  );
  const counts = async (query: Omit<repo.TProfileQuery, "kind" | "publicOnly">) => {
    const base = { kind: d.kind, publicOnly: false, ...query } as repo.TProfileQuery;
    const [total, approved, pending] = await Promise.all([
      repo.countProfiles(ctx.db, base),
      repo.countProfiles(ctx.db, { ...base, status: "approved" }),
      repo.countProfiles(ctx.db, { ...base, status: "pending" }),
    ]);
    return {
      total,
      approved,
      pending,
      active: await repo.countProfiles(ctx.db, { ...base, publicOnly: true }),
    };
  };
  add({
    method: "GET",
    url: "/facilities/stats",
    summary: "Facility counts, optionally for those created between the dates (admins)",
    access: access.admin,
    query: z.object({
      "api-version": z.string().optional(),
      isActive: z.enum(["true", "false", "1", "0"]).optional(),
      startDate: z.iso.date().optional(),
      endDate: z.iso.date().optional(),
    }),
    response: ZCounts,
    handler: async (request) => {
      const q = request.query as { startDate?: string; endDate?: string };
      return envelope(
        await counts({
          createdFrom: q.startDate ? new Date(`${q.startDate}T00:00:00Z`) : undefined,
          createdTo: q.endDate ? new Date(`${q.endDate}T23:59:59.999Z`) : undefined,
        }),
      );
    },
  });
  add({
    method: "GET",
    url: "/facilities/report",
    summary: "Facility counts across the network (admins)",
    access: access.admin,
    response: ZCounts,
    handler: async () => envelope(await counts({})),
  });
}
