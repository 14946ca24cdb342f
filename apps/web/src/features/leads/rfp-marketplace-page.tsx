// /rfps: the RFP marketplace, every published request of events to come, for members of
// destinations and facilities whose membership opens it (spec §4 enableRfpMarketplace). Filters
// live in the address; without the membership the page explains which tiers unlock it. Hot
// requests a tier without hot leads sees a day late are counted until they arrive, not hidden. When
// payments are on, both offer the plans of my listings (payments' upsell).
import { type THeldBackRequests, type TRfpSearch, ZRfpSearch } from "@hostfield/domain/contracts";
import { SPORT_NAMES, STATE_NAMES, URGENCY_LEVELS } from "@hostfield/domain/reference";
import { enumArrayCodec, isHotRequest, stringCodec } from "@hostfield/domain/rules";
import CampaignIcon from "@mui/icons-material/Campaign";
import HourglassTopIcon from "@mui/icons-material/HourglassTop";
import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { useMemo } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { formatDateTime } from "../../lib/date-format";
import { useSiteLinks } from "../../lib/external-links";
import { PIPELINE_PATH } from "../../lib/paths";
import { useQueryParams } from "../../lib/query-params";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { LoadFailedPanel } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import { SiteAnchor } from "../../ui/site-link";
import { MembershipUpsell } from "../payments";
import { headStartText, heldBackText, joinOr, unlockingTiers } from "./lead-rules";
import {
  leadKeys,
  RFP_MARKETPLACE_LOCKED,
  RFP_PAGE_SIZE,
  searchRfps,
  type TRfpPage,
} from "./leads-api";
import { RfpCard, RfpCardSkeleton } from "./rfp-card";
import { RfpFilters } from "./rfp-filters";
import { useMyRecipients } from "./use-leads";

export const RFPS_FAILED = "The requests did not load";
export const LOCKED_TITLE = "Unlock the RFP marketplace";
export const NO_RFPS = "No open requests right now";
export const NO_MATCHING_RFPS = "No requests match your filters";
export const HELD_BACK_TITLE = "Hot requests are on their way to you";

/** The longest wait a timer takes (setTimeout's limit); a later arrival is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

const URGENCY_VALUES = URGENCY_LEVELS.map((level) => String(level.priority));

/** The marketplace's address: `?q=…&sports=Soccer,Basketball&states=Indiana&urgency=0,1`. */
export const RFP_QUERY_CODECS = {
  q: stringCodec,
  sports: enumArrayCodec(SPORT_NAMES),
  states: enumArrayCodec(STATE_NAMES),
  urgency: enumArrayCodec(URGENCY_VALUES),
};

type TRfpQuery = {
  q?: string;
  sports?: string[];
  states?: string[];
  urgency?: string[];
};

/**
 * The search call's filter from the address, checked against ZRfpSearch; empty filters are left
 * out, and so is a part the contract refuses (anyone can type an address), rather than sent.
 */
export function rfpSearchOf(query: TRfpQuery): TRfpSearch {
  const wanted: Record<string, unknown> = {};
  const text = query.q?.trim();
  if (text) wanted.text = text;
  if (query.sports?.length) wanted.sports = query.sports;
  if (query.states?.length) wanted.states = query.states;
  if (query.urgency?.length) {
    wanted.urgency = URGENCY_LEVELS.filter((l) => query.urgency?.includes(String(l.priority))).map(
      (l) => l.priority,
    );
  }
  const parsed = ZRfpSearch.safeParse(wanted);
  if (parsed.success) return parsed.data;
  const refused = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  return ZRfpSearch.parse(
    Object.fromEntries(Object.entries(wanted).filter(([key]) => !refused.has(key))),
  );
}

export function RfpMarketplacePage() {
  return (
    <PageFrame
      title="RFP marketplace"
      description="Open requests for proposals from event organizers looking for a host."
      icon={<CampaignIcon />}
      actions={
        <Button component={RouterLink} to={PIPELINE_PATH} variant="outlined">
          Your pipeline
        </Button>
      }
    >
      <RequireSignIn what="the RFP marketplace">
        <Marketplace />
      </RequireSignIn>
    </PageFrame>
  );
}

function Marketplace() {
  const [query, setQuery] = useQueryParams(RFP_QUERY_CODECS);
  const filter = useMemo(() => rfpSearchOf(query), [query]);
  const { user } = useAuth();
  const results = useInfiniteQuery({
    queryKey: leadKeys.rfps(user?.id ?? "", filter),
    queryFn: ({ pageParam, signal }) =>
      searchRfps(filter, { offset: pageParam, take: RFP_PAGE_SIZE }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.count ? loaded : undefined;
    },
    // A held-back request arrives at a known time: ask again then, so the page lists it.
    refetchInterval: (q) => {
      const next = q.state.data?.pages.at(-1)?.heldBack?.nextVisibleFrom;
      if (!next) return false;
      return Math.min(Math.max(Date.parse(next) - Date.now(), 1_000), MAX_TIMER_MS);
    },
  });

  const locked = results.error instanceof ApiError && results.error.code === RFP_MARKETPLACE_LOCKED;
  if (locked) return <LockedPanel />;

  const hasFilters = Object.keys(filter).length > 0;
  const clear = () => setQuery({ q: null, sports: null, states: null, urgency: null });

  return (
    <Stack spacing={2.5}>
      <RfpFilters
        values={{
          text: query.q ?? "",
          sports: query.sports ?? [],
          states: query.states ?? [],
          urgency: filter.urgency ?? [],
        }}
        onChange={(patch) =>
          setQuery({
            ...(patch.text !== undefined ? { q: patch.text } : {}),
            ...(patch.sports ? { sports: patch.sports } : {}),
            ...(patch.states ? { states: patch.states } : {}),
            ...(patch.urgency ? { urgency: patch.urgency.map(String) } : {}),
          })
        }
        onClear={hasFilters ? clear : null}
      />
      <Results results={results} hasFilters={hasFilters} onClear={clear} />
    </Stack>
  );
}

type TResults = UseInfiniteQueryResult<InfiniteData<TRfpPage>, Error>;

/**
 * What the head start holds back from my listings, and when the next arrives: counts and a time,
 * as the server gives them (nothing of the requests shows before they arrive). On an empty
 * marketplace it takes the empty state's place, which would say there is nothing.
 */
function HeldBackNotice({ heldBack, alone }: { heldBack: THeldBackRequests; alone: boolean }) {
  const text = heldBackText(heldBack, formatDateTime(heldBack.nextVisibleFrom));
  return (
    <Stack spacing={2}>
      {alone ? (
        <NoticePanel role="status" icon={<HourglassTopIcon />} title={HELD_BACK_TITLE}>
          {text}
        </NoticePanel>
      ) : (
        <Alert severity="info" role="status" icon={<HourglassTopIcon fontSize="inherit" />}>
          {text}
        </Alert>
      )}
      <MembershipUpsell need="hotLeads" />
    </Stack>
  );
}

function Results({
  results,
  hasFilters,
  onClear,
}: {
  results: TResults;
  hasFilters: boolean;
  onClear: () => void;
}) {
  const now = new Date();
  // Offset paging can repeat a request when one was published between two pages.
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (results.data?.pages ?? [])
      .flatMap((page) => page.items)
      .filter((item) => {
        if (seen.has(item.id)) return false;
        seen.add(item.id);
        return true;
      });
  }, [results.data]);
  const count = results.data?.pages.at(-1)?.count ?? 0;
  const heldBack = results.data?.pages.at(-1)?.heldBack ?? null;

  if (results.isPending) {
    return (
      <Box role="status" aria-label="Loading requests" sx={gridSx}>
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <RfpCardSkeleton key={n} />
        ))}
      </Box>
    );
  }
  if (results.isError && items.length === 0) {
    return (
      <LoadFailedPanel
        title={RFPS_FAILED}
        error={results.error}
        onRetry={() => void results.refetch()}
      />
    );
  }
  if (items.length === 0 && !hasFilters) {
    // Held-back requests are not "nothing": say what is on its way instead.
    return heldBack ? (
      <HeldBackNotice heldBack={heldBack} alone />
    ) : (
      <NoticePanel role="status" icon={<CampaignIcon />} title={NO_RFPS}>
        When organizers publish requests for proposals, they show here. Requests that match your
        listings also reach your pipeline.
      </NoticePanel>
    );
  }
  if (items.length === 0) {
    return (
      <Stack spacing={2}>
        {heldBack ? <HeldBackNotice heldBack={heldBack} alone={false} /> : null}
        <NoticePanel
          role="status"
          icon={<SearchOffIcon />}
          title={NO_MATCHING_RFPS}
          actions={
            <Button variant="outlined" onClick={onClear}>
              Clear filters
            </Button>
          }
        >
          Try fewer sports or states, or another urgency.
        </NoticePanel>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      {heldBack ? <HeldBackNotice heldBack={heldBack} alone={false} /> : null}
      <Typography variant="body2" color="text.secondary" role="status">
        {`Showing ${items.length} of ${Math.max(count, items.length)} open request${count === 1 ? "" : "s"}`}
      </Typography>
      <Box sx={gridSx}>
        {items.map((listing) => (
          <RfpCard key={listing.id} listing={listing} now={now} />
        ))}
      </Box>
      {results.isFetchNextPageError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void results.fetchNextPage()}>
              Retry
            </Button>
          }
        >
          {apiErrorMessage(results.error, "More requests did not load.")}
        </Alert>
      ) : null}
      {results.hasNextPage && !results.isFetchNextPageError ? (
        <Box sx={{ display: "flex", justifyContent: "center" }}>
          <Button
            variant="outlined"
            disabled={results.isFetchingNextPage}
            onClick={() => void results.fetchNextPage()}
          >
            {results.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

const gridSx = {
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 300px), 1fr))",
  gap: 2,
} as const;

const TIER_STATE_LABEL = (listing: { tier: string | null; isActive: boolean }) => {
  const tier = listing.tier ?? "No tier";
  return listing.isActive ? tier : `${tier}, inactive`;
};

/** Instead of an error: what opens the marketplace, and where my own listings stand. */
function LockedPanel() {
  const tiers = unlockingTiers();
  const hot = URGENCY_LEVELS.filter((l) => isHotRequest(l.priority)).map((l) => l.label);
  const mine = useMyRecipients();
  const listings = mine.data ?? [];
  const links = useSiteLinks();
  return (
    <Stack spacing={2}>
      <NoticePanel
        role="status"
        icon={<LockOutlinedIcon />}
        title={LOCKED_TITLE}
        actions={
          <>
            <Button variant="contained" component={SiteAnchor} href={links.contact}>
              Ask about membership
            </Button>
            {listings.length > 0 ? (
              <Button component={RouterLink} to="/account" variant="outlined">
                See your listings
              </Button>
            ) : (
              <Button component={RouterLink} to="/listings/new" variant="outlined">
                List a destination or facility
              </Button>
            )}
          </>
        }
      >
        <Box component="span" sx={{ display: "block" }}>
          Open requests for proposals are part of destination, facility and business memberships. An
          active {joinOr(tiers.marketplace)} membership opens the marketplace;{" "}
          {joinOr(tiers.hotLeads)} members also get hot leads ({hot.join(" and ")} requests){" "}
          {headStartText()} before everyone else.
        </Box>
        {listings.length > 0 ? (
          <Box component="span" sx={{ display: "block", mt: 2 }}>
            <Box component="span" sx={{ display: "block", fontWeight: 600, color: "text.primary" }}>
              Your listings
            </Box>
            {listings.map((listing) => (
              <Box component="span" key={listing.id} sx={{ display: "block" }}>
                {listing.name}{" "}
                <Chip
                  component="span"
                  size="small"
                  variant="outlined"
                  label={TIER_STATE_LABEL(listing)}
                />
              </Box>
            ))}
          </Box>
        ) : mine.isSuccess ? (
          <Box component="span" sx={{ display: "block", mt: 2 }}>
            You are not a member of a destination or facility yet.
          </Box>
        ) : null}
      </NoticePanel>
      <MembershipUpsell need="marketplace" />
    </Stack>
  );
}
