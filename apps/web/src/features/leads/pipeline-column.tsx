// One column of the pipeline board: its status, count and cards (drawn a few first, then all), what
// it says while a card is dragged over it, and "Show more" for its older leads; the tabs that pick a
// phone's one column; and the board's skeleton.
import type { TLeadCard, TPipeline } from "@hostfield/domain/contracts";
import type { TLeadStatus } from "@hostfield/domain/reference";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { type DragEvent, type ReactNode, startTransition, useEffect, useId, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { visuallyHidden } from "../../ui/visually-hidden";
import { LEAD_DRAG_TYPE } from "./lead-card";
import { BOARD_STATUSES, isRecipientStatus } from "./lead-rules";
import { BOARD_COLUMN_SIZE } from "./leads-api";

/** What an empty column says. */
export const EMPTY_COLUMN: Record<TLeadStatus, string> = {
  Open: "No new leads. Requests that match you land here.",
  Interested: "Leads you sent a proposal for show here.",
  Passed: "Leads you passed on show here.",
  Won: "Leads the organizer awarded to you show here.",
  Lost: "Leads that went to someone else show here.",
};

/** Loading a column's next leads. */
type TColumnMore = { loading: boolean; error: unknown; onMore: () => void; onRetry: () => void };

/** Cards a column draws first: more than a tall screen shows of it. */
const FIRST_CARDS = 6;

/**
 * How many of its cards a column draws: FIRST_CARDS when it first appears, so every column shows
 * its newest leads as soon as the board arrives, then all of them in a transition, which React
 * draws in slices between the browser's own work (a board of 100 cards spent about 220 ms drawing
 * them before its first showed). Only the first drawing is cut: later changes draw every card.
 */
function useCardLimit(): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    startTransition(() => setAll(true));
  }, []);
  return all ? Number.POSITIVE_INFINITY : FIRST_CARDS;
}

export function BoardColumn({
  status,
  count,
  leads,
  more,
  accepts,
  refusal,
  onDrop,
  renderLead,
}: {
  status: TLeadStatus;
  count: number;
  leads: TLeadCard[];
  /** Loading the column's next leads; null where the board cannot (all my venues). */
  more: TColumnMore | null;
  accepts: boolean;
  /** While a card is dragged: why it cannot go here (browsers will not drop it here at all). */
  refusal: string | null;
  onDrop: (leadId: string | undefined) => void;
  renderLead: (lead: TLeadCard) => ReactNode;
}) {
  const headingId = useId();
  const cardLimit = useCardLimit();
  const [over, setOver] = useState(false);
  // While a card is dragged, columns it may go to light up; the others fade and say why.
  const faded = refusal !== null;

  const dragOver = (event: DragEvent) => {
    if (!accepts) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
    setOver(true);
  };
  const dropHere = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onDrop(event.dataTransfer?.getData(LEAD_DRAG_TYPE) || undefined);
  };

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      onDragOver={dragOver}
      onDragEnter={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={dropHere}
      sx={{
        // Keeps the count's hidden words inside the scrolling board, not the page's width.
        position: "relative",
        p: 1.25,
        minHeight: 240,
        display: "flex",
        flexDirection: "column",
        gap: 1,
        bgcolor: over ? "action.selected" : accepts ? "action.hover" : "background.default",
        borderColor: accepts ? "primary.main" : undefined,
        borderStyle: accepts ? "dashed" : undefined,
        opacity: faded ? 0.55 : 1,
        transition: "opacity 120ms, background-color 120ms",
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "baseline", px: 0.5 }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {status}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {count}
          <Box component="span" sx={visuallyHidden}>
            {count === 1 ? " lead" : " leads"}
          </Box>
        </Typography>
        {!isRecipientStatus(status) ? (
          <Typography variant="caption" color="text.secondary" sx={{ ml: "auto !important" }}>
            Organizer decides
          </Typography>
        ) : null}
      </Stack>
      {refusal ? (
        <Typography variant="caption" color="text.secondary" sx={{ px: 0.5, fontStyle: "italic" }}>
          {refusal}
        </Typography>
      ) : null}
      {leads.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
          {EMPTY_COLUMN[status]}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
          {leads.slice(0, cardLimit).map(renderLead)}
        </Stack>
      )}
      {count > leads.length ? <ColumnMore shown={leads.length} count={count} more={more} /> : null}
    </Paper>
  );
}

/** A column that holds more leads than it shows: how many, and (on one venue's board) the next ones. */
function ColumnMore({
  shown,
  count,
  more,
}: {
  shown: number;
  count: number;
  /** Null where the board cannot load more (all my venues). */
  more: TColumnMore | null;
}) {
  return (
    <Stack spacing={0.5} sx={{ px: 0.5, alignItems: "flex-start" }}>
      <Typography variant="caption" color="text.secondary">
        {more
          ? `Showing the ${shown} newest of ${count}.`
          : `Showing the ${shown} newest of ${count}. Choose one venue to see them all.`}
      </Typography>
      {more?.error ? (
        <Typography variant="caption" color="error" role="alert">
          {apiErrorMessage(more.error, "More leads did not load")}
        </Typography>
      ) : null}
      {more ? (
        <Button
          size="small"
          onClick={more.error ? more.onRetry : more.onMore}
          disabled={more.loading}
        >
          {more.loading
            ? "Loading…"
            : more.error
              ? "Try again"
              : `Show ${Math.min(BOARD_COLUMN_SIZE, count - shown)} more`}
        </Button>
      ) : null}
    </Stack>
  );
}

/** A phone's columns, one shown at a time: a tab each, with its count. */
export function ColumnTabs({
  columns,
  value,
  onChange,
}: {
  columns: TPipeline["columns"];
  value: TLeadStatus;
  onChange: (status: TLeadStatus) => void;
}) {
  return (
    <Tabs
      value={value}
      onChange={(_event, status: TLeadStatus) => onChange(status)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label="Pipeline columns"
    >
      {columns.map((column) => (
        <Tab
          key={column.status}
          value={column.status}
          label={`${column.status} (${column.count})`}
        />
      ))}
    </Tabs>
  );
}

/**
 * The board's columns side by side, the skeleton's too: phones show one column (the tabs above
 * pick it); at 1200 px and wider all five fit.
 */
export const BOARD_GRID = {
  display: "grid",
  gridAutoFlow: "column",
  gridAutoColumns: {
    xs: "minmax(0, 1fr)",
    sm: "minmax(240px, 1fr)",
    md: "minmax(200px, 1fr)",
  },
  gap: 1.5,
} as const;

export function BoardSkeleton({ withPicker = false }: { withPicker?: boolean }) {
  return (
    <Stack spacing={2} role="status" aria-label="Loading the pipeline">
      {withPicker ? <Skeleton variant="rounded" height={56} sx={{ maxWidth: 420 }} /> : null}
      <Box sx={{ ...BOARD_GRID, overflow: "hidden" }}>
        {BOARD_STATUSES.map((status) => (
          <Stack key={status} spacing={1}>
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="rounded" height={120} />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        ))}
      </Box>
    </Stack>
  );
}
