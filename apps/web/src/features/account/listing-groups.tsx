// Listings of every kind, one section per kind, each paged with "Load more": the account's own
// and liked lists are this, with different calls and rows.
import type { TProfileKind } from "@hostfield/domain/reference";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { QueryKey } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useId, useState } from "react";
import { apiErrorMessage, type TListResult } from "../../lib/api";
import { useOffsetPages } from "../../lib/offset-pages";
import { ListSkeleton, LoadMoreFooter, RETRY_HINT, RetryAlert } from "../../ui/query-states";
import {
  LISTING_KINDS,
  LISTING_STATUS_LABELS,
  type TListing,
  type TListingKind,
  type TListingLoader,
  type TPage,
} from "./listing-kinds";

/** How many listings of a kind one "Load more" brings. */
export const LISTINGS_PAGE_SIZE = 20;

/** Offset paging of one list of listings. */
export function useListingPages(
  queryKey: QueryKey,
  load: (page: TPage, signal: AbortSignal) => Promise<TListResult<TListing>>,
) {
  return useOffsetPages({ queryKey, load, pageSize: LISTINGS_PAGE_SIZE });
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
      {loading ? <ListSkeleton label={loadingLabel} avatar="rounded" /> : null}
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
      <RetryAlert onRetry={() => void query.refetch()}>
        <strong>{failedTitle}</strong> {apiErrorMessage(query.error, RETRY_HINT)}
      </RetryAlert>
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
      <LoadMoreFooter
        query={query}
        failedText={`More ${kind.plural.toLowerCase()} did not load.`}
        label={`Load more ${kind.plural.toLowerCase()}`}
        sx={{ mt: 1 }}
      />
    </Box>
  );
}

/** The status of a listing as a small chip: pending ones wait for an admin. */
export function ListingStatusChip({ listing }: { listing: TListing }) {
  return (
    <Chip
      size="small"
      color={listing.status === "pending" ? "warning" : "success"}
      variant="outlined"
      label={LISTING_STATUS_LABELS[listing.status]}
    />
  );
}
