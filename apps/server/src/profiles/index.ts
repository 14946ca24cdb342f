// The listing machinery: every kind's standard routes from its definition, then the kind's own
// routes; what kind modules build theirs with; and what other modules may ask of listings.

import type { TProfileAbility } from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/kinds";
import type { TTier } from "@hostfield/domain/reference";
import type { TBoostDates } from "@hostfield/domain/rules";
import type { TDb } from "../platform/db/database";
import { anyone } from "../platform/files/media";
import type { TPrincipal } from "../platform/http/access";
import { AppError } from "../platform/http/errors";
import { bindContext, defineModule } from "../platform/module";
import {
  boostQuoteOf,
  createAwaitingBoost,
  dropUnpaidBoosts,
  findBoost,
  judgeBoost,
  markBoostPaid,
} from "./boosts/service";
import { listingCompleteness } from "./completeness/service";
import * as facts from "./facts/repository";
import { invitationRoutes } from "./invitation-routes";
import { subscribeInvitationMail } from "./invitations";
import type { TKindModule } from "./kind-module";
import * as nearby from "./nearby/repository";
import { profileReportQueries } from "./report-queries";
import type { TProfileRow } from "./repository";
import { profileRoutes } from "./routes";
import { listedPage, type TListedQuery } from "./search-routes";
import {
  accessProfile,
  approveProfiles,
  kindOf,
  listingAudience,
  listingCoMembers,
  mediaVisibility,
  memberProfileIds,
  myListings,
  pendingCounts,
  pendingListings,
  placeAtVenue,
  profileHeads,
  profileNames,
  profilesByIds,
  setTierBySubscription,
  type TProfilesContext,
} from "./service";
import { standingsQueries } from "./standings-queries";

// ---- for kind modules ----
export { partnersChild, registerSimpleChild, type TSimpleChild } from "./child-routes";
export type { TKindDescriptor, TManagedThrough } from "./descriptor";
export type { TAreaListing, TListingFacts, TListingSpace } from "./facts/repository";
export { kindModule, type TKindModule, type TKindRoutesOptions } from "./kind-module";
export type { TNearbyListing } from "./nearby/repository";
export { isPublicProfile } from "./policy";
export { iso, mediaRef, presentMember, presentPending, presentProfile } from "./presenter";
export type {
  TLoadedProfile,
  TMemberRow,
  TPendingQuery,
  TPendingRow,
  TProfileHead,
  TProfileName,
  TProfileRow,
} from "./repository";
export { profileNameOf } from "./repository";
export { grantOf, keepGrant, profileRouteKit } from "./route-kit";
export {
  registerSearch,
  registerSearchPresets,
  type TListedQuery,
} from "./search-routes";
export type { TBoostSale } from "./service";
export {
  accessProfile,
  copyAmenitiesAndSpaceTypes,
  countKindProfiles,
  createProfile,
  deleteProfile,
  findPartnerLink,
  findProfileIdByDetail,
  findProfileIdByPlaceId,
  kindOf,
  listInheritedManagers,
  listKindProfiles,
  loadListedProfile,
  loadProfile,
  partnerProfiles,
  profileNames,
  requireListedProfile,
  setPartnerLink,
  setPartnerPicture,
  type TKindQuery,
  type TProfilesContext,
  today,
} from "./service";

// ---- for other modules ----
function servicesOf(ctx: TProfilesContext) {
  return {
    ...bindContext(ctx, { listingAudience, listingCoMembers, memberProfileIds, profileNames }),
    /** What reports read: reactions by day, partners, a company's locations, people, names. */
    ...bindContext(ctx, profileReportQueries),
    /** The server's view of a kind. */
    kind: (name: TProfileKind) => kindOf(ctx, name),
    /** The listing addressed, and what the caller may do with it (404 when hidden from them). */
    accessProfile: (name: TProfileKind, id: string, principal: TPrincipal | null) =>
      accessProfile(ctx, kindOf(ctx, name), id, principal),
    /**
     * What the caller may do with the listing: nothing when it is missing or hidden from them, or
     * they are a visitor (for rules that ask "is this one of theirs", where a 404 is not an answer).
     */
    abilitiesOn: async (
      name: TProfileKind,
      id: string,
      principal: TPrincipal | null,
    ): Promise<TProfileAbility[]> => {
      if (!principal) return [];
      try {
        return (await accessProfile(ctx, kindOf(ctx, name), id, principal)).abilities;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return [];
        throw error;
      }
    },
    /** Listed listings of a kind within `miles` of a point, nearest first, with their amenities. */
    listedNear: (
      name: TProfileKind,
      point: { lat: number; lng: number },
      miles: number,
      limit: number,
    ) => nearby.listedNear(ctx.db, name, point, miles, limit),
    /** Listed listings of a kind among `ids`, with their amenities (no distance). */
    listedAmong: (name: TProfileKind, ids: readonly string[]) =>
      nearby.listedAmong(ctx.db, name, ids),
    /** The nearest listed listing of a kind within `miles` of a point, or null. */
    nearestListed: (name: TProfileKind, point: { lat: number; lng: number }, miles: number) =>
      nearby.nearestListed(ctx.db, name, point, miles),
    /** A listing of a kind linked to `id` as a partner, or null. */
    partnerOfKind: (id: string, name: TProfileKind) => nearby.partnerOfKind(ctx.db, id, name),
    /**
     * An award puts the event at its venue: the venue becomes its partner and the event takes the
     * venue's place. In the caller's transaction `db` (the award's), so both happen with it or not.
     */
    placeAtVenue,
    /**
     * The tier a subscription gives a listing (payments), in the caller's transaction `db`; records
     * `ListingTierChanged` when it changes. Admins still set tiers by hand (`PATCH /tier`).
     */
    setTierBySubscription: (db: TDb, name: TProfileKind, id: string, tier: TTier | null) =>
      setTierBySubscription(ctx, db, name, id, tier),
    /**
     * The listed listings of `kinds` within `miles` of a point, and those among `ids`: names and
     * points (what the assistant finds a question's named listing among).
     */
    listedInArea: (
      area: {
        kinds: readonly TProfileKind[];
        point: { lat: number; lng: number } | null;
        miles: number;
      },
      ids: readonly string[],
    ) => facts.listedInArea(ctx.db, area, ids),
    /**
     * Listings of a kind among `ids`, with details, sports, spaces and amenities, at once: listed
     * ones only, unless `listedOnly` is false (one the caller may already see, pending or not).
     */
    listingFacts: (
      name: TProfileKind,
      ids: readonly string[],
      options: { listedOnly?: boolean } = {},
    ) => facts.listingFacts(ctx.db, kindOf(ctx, name).detail.table, ids, options),
    /** Listings among `ids` whose name or description matches `text`, best first, with scores. */
    textMatches: (ids: readonly string[], text: string) => facts.textMatches(ctx.db, ids, text),
    /**
     * The listings of a kind the caller belongs to (`GET /{kind}/my`'s), each with its creation
     * date and the caller's abilities on it, in one query (for lists that judge and page them).
     */
    myListings: (name: TProfileKind, principal: TPrincipal) =>
      myListings(ctx, kindOf(ctx, name), principal),
    /** Listings of a kind by id, with their details; `listedOnly` keeps approved, active ones. */
    profilesByIds: (
      name: TProfileKind,
      ids: readonly string[],
      options: { listedOnly?: boolean } = {},
    ) => profilesByIds(ctx, kindOf(ctx, name), ids, options),
    /**
     * Listings of a kind by id, any status: names, places and detail rows (only the `fields`
     * named, when given), nothing more.
     */
    profileHeads: (name: TProfileKind, ids: readonly string[], fields?: readonly string[]) =>
      profileHeads(ctx, kindOf(ctx, name), ids, fields),
    /**
     * The listings `userId` owns or manages (events aside) as completeness checklists: counts and
     * the `limit` least complete, in one query (home summary).
     */
    listingCompleteness: (userId: string, limit: number) => listingCompleteness(ctx, userId, limit),
    /** The approval queue (admins): pending listings newest first, counts, approving many. */
    ...bindContext(ctx, { pendingListings, pendingCounts, approveProfiles }),
    /**
     * One page of a kind's listed listings around a place (near a point, in states, under a
     * listing, not over before a day), presented as the marketplace's results, with the total;
     * read from `db` when given (the one `app.reads` picked: a public read).
     */
    listedPage: (
      name: TProfileKind,
      query: TListedQuery,
      order: "likes" | "distance" | "soonest",
      window: { limit: number; offset: number },
      db?: TDb,
    ) => listedPage(ctx, kindOf(ctx, name), query, order, window, db),
    /** Leaderboards (reports): listed listings of a kind, reactions gained, set-based. */
    standings: standingsQueries(ctx),
    /**
     * A boost the listing's people would buy (payments): judged as theirs (approved listing, length,
     * start: 409 or 400), then its quota month by month and the days beyond the included ones.
     */
    boostQuote: async (profile: TProfileRow, dates: TBoostDates) => {
      judgeBoost(profile, dates, { admin: false });
      return boostQuoteOf(ctx, profile, dates);
    },
    /** Boosts sold beyond the quota: one awaiting its payment, its start once paid, the drop. */
    ...bindContext(ctx, { createAwaitingBoost, markBoostPaid, dropUnpaidBoosts, findBoost }),
  };
}
export type TProfilesServices = ReturnType<typeof servicesOf>;

declare module "../platform/module" {
  interface TModuleServices {
    profiles: TProfilesServices;
  }
}

/** The machinery over `kinds`, one module for each kind in the product. */
export function profilesModule(kinds: Record<TProfileKind, TKindModule>) {
  const modules = Object.values(kinds);
  return defineModule({
    name: "profiles",
    async register(app, platform, services) {
      const ctx: TProfilesContext = {
        db: platform.db,
        files: platform.files,
        geocode: platform.geocode,
        findUserIdByEmail: (email) => services.users.findUserIdByEmail(email),
        userExists: (id) => services.users.userExists(id),
        isVisibleUser: async (id) => (await services.users.publicUsers([id])).has(id),
        events: platform.events,
        kinds: modules.map((m) => m.descriptor),
        leadRecipientsOf: (eventId) => services.rfps.leadRecipients(eventId),
        openConversation: (input) => services.groups.openKeyed(input),
        freeInWindow: (kind, profileId, from, to) =>
          services.availability.freeInWindow(kind, profileId, from, to),
        boostSale: () => services.payments.boostSale(),
      };
      // A pending listing's pictures and documents are its people's and the admins' only.
      app.media.folder("profiles/", (key, principal) => mediaVisibility(ctx, key, principal));
      // The demo network's pictures (cli/seed/images.ts), which its listings show.
      app.media.folder("demo/", anyone);
      await app.register(invitationRoutes, { prefix: "/user-mgmt/api", ctx });
      subscribeInvitationMail(platform, ctx);
      for (const { descriptor, routes } of modules) {
        const prefix = `/${descriptor.service}/api`;
        await app.register(profileRoutes, { prefix, descriptor, ctx });
        if (routes) await app.register(routes, { prefix, descriptor, ctx, platform, services });
      }
      return servicesOf(ctx);
    },
  });
}
