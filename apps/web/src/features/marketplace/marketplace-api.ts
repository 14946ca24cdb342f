// The marketplace calls of every kind: `POST /{service}/api/{path}/search` and the like/follow
// toggles, with the cache keys they live under.
import type {
  TFeaturedDeal,
  TProfileBase,
  TProfileSearchFilter,
  ZBusinessDetail,
  ZDestinationDetail,
  ZEventDetail,
  ZFacilityDetail,
  ZOrganizationDetail,
} from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import type { z } from "zod";
import { apiDelete, apiPost, apiPostList, type TListResult, type TParser } from "../../lib/api";
import { listingParser } from "../profiles";
import { kindApiBase, type TMarketplaceKind } from "./marketplace-kinds";

/** How many results one "Load more" brings. */
export const MARKETPLACE_PAGE_SIZE = 20;

type TKindDetails = z.infer<typeof ZFacilityDetail> &
  z.infer<typeof ZDestinationDetail> &
  z.infer<typeof ZBusinessDetail> &
  z.infer<typeof ZOrganizationDetail> &
  z.infer<typeof ZEventDetail>;

/** A search result (`zProfile(detail)`): the shared fields, flags, and whichever details its kind has. */
export type TMarketplaceProfile = TProfileBase &
  Partial<TKindDetails> & {
    sports: string[];
    /** Boosted today (the server still says so on every row). */
    boosted: boolean;
    /** Placed at the head of a best-match page by its boost: the "Sponsored" badge and star. */
    sponsored: boolean;
    distanceMiles?: number | null;
    myReaction?: boolean;
    /** A business's featured deal. */
    featuredDeal?: TFeaturedDeal | null;
  };

/** Checks the few fields every card and marker relies on (features/profiles/listing-reply). */
export const marketplaceProfileParser: TParser<TMarketplaceProfile> =
  listingParser<TMarketplaceProfile>("A search result");

export const marketplaceKeys = {
  all: ["marketplace"] as const,
  kind: (kind: TProfileKind) => ["marketplace", kind] as const,
  /** The paged list; the viewer matters because results carry their own reaction. */
  list: (kind: TProfileKind, filter: TProfileSearchFilter, viewer: string | null) =>
    ["marketplace", kind, "list", filter, viewer] as const,
  /** The map's points: the filter carries the area on screen (`bounds`), one entry per area. */
  map: (kind: TProfileKind, filter: TProfileSearchFilter) =>
    ["marketplace", kind, "map", filter] as const,
};

/** The first page of a list, as the results list asks for it when the page opens (result-list.tsx). */
export const FIRST_PAGE: { offset: number; take: number } = {
  offset: 0,
  take: MARKETPLACE_PAGE_SIZE,
};

/**
 * A search call's path and query: what searchProfiles asks, and what a marketplace page names as
 * its first call for the server to write into the page (first-call.ts).
 */
export function searchCall(kind: TMarketplaceKind, page: { offset: number; take: number }) {
  return { path: `${kindApiBase(kind)}/search`, query: { offset: page.offset, take: page.take } };
}

export function searchProfiles<T = TMarketplaceProfile>(
  kind: TMarketplaceKind,
  filter: TProfileSearchFilter,
  page: { offset: number; take: number },
  options: { signal?: AbortSignal; parser?: TParser<T> } = {},
): Promise<TListResult<T>> {
  const { path, query } = searchCall(kind, page);
  return apiPostList(path, filter, {
    query,
    schema: options.parser ?? (marketplaceProfileParser as unknown as TParser<T>),
    signal: options.signal,
  });
}

/** The reply of a like or follow toggle: the new count and whether the caller now reacts. */
export type TReactionState = { id: string; count: number; mine: boolean };

export function setReaction(
  kind: TMarketplaceKind,
  id: string,
  on: boolean,
): Promise<TReactionState | undefined> {
  const path = `${kindApiBase(kind)}/${encodeURIComponent(id)}/${kind.reaction}`;
  return on ? apiPost<TReactionState>(path) : apiDelete<TReactionState | undefined>(path);
}

/** The count a card shows beside its like or follow button. */
export function reactionCount(kind: TMarketplaceKind, profile: TMarketplaceProfile): number {
  return kind.reaction === "likes" ? profile.likeCount : profile.followerCount;
}
