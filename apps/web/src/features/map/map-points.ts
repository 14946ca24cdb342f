// Map points: search results slimmed to what a marker and its info window need (spec §3 "Map
// profile"), loaded in the server's largest pages and clustered on the client.
import type { TMapProfile, TProfileSearchFilter } from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { TParser } from "../../lib/api";
import { fullAddress } from "../marketplace/card-display";
import {
  marketplaceKeys,
  marketplaceProfileParser,
  searchProfiles,
} from "../marketplace/marketplace-api";
import { matchesClientFilter, type TClientFilter } from "../marketplace/marketplace-filters";
import type { TMarketplaceKind } from "../marketplace/marketplace-kinds";

export type TMapPoint = TMapProfile & {
  kind: TProfileKind;
  /** Event facts, kept so the filters the server does not apply can be applied here too. */
  startDate?: string | null;
  endDate?: string | null;
  ageGroup?: string | null;
};

/**
 * One call brings the server's largest page (PAGING_MAX_TAKE, restated so that zod, which the
 * contracts module loads, stays out of this chunk; a test keeps the two in step).
 */
export const MAP_PAGE_SIZE = 100;
/** Points loaded before asking; "Show more on the map" adds as many again. */
export const MAP_POINTS_STEP = 2000;

/** A profile as a point, or null when it has no coordinates to be drawn at. */
export const mapPointParser: TParser<TMapPoint | null> = {
  parse(value) {
    const profile = marketplaceProfileParser.parse(value);
    if (typeof profile.lat !== "number" || typeof profile.lng !== "number") return null;
    const point: TMapPoint = {
      id: profile.id,
      kind: profile.kind,
      name: profile.name,
      lat: profile.lat,
      lng: profile.lng,
      address: fullAddress(profile.address),
      headerImage: profile.headerImage ?? null,
      logo: profile.logo ?? null,
      googlePlaceId: profile.placeId ?? null,
    };
    if (profile.kind === "event") {
      point.startDate = profile.startDate ?? null;
      point.endDate = profile.endDate ?? null;
      point.ageGroup = profile.ageGroup ?? null;
    }
    return point;
  },
};

type TPointsPage = { points: TMapPoint[]; received: number; count: number };

export type TMapPoints = {
  points: TMapPoint[];
  /** Results read so far (with or without coordinates) and how many match in all. */
  loaded: number;
  count: number;
  isPending: boolean;
  isLoadingMore: boolean;
  error: unknown;
  retry: () => void;
  /** More match than were loaded, and loading stopped at the current step. */
  canShowMore: boolean;
  showMore: () => void;
};

export function useMapPoints(
  kind: TMarketplaceKind,
  filter: TProfileSearchFilter,
  clientFilter: TClientFilter | null,
): TMapPoints {
  const query = useInfiniteQuery({
    queryKey: marketplaceKeys.map(kind.kind, filter),
    queryFn: async ({ pageParam, signal }): Promise<TPointsPage> => {
      const page = await searchProfiles(
        kind,
        filter,
        { offset: pageParam, take: MAP_PAGE_SIZE },
        { signal, parser: mapPointParser },
      );
      const points = page.items.filter((point): point is TMapPoint => point !== null);
      return { points, received: page.items.length, count: page.count };
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.received, 0);
      return last.received > 0 && loaded < last.count ? loaded : undefined;
    },
    staleTime: 5 * 60_000,
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  const [target, setTarget] = useState(MAP_POINTS_STEP);
  const pages = query.data?.pages;
  const loaded = pages?.reduce((sum, page) => sum + page.received, 0) ?? 0;
  const count = pages?.at(-1)?.count ?? 0;

  // Page on, one call at a time, up to the current step.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError && loaded < target) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, loaded, target, fetchNextPage]);

  const points = useMemo(() => {
    const seen = new Set<string>();
    const list: TMapPoint[] = [];
    for (const page of pages ?? []) {
      for (const point of page.points) {
        if (seen.has(point.id) || !matchesClientFilter(point, clientFilter)) continue;
        seen.add(point.id);
        list.push(point);
      }
    }
    return list;
  }, [pages, clientFilter]);

  return {
    points,
    loaded,
    count,
    isPending: query.isPending,
    isLoadingMore: isFetchingNextPage || (Boolean(hasNextPage) && loaded < target && !isError),
    error: query.error,
    retry: () => void (pages?.length ? fetchNextPage() : query.refetch()),
    canShowMore: Boolean(hasNextPage) && loaded >= target,
    showMore: () => setTarget((current) => current + MAP_POINTS_STEP),
  };
}
