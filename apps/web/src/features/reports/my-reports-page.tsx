// /reports: every listing I belong to with its last 30 days (unique views and leads, from its
// overview report, labelled as the server labels them), each linking to its dashboard; the first
// dozen at once (one call each), more on asking. Below, the leaderboards, and for admins the RFP
// overview.
import { REPORT_DEFAULT_DAYS, type TReport } from "@hostfield/domain/contracts";
import { todayUtc } from "@hostfield/domain/rules";
import EmojiEventsIcon from "@mui/icons-material/EmojiEvents";
import InsightsIcon from "@mui/icons-material/Insights";
import StorefrontIcon from "@mui/icons-material/Storefront";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { ListSkeleton, LoadFailedPanel } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import { formatFigure } from "./report-format";
import { lastDays } from "./report-range";
import {
  getReport,
  listMyListings,
  reportKey,
  reportsKeys,
  type TMyListing,
  type TReportSource,
} from "./reports-api";
import {
  BOARD_LABELS,
  KIND_LABELS,
  LEADERBOARD_BOARDS,
  leaderboardPath,
  RFP_OVERVIEW_PATH,
  reportPath,
} from "./reports-paths";

export const MY_REPORTS_TITLE = "Your reports";
export const NO_LISTINGS = "You have no listings to report on yet";
/** How many listings show (and ask for their figures) at first, and per "Show more". */
export const LISTINGS_SHOWN = 12;
/**
 * The figures each listing's line shows, when its overview has them, under the overview's own
 * labels ("Unique profile views", "Leads received"): views count each visitor once a day.
 */
const LINE_METRICS = ["views", "leads"] as const;

function ListingFigures({ report }: { report: TReport }) {
  const figures = LINE_METRICS.flatMap((metric) => {
    const kpi = report.kpis.find((candidate) => candidate.metric === metric);
    return kpi ? [kpi] : [];
  });
  return (
    <Box component="dl" sx={{ display: "flex", flexWrap: "wrap", gap: 2, m: 0 }}>
      {figures.map((kpi) => (
        <Box key={kpi.metric} sx={{ minWidth: 72 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {kpi.label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700 }}>
            {formatFigure(kpi.total, kpi.format)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ListingLine({ listing }: { listing: TMyListing }) {
  const source: TReportSource = {
    scope: "listing",
    kind: listing.kind,
    id: listing.id,
    section: "profile",
  };
  const range = lastDays(REPORT_DEFAULT_DAYS, todayUtc());
  const overview = useQuery({
    queryKey: reportKey(source, range),
    queryFn: ({ signal }) => getReport(source, range, signal),
  });
  const place = [listing.address?.city, listing.address?.state].filter(Boolean).join(", ");
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        p: 2,
        display: "flex",
        flexDirection: { xs: "column", sm: "row" },
        gap: 2,
        alignItems: { sm: "center" },
        justifyContent: "space-between",
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={reportPath(listing.kind, listing.id)}
          sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
        >
          {listing.name}
        </Link>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 0.5 }}>
          <Chip size="small" label={KIND_LABELS[listing.kind]} />
          {place ? (
            <Typography variant="body2" color="text.secondary">
              {place}
            </Typography>
          ) : null}
        </Stack>
      </Box>
      {overview.isPending ? (
        <Skeleton
          variant="rounded"
          width={220}
          height={48}
          role="status"
          aria-label="Loading its figures"
        />
      ) : overview.isError ? (
        <Typography variant="body2" color="text.secondary">
          {overview.error instanceof ApiError && overview.error.status === 403
            ? "Its reports are for its owners and managers."
            : "Its figures did not load."}
        </Typography>
      ) : (
        <ListingFigures report={overview.data} />
      )}
    </Paper>
  );
}

function MyListings({ userId }: { userId: string }) {
  const [shown, setShown] = useState(LISTINGS_SHOWN);
  const mine = useQuery({
    queryKey: reportsKeys.myListings(userId),
    queryFn: ({ signal }) => listMyListings(signal),
  });
  if (mine.isPending) return <ListSkeleton label="Loading your listings" rows={4} height={80} />;
  if (mine.isError) {
    return (
      <LoadFailedPanel
        title="Your listings did not load"
        error={mine.error}
        onRetry={() => void mine.refetch()}
      />
    );
  }
  const { listings, failed } = mine.data;
  if (listings.length === 0 && failed.length === 0) {
    return (
      <NoticePanel role="status" icon={<StorefrontIcon />} title={NO_LISTINGS}>
        The reports of the hotels, venues, events and organizations you manage show up here.
      </NoticePanel>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        The last {REPORT_DEFAULT_DAYS} days of each listing; views count each visitor once a day.
        Open one for its charts, tables and other ranges.
      </Typography>
      {failed.length > 0 ? (
        <Typography color="error" role="alert">
          Some of your listings did not load: {failed.map((kind) => KIND_LABELS[kind]).join(", ")}.
        </Typography>
      ) : null}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {listings.slice(0, shown).map((listing) => (
          <ListingLine key={`${listing.kind}:${listing.id}`} listing={listing} />
        ))}
      </Stack>
      {listings.length > shown ? (
        <Box sx={{ display: "flex", justifyContent: "center" }}>
          <Button variant="outlined" onClick={() => setShown((count) => count + LISTINGS_SHOWN)}>
            Show more ({listings.length - shown} left)
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

function Leaderboards({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Box component="section" aria-labelledby="reports-leaderboards">
      <Typography id="reports-leaderboards" variant="h6" component="h2" sx={{ mb: 1 }}>
        Leaderboards
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        Where your listings stand among their kind, nationally, in their region and in their state.
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        {LEADERBOARD_BOARDS.map((board) => (
          <Button
            key={board}
            component={RouterLink}
            to={leaderboardPath(board)}
            variant="outlined"
            startIcon={<EmojiEventsIcon />}
          >
            {BOARD_LABELS[board]}
          </Button>
        ))}
        {isAdmin ? (
          <Button component={RouterLink} to={RFP_OVERVIEW_PATH} variant="contained">
            RFP overview
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}

export function MyReportsPage() {
  const auth = useAuth();
  return (
    <PageFrame title={MY_REPORTS_TITLE} icon={<InsightsIcon />}>
      <RequireSignIn what="your reports">
        <Stack spacing={4}>
          <MyListings userId={auth.user?.id ?? "anonymous"} />
          <Leaderboards isAdmin={auth.isAdmin} />
        </Stack>
      </RequireSignIn>
    </PageFrame>
  );
}
