// Listings of every kind, one section per kind, each paged with "Load more": the account's own
// and liked lists and the admin approval queue are all this, with different calls and rows.
import type { TProfileKind } from "@hostfield/domain/reference";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useId, useMemo, useState } from "react";
import { apiErrorMessage, type TListResult } from "../../lib/api";
import {
  LISTING_KINDS,
  type TListing,
  type TListingKind,
  type TListingLoader,
  type TPage,
} from "./listing-kinds";

/** How many listings of a kind one "Load more" brings. */
export const LISTINGS_PAGE_SIZE = 20;

type TPages = InfiniteData<TListResult<TListing>, number>;

/** Offset paging of one list of listings; repeated rows (a page shifted under us) show once. */
export function useListingPages(
  queryKey: QueryKey,
  load: (page: TPage, signal: AbortSignal) => Promise<TListResult<TListing>>,
) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      load({ offset: pageParam, take: LISTINGS_PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.count ? loaded : undefined;
    },
  });
  const items = useMemo(() => {
    const seen = new Set<string>();
    const list: TListing[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const item of page.items) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        list.push(item);
      }
    }
    return list;
  }, [query.data]);
  const count = Math.max(query.data?.pages.at(-1)?.count ?? 0, items.length);
  return { query, items, count };
}

/**
 * Drops a listing from a cached paged list (it was approved, say) and counts one less, so the
 * next page's offset still lines up with the server's list.
 */
export function removeCachedListing(queryClient: QueryClient, queryKey: QueryKey, id: string) {
  queryClient.setQueryData<TPages>(queryKey, (data) => {
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

/** Puts the server's new version of a listing in place in a cached paged list. */
export function replaceCachedListing(
  queryClient: QueryClient,
  queryKey: QueryKey,
  listing: TListing,
) {
  queryClient.setQueryData<TPages>(queryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === listing.id ? listing : item)),
          })),
        }
      : data,
  );
}

type TGroupState = { status: "pending" | "error" | "ready"; count: number; empty: boolean };

export type TListingGroupsProps = {
  /** Each kind's list is cached under this key plus the kind. */
  queryKey: readonly unknown[];
  load: TListingLoader;
  /** The content of one row (inside its list item). */
  renderRow: (listing: TListing, kind: TListingKind, queryKey: QueryKey) => ReactNode;
  /** Shown when no kind has anything. */
  empty: ReactNode;
  /** "Loading your listings". */
  loadingLabel: string;
  /** "Your hotels did not load". */
  failedTitle: (kind: TListingKind) => string;
  /** A line over the lists once they loaded, given the total across kinds. */
  summary?: (total: number) => ReactNode;
  kinds?: readonly TListingKind[];
};

export function ListingGroups({
  queryKey,
  load,
  renderRow,
  empty,
  loadingLabel,
  failedTitle,
  summary,
  kinds = LISTING_KINDS,
}: TListingGroupsProps) {
  const [states, setStates] = useState<Partial<Record<TProfileKind, TGroupState>>>({});
  const report = useCallback((kind: TProfileKind, next: TGroupState) => {
    setStates((current) => {
      const previous = current[kind];
      if (
        previous &&
        previous.status === next.status &&
        previous.count === next.count &&
        previous.empty === next.empty
      ) {
        return current;
      }
      return { ...current, [kind]: next };
    });
  }, []);

  const all = kinds.map((kind) => states[kind.kind]);
  const loading = all.some((state) => !state || state.status === "pending");
  const allEmpty = all.every((state) => state?.status === "ready" && state.empty);
  const total = all.reduce((sum, state) => sum + (state?.status === "ready" ? state.count : 0), 0);

  return (
    <Stack spacing={3}>
      {loading ? <GroupsSkeleton label={loadingLabel} /> : null}
      {!loading && allEmpty ? empty : null}
      {!loading && !allEmpty && summary ? summary(total) : null}
      {/* Every kind's list stays mounted (and loading) while the skeleton shows. */}
      <Stack spacing={3} sx={{ display: loading ? "none" : undefined }}>
        {kinds.map((kind) => (
          <KindGroup
            key={kind.kind}
            kind={kind}
            queryKey={[...queryKey, kind.kind]}
            load={load}
            report={report}
            renderRow={renderRow}
            failedTitle={failedTitle(kind)}
          />
        ))}
      </Stack>
    </Stack>
  );
}

function KindGroup({
  kind,
  queryKey,
  load,
  report,
  renderRow,
  failedTitle,
}: {
  kind: TListingKind;
  queryKey: QueryKey;
  load: TListingLoader;
  report: (kind: TProfileKind, state: TGroupState) => void;
  renderRow: TListingGroupsProps["renderRow"];
  failedTitle: string;
}) {
  const headingId = useId();
  const { query, items, count } = useListingPages(queryKey, (page, signal) =>
    load(kind, page, signal),
  );
  const status: TGroupState["status"] = query.isPending
    ? "pending"
    : query.isError && items.length === 0
      ? "error"
      : "ready";
  const empty = items.length === 0;

  useEffect(() => {
    report(kind.kind, { status, count, empty });
  }, [report, kind.kind, status, count, empty]);

  if (status === "pending") return null;

  if (status === "error") {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        <strong>{failedTitle}</strong>{" "}
        {apiErrorMessage(query.error, "Check your connection and try again.")}
      </Alert>
    );
  }

  if (empty) return null;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {kind.plural}
        </Typography>
        <Chip size="small" label={count} />
      </Stack>
      <Paper variant="outlined" component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {items.map((listing) => (
          <Box
            component="li"
            key={listing.id}
            aria-label={listing.name}
            sx={{
              px: { xs: 1.5, sm: 2 },
              py: 1.5,
              "&:not(:last-of-type)": { borderBottom: 1, borderColor: "divider" },
            }}
          >
            {renderRow(listing, kind, queryKey)}
          </Box>
        ))}
      </Paper>
      {query.isFetchNextPageError ? (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.fetchNextPage()}>
              Retry
            </Button>
          }
        >
          {apiErrorMessage(query.error, `More ${kind.plural.toLowerCase()} did not load.`)}
        </Alert>
      ) : null}
      {query.hasNextPage && !query.isFetchNextPageError ? (
        <Box sx={{ display: "flex", justifyContent: "center", mt: 1 }}>
          <Button
            variant="outlined"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? "Loading…" : `Load more ${kind.plural.toLowerCase()}`}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

function GroupsSkeleton({ label }: { label: string }) {
  return (
    <Stack spacing={1.5} role="status" aria-label={label}>
      {[0, 1, 2].map((row) => (
        <Stack key={row} direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <Skeleton variant="rounded" width={40} height={40} />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="text" width="70%" />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

/** The status of a listing as a small chip: pending ones wait for an admin. */
export function ListingStatusChip({ listing }: { listing: TListing }) {
  return listing.status === "pending" ? (
    <Chip size="small" color="warning" variant="outlined" label="Pending approval" />
  ) : (
    <Chip size="small" color="success" variant="outlined" label="Approved" />
  );
}
