// Map points: search results slimmed to what a marker and its info window need (spec §3 "Map
// profile"), searched in the part of the map on screen (see map-area.ts), loaded in the server's
// largest pages up to a step at a time, and clustered on the client.
import type { TMapProfile, TProfileSearchFilter } from "@hostfield/domain/contracts";
import type { TProfileKind } from "@hostfield/domain/reference";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { TParser } from "../../../lib/api";
import { fullAddress } from "../card-display";
import { marketplaceKeys, marketplaceProfileParser, searchProfiles } from "../marketplace-api";
import type { TMarketplaceKind } from "../marketplace-kinds";
import type { TMapArea } from "./map-area";

/** `sponsored`: placed at the head of the best match by its boost, so it wears the star. */
export type TMapPoint = TMapProfile & { kind: TProfileKind; sponsored?: boolean };

/**
 * One call brings the server's largest page (PAGING_MAX_TAKE, restated so that zod, which the
 * contracts module loads, stays out of this chunk; a test keeps the two in step).
 */
export const MAP_PAGE_SIZE = 100;
/** Points of one area loaded before asking; "Show more on the map" adds as many again. */
export const MAP_POINTS_STEP = 2000;

/** A profile as a point, or null when it has no coordinates to be drawn at. */
export const mapPointParser: TParser<TMapPoint | null> = {
  parse(value) {
    const profile = marketplaceProfileParser.parse(value);
    if (typeof profile.lat !== "number" || typeof profile.lng !== "number") return null;
    return {
      id: profile.id,
      kind: profile.kind,
      name: profile.name,
      lat: profile.lat,
      lng: profile.lng,
      address: fullAddress(profile.address),
      headerImage: profile.headerImage ?? null,
      logo: profile.logo ?? null,
      googlePlaceId: profile.placeId ?? null,
      sponsored: profile.sponsored === true,
    };
  },
};

type TPointsPage = { points: TMapPoint[]; received: number; count: number };

export type TMapPoints = {
  /** The area's points, or the last area's while the first page of this one is on its way. */
  points: TMapPoint[];
  /** Every match in the area has loaded. */
  complete: boolean;
  /** How many match in the area the points belong to. */
  count: number;
  /** Nothing to show yet: no area, or its first page has not come. */
  isPending: boolean;
  /** The points shown are not yet the area's: its first page is on its way. */
  isSearching: boolean;
  /** A page is on its way (the first of a new area, or the next of this one). */
  isLoading: boolean;
  error: unknown;
  retry: () => void;
  /** More match in the area than were loaded, and loading stopped at the current step. */
  canShowMore: boolean;
  showMore: () => void;
};

/**
 * The points of `filter` in `area` (none until there is an area). Each area is a query of its own:
 * a new one cancels the requests of the last (its AbortSignal), whose points stay on the map until
 * the new ones come, and an area seen before comes from the cache.
 */
export function useMapPoints(
  kind: TMarketplaceKind,
  filter: TProfileSearchFilter,
  area: TMapArea | null,
): TMapPoints {
  const searched = useMemo(
    () => ({ ...filter, ...(area ? { bounds: area } : {}) }),
    [filter, area],
  );
  const query = useInfiniteQuery({
    queryKey: marketplaceKeys.map(kind.kind, searched),
    queryFn: async ({ pageParam, signal }): Promise<TPointsPage> => {
      const page = await searchProfiles(
        kind,
        searched,
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
    enabled: area !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const { hasNextPage, isFetchingNextPage, isError, isPlaceholderData, fetchNextPage } = query;
  // The step belongs to its area: a new area starts again at one step.
  const areaKey = JSON.stringify(area);
  const [step, setStep] = useState({ areaKey, target: MAP_POINTS_STEP });
  const target = step.areaKey === areaKey ? step.target : MAP_POINTS_STEP;
  const pages = query.data?.pages;
  const loaded = pages?.reduce((sum, page) => sum + page.received, 0) ?? 0;
  const count = pages?.at(-1)?.count ?? 0;
  const current = !isPlaceholderData;

  // Page on, one call at a time, up to the current step (the area's own pages only).
  useEffect(() => {
    if (current && hasNextPage && !isFetchingNextPage && !isError && loaded < target) {
      void fetchNextPage();
    }
  }, [current, hasNextPage, isFetchingNextPage, isError, loaded, target, fetchNextPage]);

  const points = useMemo(() => {
    const seen = new Set<string>();
    const list: TMapPoint[] = [];
    for (const page of pages ?? []) {
      for (const point of page.points) {
        if (seen.has(point.id)) continue;
        seen.add(point.id);
        list.push(point);
      }
    }
    return list;
  }, [pages]);

  return {
    points,
    complete: current && query.isSuccess && !hasNextPage,
    count,
    isPending: query.isPending,
    isSearching: query.isPending || isPlaceholderData,
    isLoading: query.isFetching || (current && Boolean(hasNextPage) && loaded < target && !isError),
    error: query.error,
    retry: () => void (current && pages?.length ? fetchNextPage() : query.refetch()),
    canShowMore: current && Boolean(hasNextPage) && loaded >= target,
    showMore: () => setStep({ areaKey, target: target + MAP_POINTS_STEP }),
  };
}
