// Offset paging of a list with "Load more" ({items, count} pages, TanStack's infinite query), and
// the cache edits a row's change makes to such a list.
import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { useMemo } from "react";
import type { TListResult } from "./api";

export type TPage = { offset: number; take: number };
type TPages<T> = InfiniteData<TListResult<T>, number>;

/** The offset of the next page, or undefined once the last one is in. */
export function nextOffset<T>(last: TListResult<T>, pages: readonly TListResult<T>[]) {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return last.items.length > 0 && loaded < last.count ? loaded : undefined;
}

/**
 * Pages of `pageSize` from offset 0. A row repeated across pages (something new arrived between
 * two, shifting the list) shows once; `count` is the server's total, never less than what shows.
 */
export function useOffsetPages<T extends { id: string }>({
  queryKey,
  load,
  pageSize,
}: {
  queryKey: QueryKey;
  load: (page: TPage, signal: AbortSignal) => Promise<TListResult<T>>;
  pageSize: number;
}) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => load({ offset: pageParam, take: pageSize }, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
  const items = useMemo(() => uniqueItems(query.data?.pages ?? []), [query.data]);
  const count = Math.max(query.data?.pages.at(-1)?.count ?? 0, items.length);
  return { query, items, count };
}

/** The rows of every page in order, each id once. */
export function uniqueItems<T extends { id: string }>(pages: readonly TListResult<T>[]): T[] {
  const seen = new Set<string>();
  const list: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      list.push(item);
    }
  }
  return list;
}

/** Puts the server's new version of a row in place in a cached paged list. */
export function replaceCachedItem<T extends { id: string }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  next: T,
) {
  queryClient.setQueryData<TPages<T>>(queryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === next.id ? next : item)),
          })),
        }
      : data,
  );
}

/**
 * Drops a row from a cached paged list (it was approved, say) and counts one less, so the next
 * page's offset still lines up with the server's list.
 */
export function removeCachedItem<T extends { id: string }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  id: string,
) {
  queryClient.setQueryData<TPages<T>>(queryKey, (data) => {
    if (!data?.pages.some((page) => page.items.some((item) => item.id === id))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        items: page.items.filter((item) => item.id !== id),
        count: Math.max(0, page.count - 1),
      })),
    };
  });
}
