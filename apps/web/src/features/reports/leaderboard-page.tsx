// A leaderboard (/leaderboards/{board}: events, destinations, facilities, organizations, or RFP
// responders), blind by default: my listings' standings (rank of how many, and percentile,
// nationally, in their region and state), and the names of the top 10 without their figures;
// admins see every figure. The metric and a state narrow it, kept in the address.
import {
  LEADERBOARD_TOP,
  type TLeaderboard,
  type TLeaderboardEntry,
  type TStanding,
} from "@hostfield/domain/contracts";
import { PROFILE_KINDS, STATES, type TProfileKind } from "@hostfield/domain/reference";
import { profileLink } from "@hostfield/domain/rules";
import EmojiEventsIcon from "@mui/icons-material/EmojiEvents";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import { AdminTable, type TAdminColumn } from "../../ui/admin-table";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { RequireSignIn } from "../../ui/require-sign-in";
import { TabbedPage } from "../../ui/tabbed-page";
import { formatDayRange, formatFigure } from "./report-format";
import { ReportFailure, ReportSkeleton } from "./report-states";
import { getLeaderboard, reportsKeys } from "./reports-api";
import {
  BOARD_LABELS,
  isLeaderboardBoard,
  LEADERBOARD_BOARDS,
  leaderboardPath,
  type TLeaderboardBoard,
} from "./reports-paths";

export const LEADERBOARD_TITLE = "Leaderboards";

/**
 * What each metric is called; a metric the server adds later reads as its name. Views are unique
 * visitors (each once per listing and day, as the board's notes say).
 */
export const METRIC_LABELS: Record<string, string> = {
  views: "Unique views",
  follows: "Follows",
  leads: "Leads",
  responseRate: "Response rate",
  firstResponseHours: "First response time",
  winRate: "Win rate",
};

const METRIC_FORMATS: Record<string, "count" | "percent" | "hours"> = {
  responseRate: "percent",
  firstResponseHours: "hours",
  winRate: "percent",
};

export const metricLabel = (metric: string) => METRIC_LABELS[metric] ?? metric;
const metricValue = (metric: string, value: number | null | undefined) =>
  formatFigure(value ?? null, METRIC_FORMATS[metric] ?? "count");

/** "nationally", "in the Midwest", "in IN": where a standing is counted. */
export function scopeText(standing: TStanding): string {
  if (standing.scope === "national") return "nationally";
  if (standing.area) return `in ${standing.area}`;
  return standing.scope === "region" ? "in its region" : `in its ${standing.scope}`;
}

/** "3rd of 120 nationally · top 98%": rank of N and percentile. */
export function standingText(standing: TStanding): string {
  return `Rank ${standing.rank} of ${standing.of} ${scopeText(standing)}, ${standing.percentile}th percentile`;
}

const isProfileKind = (kind: string): kind is TProfileKind =>
  (PROFILE_KINDS as readonly string[]).includes(kind);

function EntryName({ entry }: { entry: TLeaderboardEntry }) {
  return isProfileKind(entry.kind) ? (
    <Link component={RouterLink} to={profileLink(entry.kind, entry.id)}>
      {entry.name}
    </Link>
  ) : (
    entry.name
  );
}

const placeOf = (entry: TLeaderboardEntry) =>
  [entry.city, entry.state].filter(Boolean).join(", ") || "—";

function MyStandings({ board }: { board: TLeaderboard }) {
  if (board.mine.length === 0) {
    return (
      <Typography color="text.secondary">
        None of your listings is on this board yet. Boards are made from the last 90 days.
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
      {board.mine.map((entry) => (
        <Paper component="li" variant="outlined" key={entry.id} sx={{ p: 2 }}>
          <Stack
            direction={{ xs: "column", sm: "row" }}
            spacing={1}
            sx={{ justifyContent: "space-between" }}
          >
            <Typography sx={{ fontWeight: 600 }}>
              <EntryName entry={entry} />
            </Typography>
            {entry.values ? (
              <Typography color="text.secondary">
                {metricLabel(board.metric)}: {metricValue(board.metric, entry.values[board.metric])}
              </Typography>
            ) : null}
          </Stack>
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 3 }}>
            {entry.standings.map((standing) => (
              <Typography component="li" variant="body2" key={`${standing.scope}`}>
                {standingText(standing)}
              </Typography>
            ))}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

function TopTable({ board }: { board: TLeaderboard }) {
  const columns: TAdminColumn<TLeaderboardEntry>[] = [
    { key: "rank", label: "Rank", cell: (entry) => entry.rank },
    { key: "name", label: "Name", cell: (entry) => <EntryName entry={entry} /> },
    { key: "place", label: "Place", cell: placeOf },
  ];
  if (board.revealed) {
    columns.push({
      key: "metric",
      label: metricLabel(board.metric),
      align: "right",
      cell: (entry) => metricValue(board.metric, entry.values?.[board.metric]),
    });
  }
  return (
    <AdminTable
      label={`Top ${LEADERBOARD_TOP}`}
      items={board.top}
      rowKey={(entry) => entry.id}
      columns={columns}
      empty="Nobody is ranked here yet."
    />
  );
}

function Board({ board: id }: { board: TLeaderboardBoard }) {
  const [params, setParams] = useSearchParams();
  const metric = params.get("metric");
  const state = params.get("state");
  const board = useQuery({
    queryKey: reportsKeys.leaderboard(id, metric, state),
    queryFn: ({ signal }) => getLeaderboard(id, { metric, state }, signal),
  });
  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const notes = board.data?.notes ?? [];
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          select
          size="small"
          label="Ranked by"
          value={board.data?.metric ?? metric ?? ""}
          onChange={(event) => setParam("metric", event.target.value || null)}
          sx={{ minWidth: 200 }}
          disabled={!board.data}
        >
          {(board.data?.metrics ?? (metric ? [metric] : [])).map((value) => (
            <MenuItem key={value} value={value}>
              {metricLabel(value)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="State"
          value={state ?? ""}
          onChange={(event) => setParam("state", event.target.value || null)}
          sx={{ minWidth: 200 }}
          // Seventy states and provinces: the device's own list is quicker to pick from.
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Everywhere</option>
          {STATES.map((entry) => (
            <option key={entry.code} value={entry.code}>
              {entry.name}
            </option>
          ))}
        </TextField>
      </Stack>
      {board.isPending ? (
        <ReportSkeleton label="Loading the leaderboard" />
      ) : board.isError ? (
        <ReportFailure
          error={board.error}
          onRetry={() => void board.refetch()}
          failedTitle="The leaderboard did not load"
        />
      ) : (
        <>
          <Typography color="text.secondary">
            {formatDayRange(board.data.period.startDate, board.data.period.endDate)} ·{" "}
            {board.data.total} ranked
            {board.data.revealed ? " · every figure shown (admin)" : ""}
          </Typography>
          <Box component="section" aria-labelledby="board-mine">
            <Typography id="board-mine" variant="h6" component="h2" sx={{ mb: 1 }}>
              Your standing
            </Typography>
            <MyStandings board={board.data} />
          </Box>
          <Box component="section" aria-labelledby="board-top">
            <Typography id="board-top" variant="h6" component="h2" sx={{ mb: 0.5 }}>
              Top {LEADERBOARD_TOP}
              {state ? ` in ${STATES.find((entry) => entry.code === state)?.name ?? state}` : ""}
            </Typography>
            {board.data.revealed ? null : (
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                Names only: nobody sees another member's figures.
              </Typography>
            )}
            <TopTable board={board.data} />
          </Box>
          {notes.length > 0 ? (
            <Box component="ul" sx={{ pl: 3, m: 0, color: "text.secondary" }}>
              {notes.map((note) => (
                <Typography component="li" variant="body2" key={note}>
                  {note}
                </Typography>
              ))}
            </Box>
          ) : null}
        </>
      )}
    </Stack>
  );
}

const BOARD_TABS = LEADERBOARD_BOARDS.map((value) => ({
  value,
  label: BOARD_LABELS[value],
  to: leaderboardPath(value),
}));

export function LeaderboardPage() {
  const { board = "facility" } = useParams();
  return (
    <PageFrame title={LEADERBOARD_TITLE} icon={<EmojiEventsIcon />}>
      <RequireSignIn what="the leaderboards">
        <TabbedPage
          label="Leaderboards"
          tabs={BOARD_TABS}
          value={isLeaderboardBoard(board) ? board : false}
        >
          {isLeaderboardBoard(board) ? (
            <Board key={board} board={board} />
          ) : (
            <NoticePanel role="alert" icon={<SearchOffIcon />} title="There is no such leaderboard">
              Pick one of the boards above.
            </NoticePanel>
          )}
        </TabbedPage>
      </RequireSignIn>
    </PageFrame>
  );
}
