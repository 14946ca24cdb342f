// The facility's own calls beside the shared ones: reviews and ratings, the destinations that list
// it (whose managers manage it too) and its managers through them, the destinations near it,
// onboarding lists and admin counts.
import {
  ZFacilityDestination,
  ZFacilityRatings,
  ZFacilityReview,
  ZFacilityReviewInput,
  ZIsoDate,
  ZPatchBody,
  ZProfileMember,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
  zProfile,
} from "@hostfield/domain/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { access } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { AppError, forbidden, notFound, validationFailed } from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import { toWindow, ZPagedQuery } from "../../platform/http/paging";
import type { TRequestOf, TRequestWithParams } from "../../platform/http/route-def";
import { ZChildParams, ZDeletedReply, ZIdParams } from "../../platform/http/schemas";
import {
  countKindProfiles,
  grantOf,
  kindOf,
  listInheritedManagers,
  listKindProfiles,
  presentMember,
  presentProfile,
  profileRouteKit,
  registerSearch,
  requireListedProfile,
  type TKindQuery,
  type TKindRoutesOptions,
} from "../../profiles";
import { presentLink, presentRatings, presentReview, type TReviewRow } from "./presenter";
import * as repo from "./repository";

const ZLooseFilter = zDataBody(z.object({}).loose()).optional();
const ZLinkInput = zDataBody(z.object({ destinationId: z.uuid() }));
const ZStatsQuery = z.object({
  "api-version": z.string().optional(),
  isActive: z.enum(["true", "false", "1", "0"]).optional(),
  startDate: ZIsoDate.optional(),
  endDate: ZIsoDate.optional(),
});
const ZCounts = zDataEnvelope(
  z.object({
    total: z.number().int(),
    approved: z.number().int(),
    pending: z.number().int(),
    active: z.number().int(),
  }),
);
type TChildRequest = TRequestWithParams<{ id: string; childId: string }>;

export async function facilityRoutes(
  app: FastifyInstance,
  { descriptor: d, ctx }: TKindRoutesOptions,
) {
  const { add, can, listPair, principalOf } = profileRouteKit(app, d, ctx);
  const ZList = zListEnvelope(zProfile(d.detail.schema));

  // Facilities look for the destinations around them.
  registerSearch(app, d, ctx, "/facilities/destinations/search", kindOf(ctx, "destination"));

  // ---- managers through the destinations that list the facility ----
  add({
    method: "GET",
    url: "/facilities/:id/managers/inherited",
    summary: "Managers through the facility's destinations",
    access: can("profile.readPrivate"),
    params: ZIdParams,
    query: ZPagedQuery,
    response: zListEnvelope(ZProfileMember),
    handler: async (request) => {
      const page = await listInheritedManagers(
        ctx,
        d,
        grantOf(request).profile.id,
        toWindow(request.query),
      );
      return listEnvelope(
        page.rows.map((m) => presentMember(m, grantOf(request), true)),
        page.count,
      );
    },
  });

  // ---- reviews ----
  const reviews = "/facilities/:id/reviews";
  const ZReview = zDataEnvelope(ZFacilityReview);
  listPair({
    url: reviews,
    summary: "Reviews of the facility, newest first",
    filteredSummary: "Reviews of the facility (filtered)",
    access: can("profile.read"),
    params: ZIdParams,
    query: ZPagedQuery,
    body: ZLooseFilter,
    response: zListEnvelope(ZFacilityReview),
    handler: async (request) => {
      const page = await repo.listReviews(
        ctx.db,
        grantOf(request).profile.id,
        toWindow(request.query),
      );
      return listEnvelope(
        page.rows.map((row) => presentReview(row, request.principal)),
        page.count,
      );
    },
  });
  add({
    method: "POST",
    url: reviews,
    summary: "Review the facility (one review per member)",
    access: can("reviews.write"),
    params: ZIdParams,
    body: zDataBody(ZFacilityReviewInput),
    status: 201,
    response: ZReview,
    handler: async (request) => {
      const input = request.body.data;
      const userId = principalOf(request).userId;
      const profileId = grantOf(request).profile.id;
      const id = await repo.insertReview(ctx.db, {
        profileId,
        userId,
        rating: input.rating,
        title: input.title ?? null,
        body: input.body ?? null,
        createdBy: userId,
        updatedBy: userId,
      });
      if (!id)
        throw new AppError(
          "ALREADY_REVIEWED",
          409,
          "You have reviewed this facility already; edit your review.",
        );
      return envelope(
        presentReview((await repo.findReview(ctx.db, profileId, { id }))!, request.principal),
      );
    },
  });
  add({
    method: "GET",
    url: `${reviews}/my`,
    summary: "My review of the facility",
    access: can("reactions.write"),
    params: ZIdParams,
    response: zDataEnvelope(ZFacilityReview.nullable()),
    handler: async (request) => {
      const row = await repo.findReview(ctx.db, grantOf(request).profile.id, {
        userId: principalOf(request).userId,
      });
      return envelope(row ? presentReview(row, request.principal) : null);
    },
  });
  const findReview = async (request: TChildRequest) => {
    const row = await repo.findReview(ctx.db, grantOf(request).profile.id, {
      id: request.params.childId,
    });
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
    params: ZChildParams,
    response: ZReview,
    handler: async (r) => envelope(presentReview(await findReview(r), r.principal)),
  });
  add({
    method: "GET",
    url: `${reviews}/:childId/my/entitlements`,
    summary: "What I may do with this review",
    access: can("profile.read"),
    params: ZChildParams,
    response: zDataEnvelope(z.array(z.string())),
    handler: async (request) => envelope(reviewAbilities(request, await findReview(request))),
  });
  add({
    method: "PATCH",
    url: `${reviews}/:childId`,
    summary: "Edit my review (JSON Patch of rating, title, body)",
    access: can("reactions.write"),
    params: ZChildParams,
    body: ZPatchBody,
    response: ZReview,
    handler: async (request) => {
      const row = await findReview(request);
      if (!reviewAbilities(request, row).includes("review.update"))
        throw forbidden("Only the author edits a review.");
      const before = { rating: row.review.rating, title: row.review.title, body: row.review.body };
      const after = ZFacilityReviewInput.strict().safeParse(applyJsonPatch(before, request.body));
      if (!after.success)
        throw validationFailed("A review has a rating from 1 to 5, a title and a text.");
      await repo.updateReview(ctx.db, row.review.profileId, row.review.id, {
        ...after.data,
        updatedBy: principalOf(request).userId,
      });
      return envelope(
        presentReview(
          (await repo.findReview(ctx.db, row.review.profileId, { id: row.review.id }))!,
          request.principal,
        ),
      );
    },
  });
  add({
    method: "DELETE",
    url: `${reviews}/:childId`,
    summary: "Remove a review (its author, the facility's managers, admins)",
    access: can("reactions.write"),
    params: ZChildParams,
    response: ZDeletedReply,
    handler: async (request) => {
      const row = await findReview(request);
      if (!reviewAbilities(request, row).includes("review.delete"))
        throw forbidden("You may not remove this review.");
      await repo.deleteReview(ctx.db, row.review.profileId, row.review.id);
      return envelope({ id: row.review.id, deleted: true as const });
    },
  });
  add({
    method: "GET",
    url: "/facilities/:id/ratings",
    summary: "The facility's rating: count, average and the 1-5 star distribution",
    access: can("profile.read"),
    params: ZIdParams,
    response: zDataEnvelope(ZFacilityRatings),
    handler: async (request) =>
      envelope(presentRatings(await repo.ratingDistribution(ctx.db, grantOf(request).profile.id))),
  });

  // ---- destinations that list the facility ----
  const links = "/facilities/:id/destinations";
  const ZLink = zDataEnvelope(ZFacilityDestination);
  const alreadyListed = () =>
    new AppError("ALREADY_EXISTS", 409, "The facility is listed under that destination already.");
  /**
   * The facility's managers decide whom it is listed under (the route checks that); linking hands
   * its management to the destination's managers as well, who cannot claim a facility themselves.
   */
  const requireListedDestination = (destinationId: string) =>
    requireListedProfile(ctx, destinationId, ["destination"], "The destination");
  listPair({
    url: links,
    summary: "Destinations that list the facility",
    filteredSummary: "Destinations that list the facility (filtered)",
    access: can("profile.read"),
    params: ZIdParams,
    query: ZPagedQuery,
    body: ZLooseFilter,
    response: zListEnvelope(ZFacilityDestination),
    handler: async (request) => {
      const page = await repo.listFacilityDestinations(
        ctx.db,
        grantOf(request).profile.id,
        toWindow(request.query),
      );
      return listEnvelope(page.rows.map(presentLink), page.count);
    },
  });
  add({
    method: "POST",
    url: links,
    summary: "List the facility under a destination (its managers then manage the facility too)",
    access: can("profile.update"),
    params: ZIdParams,
    body: ZLinkInput,
    status: 201,
    response: ZLink,
    handler: async (request) => {
      const { destinationId } = request.body.data;
      await requireListedDestination(destinationId);
      const facilityId = grantOf(request).profile.id;
      const id = await repo.insertFacilityDestination(ctx.db, {
        facilityId,
        destinationId,
        createdBy: principalOf(request).userId,
      });
      if (!id) throw alreadyListed();
      return envelope(presentLink((await repo.findFacilityDestination(ctx.db, facilityId, id))!));
    },
  });
  const findLink = async (request: TChildRequest) => {
    const row = await repo.findFacilityDestination(
      ctx.db,
      grantOf(request).profile.id,
      request.params.childId,
    );
    if (!row) throw notFound("The destination link");
    return row;
  };
  add({
    method: "GET",
    url: `${links}/:childId`,
    summary: "One destination link",
    access: can("profile.read"),
    params: ZChildParams,
    response: ZLink,
    handler: async (r) => envelope(presentLink(await findLink(r))),
  });
  add({
    method: "PATCH",
    url: `${links}/:childId`,
    summary: "Point a link at another destination (JSON Patch of destinationId)",
    access: can("profile.update"),
    params: ZChildParams,
    body: ZPatchBody,
    response: ZLink,
    handler: async (request) => {
      const row = await findLink(request);
      const after = z
        .object({ destinationId: z.uuid() })
        .strict()
        .safeParse(applyJsonPatch({ destinationId: row.link.destinationId }, request.body));
      if (!after.success) throw validationFailed("Only destinationId changes here.");
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
          throw alreadyListed();
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
    params: ZChildParams,
    response: ZDeletedReply,
    handler: async (request) => {
      const row = await findLink(request);
      await repo.deleteFacilityDestination(ctx.db, row.link.facilityId, row.link.id);
      return envelope({ id: row.link.id, deleted: true as const });
    },
  });

  // ---- onboarding lists and admin counts ----
  const page = async (
    request: TRequestOf<undefined, typeof ZPagedQuery, undefined>,
    query: TKindQuery,
  ) => {
    const result = await listKindProfiles(ctx, d, query, toWindow(request.query));
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
  const counts = async (query: Omit<TKindQuery, "publicOnly">) => {
    const base = { publicOnly: false, ...query };
    const [total, approved, pending, active] = await Promise.all([
      countKindProfiles(ctx, d, base),
      countKindProfiles(ctx, d, { ...base, status: "approved" }),
      countKindProfiles(ctx, d, { ...base, status: "pending" }),
      countKindProfiles(ctx, d, { ...base, publicOnly: true }),
    ]);
    return { total, approved, pending, active };
  };
  add({
    method: "GET",
    url: "/facilities/stats",
    summary: "Facility counts, optionally for those created between the dates (admins)",
    access: access.admin,
    query: ZStatsQuery,
    response: ZCounts,
    handler: async (request) => {
      const { startDate, endDate } = request.query;
      return envelope(
        await counts({
          createdFrom: startDate ? new Date(`${startDate}T00:00:00Z`) : undefined,
          createdTo: endDate ? new Date(`${endDate}T23:59:59.999Z`) : undefined,
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
