// The list view: pages of 20 with "Load more", skeletons while the first page loads, an empty
// state that suggests a wider search, and errors with Retry. The server applies every filter.

import type { TProfileSearchFilter } from "@hostfield/domain/contracts";
import { formatCount, formatTotal } from "@hostfield/domain/rules";
import ReportProblemIcon from "@mui/icons-material/ReportProblem";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import WrongLocationIcon from "@mui/icons-material/WrongLocation";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { hasSessionHint } from "../../lib/auth/session-hint";
import type { TQueryParamsPatch } from "../../lib/query-params";
import { useTrackImpressions } from "../../lib/tracking";
import { NoticePanel } from "../../ui/notice-panel";
import { LoadFailedPanel } from "../../ui/query-states";
import { visuallyHidden } from "../../ui/visually-hidden";
import {
  MARKETPLACE_PAGE_SIZE,
  marketplaceKeys,
  searchProfiles,
  type TMarketplaceProfile,
} from "./marketplace-api";
import {
  CLEAR_FILTERS,
  type MARKETPLACE_QUERY_CODECS,
  nearOf,
  RADIUS_OPTIONS,
  type TMarketplaceQuery,
} from "./marketplace-filters";
import type { TMarketplaceKind } from "./marketplace-kinds";
import { ResultCard, ResultCardSkeleton } from "./result-card";

type TPatch = TQueryParamsPatch<typeof MARKETPLACE_QUERY_CODECS>;

export const PLACE_NOT_FOUND = "PLACE_NOT_FOUND";
export const EMPTY_TITLE = (kind: TMarketplaceKind) => `No ${kind.noun.many} match your search`;
export const EMPTY_HINT = "Try a wider radius, fewer filters, or another place.";
export const LOAD_FAILED = (kind: TMarketplaceKind) => `The ${kind.noun.many} did not load`;

export function useMarketplaceSearch(kind: TMarketplaceKind, filter: TProfileSearchFilter) {
  const auth = useAuth();
  return useInfiniteQuery({
    queryKey: marketplaceKeys.list(kind.kind, filter, auth.user?.id ?? null),
    queryFn: ({ pageParam, signal }) =>
      searchProfiles(kind, filter, { offset: pageParam, take: MARKETPLACE_PAGE_SIZE }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.count ? loaded : undefined;
    },
    // Wait for sign-in to settle, so results carry the visitor's own likes the first time; unless
    // nobody signed in here lately: then the visitor is anonymous, the key will not change, and
    // waiting would only put the sign-in library's download in front of the results.
    enabled: !auth.isLoading || !hasSessionHint(),
    // Back from a profile page shows the pages already loaded, where the visitor left them,
    // without asking for each of them again.
    staleTime: 60_000,
  });
}

/** The next wider radius to suggest, or null (search everywhere) past the largest choice. */
export function widerRadius(dist: number | undefined): number | null {
  if (dist === undefined) return null;
  return RADIUS_OPTIONS.find((option) => option > dist) ?? null;
}

function SkeletonGrid({ label }: { label: string }) {
  return (
    <Box aria-busy="true">
      <Typography role="status" sx={visuallyHidden}>
        {label}
      </Typography>
      <ResultGrid>
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
          <li key={index}>
            <ResultCardSkeleton />
          </li>
        ))}
      </ResultGrid>
    </Box>
  );
}

function ResultGrid({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        display: "grid",
        gridTemplateColumns: {
          xs: "minmax(0, 1fr)",
          sm: "repeat(2, minmax(0, 1fr))",
          md: "repeat(3, minmax(0, 1fr))",
        },
        gap: 2,
        m: 0,
        p: 0,
        listStyle: "none",
        // Cards off screen are neither styled nor laid out until scrolled near: on a phone the
        // whole first page of results starts below the fold. Until then each counts as a card's
        // usual height (a card once shown keeps its real one).
        "& > li": { contentVisibility: "auto", containIntrinsicSize: "auto 440px" },
      }}
    >
      {children}
    </Box>
  );
}

export function ResultList({
  kind,
  filter,
  query,
  onApply,
}: {
  kind: TMarketplaceKind;
  filter: TProfileSearchFilter;
  query: TMarketplaceQuery;
  onApply: (patch: TPatch) => void;
}) {
  const search = useMarketplaceSearch(kind, filter);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;

  // Offset paging can repeat a row when listings change between two pages.
  const items = useMemo(() => {
    const seen = new Set<string>();
    const list: TMarketplaceProfile[] = [];
    for (const page of search.data?.pages ?? []) {
      for (const item of page.items) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        list.push(item);
      }
    }
    return list;
  }, [search.data]);
  const total: { count: number; capped?: boolean } = search.data?.pages.at(-1) ?? { count: 0 };
  const count = total.count;
  const shownIds = useMemo(() => items.map((item) => item.id), [items]);
  useTrackImpressions(kind.kind, shownIds, JSON.stringify(filter));

  const label = `Loading ${kind.noun.many}…`;
  if (search.isPending) return <SkeletonGrid label={label} />;

  if (search.isError && items.length === 0) {
    const error = search.error;
    if (error instanceof ApiError && error.code === PLACE_NOT_FOUND) {
      return (
        <NoticePanel
          role="alert"
          icon={<WrongLocationIcon />}
          title={`We could not find "${query.near ?? ""}"`}
          actions={
            <Button
              variant="contained"
              onClick={() =>
                onApply({ near: undefined, lat: undefined, lng: undefined, dist: undefined })
              }
            >
              Search everywhere
            </Button>
          }
        >
          Try a city and state such as "Austin, TX", or a ZIP code.
        </NoticePanel>
      );
    }
    return (
      <LoadFailedPanel
        title={LOAD_FAILED(kind)}
        error={error}
        onRetry={() => void search.refetch()}
      />
    );
  }

  if (items.length === 0) {
    const near = nearOf(query);
    const wider = widerRadius(near?.dist ?? undefined);
    const filtered = Object.keys(filter).some((key) => key !== "sort");
    return (
      <NoticePanel
        role="status"
        icon={<SearchOffIcon />}
        title={EMPTY_TITLE(kind)}
        actions={
          <>
            {near?.dist ? (
              <Button variant="contained" onClick={() => onApply({ dist: wider ?? undefined })}>
                {wider ? `Search within ${wider} mi` : "Search any distance"}
              </Button>
            ) : null}
            {filtered ? (
              <Button
                variant={near?.dist ? "outlined" : "contained"}
                onClick={() => onApply(CLEAR_FILTERS)}
              >
                Clear all filters
              </Button>
            ) : null}
          </>
        }
      >
        {EMPTY_HINT}
      </NoticePanel>
    );
  }

  const n = formatCount;
  const summary = `Showing ${n(items.length)} of ${formatTotal(total)} ${count === 1 && !total.capped ? kind.noun.one : kind.noun.many}`;

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" role="status">
        {summary}
      </Typography>
      <ResultGrid label={`${kind.noun.many} found`}>
        {items.map((profile) => (
          <li key={profile.id}>
            <ResultCard kind={kind} profile={profile} />
          </li>
        ))}
      </ResultGrid>
      {search.isFetchNextPageError ? (
        <Stack
          role="alert"
          direction="row"
          spacing={1}
          sx={{ alignItems: "center", justifyContent: "center", color: "error.main" }}
        >
          <ReportProblemIcon aria-hidden fontSize="small" />
          <Typography variant="body2">
            {apiErrorMessage(search.error, `More ${kind.noun.many} could not be loaded.`)}
          </Typography>
          <Button size="small" onClick={() => void fetchNextPage()}>
            Retry
          </Button>
        </Stack>
      ) : null}
      {hasNextPage ? (
        <Stack sx={{ alignItems: "center" }}>
          <Button
            variant="outlined"
            size="large"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
          >
            {isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
