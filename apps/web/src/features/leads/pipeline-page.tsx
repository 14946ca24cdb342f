// /pipeline: the leads of my destinations and facilities on a board with a column per status: all of
// them at once ("All my venues", the default for several, each card naming its venue) or one
// (`?profile={id}&kind={destination|facility}`: with the kind, the board's call goes out beside the
// session's first; a venue I no longer have falls back to the one with the newest lead). Phones show
// one column at a time, opening on the column of the newest lead. Cards move by drag and drop or their "Move to…" menu, only where the status
// machine lets the recipient's side move them; several Open leads can be passed or assigned at once.
import type {
  TLeadCard,
  TMyPipeline,
  TPipeline,
  TPipelineVenue,
} from "@hostfield/domain/contracts";
import type { TLeadStatus } from "@hostfield/domain/reference";
import AddBusinessIcon from "@mui/icons-material/AddBusiness";
import AssignmentIndIcon from "@mui/icons-material/AssignmentInd";
import BlockIcon from "@mui/icons-material/Block";
import ViewKanbanIcon from "@mui/icons-material/ViewKanban";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { type UseQueryResult, useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import {
  type DragEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { RFP_MARKETPLACE_PATH } from "../../lib/paths";
import { useQueryParams } from "../../lib/query-params";
import { ReasonDialog } from "../../ui/confirm/reason-dialog";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { LoadFailedPanel } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import { visuallyHidden } from "../../ui/visually-hidden";
import { LEAD_DRAG_TYPE, LeadCard } from "./lead-card";
import { AssignDialog } from "./lead-dialogs";
import {
  BOARD_STATUSES,
  isBulkSelectable,
  isRecipientStatus,
  movePatch,
  PASS_REASON_PROPS,
  recipientMoves,
  refusedMoveMessage,
} from "./lead-rules";
import { assignLead, BOARD_COLUMN_SIZE, leadKeys, patchLead, type TRecipient } from "./leads-api";
import { plural } from "./request-format";
import { useLeadMoves } from "./use-lead-moves";
import {
  PIPELINE_PARAMS,
  type TColumnPages,
  type TLeadRights,
  useBoard,
  useColumnPages,
  useEarlyPipelineCalls,
  useLeadRights,
  useLeadStats,
  useMyBoard,
  useMyBoardRights,
  useMyRecipients,
  useStaff,
} from "./use-leads";

export const PIPELINE_FAILED = "Your pipeline did not load";
export const LISTINGS_FAILED = "Your destinations and facilities did not load";
export const NO_LISTINGS = "No destination or facility yet";
export const PICKER_LABEL = "Destination or facility";
export const ALL_VENUES_LABEL = "All my venues";
/** The picker's value (and `?profile=`) for all my venues. */
const ALL_VENUES = "all";

const KIND_LABELS = { destination: "Destination", facility: "Facility" } as const;

/** What an empty column says. */
export const EMPTY_COLUMN: Record<TLeadStatus, string> = {
  Open: "No new leads. Requests that match you land here.",
  Interested: "Leads you sent a proposal for show here.",
  Passed: "Leads you passed on show here.",
  Won: "Leads the organizer awarded to you show here.",
  Lost: "Leads that went to someone else show here.",
};

export function PipelinePage() {
  const [address] = useQueryParams(PIPELINE_PARAMS);
  useEarlyPipelineCalls(
    address.profile && address.kind ? { kind: address.kind, id: address.profile } : null,
  );
  return (
    <PageFrame
      title="Pipeline"
      description="Requests that reached your destinations and facilities, by status."
      icon={<ViewKanbanIcon />}
      actions={
        <Button component={RouterLink} to={RFP_MARKETPLACE_PATH} variant="outlined">
          RFP marketplace
        </Button>
      }
    >
      <RequireSignIn what="your pipeline">
        <MyPipeline />
      </RequireSignIn>
    </PageFrame>
  );
}

function MyPipeline() {
  const recipients = useMyRecipients();
  const [address, setAddress] = useQueryParams(PIPELINE_PARAMS);
  const choose = useCallback(
    (venue: TRecipient | null) =>
      setAddress({ profile: venue?.id, kind: venue?.kind }, { replace: true }),
    [setAddress],
  );

  if (recipients.isPending) return <BoardSkeleton withPicker />;
  if (recipients.isError) {
    return (
      <LoadFailedPanel
        title={LISTINGS_FAILED}
        error={recipients.error}
        onRetry={() => void recipients.refetch()}
      />
    );
  }
  const list = recipients.data;
  if (list.length === 0) {
    return (
      <NoticePanel
        role="status"
        icon={<AddBusinessIcon />}
        title={NO_LISTINGS}
        actions={
          <Button component={RouterLink} to="/listings/new" variant="contained">
            List a destination or facility
          </Button>
        }
      >
        Leads reach the destinations and facilities you manage. List yours, or ask its owner to add
        you as a member.
      </NoticePanel>
    );
  }
  return <VenueChoice list={list} profileId={address.profile ?? ""} onChoose={choose} />;
}

function VenueChoice({
  list,
  profileId,
  onChoose,
}: {
  list: TRecipient[];
  profileId: string;
  /** A venue, or null for all of them. */
  onChoose: (venue: TRecipient | null) => void;
}) {
  const several = list.length > 1;
  const mine = useMyBoard(several);
  const named = list.find((r) => r.id === profileId);
  const all = several && (profileId === "" || profileId === ALL_VENUES);
  // A venue I no longer have (or a stale link): the one with the newest lead, once known.
  if (several && !all && !named && mine.isPending) return <BoardSkeleton withPicker />;
  const venues = byNewestLead(list, mine.data?.venues);
  const chosen = all ? null : (named ?? venues[0]!);
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={PICKER_LABEL}
        value={chosen?.id ?? ALL_VENUES}
        onChange={(event) => onChoose(list.find((r) => r.id === event.target.value) ?? null)}
        disabled={!several}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: 420 }}
      >
        {several ? <option value={ALL_VENUES}>{ALL_VENUES_LABEL}</option> : null}
        {venues.map((r) => (
          <option key={r.id} value={r.id}>
            {`${r.name} (${KIND_LABELS[r.kind]})`}
          </option>
        ))}
      </TextField>
      {/* A fresh board per choice: selection and drag state belong to one. */}
      {chosen ? <VenueBoard key={chosen.id} recipient={chosen} /> : <AllVenuesBoard board={mine} />}
    </Stack>
  );
}

/** My venues, the one with the newest lead first, those without a lead (or not yet known) after. */
function byNewestLead(list: TRecipient[], venues: readonly TPipelineVenue[] | undefined) {
  if (!venues) return list;
  const rank = new Map(venues.map((v, i) => [v.ownerId, v.leadCount > 0 ? i : venues.length]));
  return [...list].sort(
    (a, b) => (rank.get(a.id) ?? venues.length) - (rank.get(b.id) ?? venues.length),
  );
}

function VenueBoard({ recipient }: { recipient: TRecipient }) {
  const board = useBoard(recipient.kind, recipient.id);
  const stats = useLeadStats(recipient.kind, recipient.id);
  const rights = useLeadRights(recipient.kind, recipient.id);
  return (
    <Board
      board={board}
      recipient={recipient}
      rights={rights}
      summary={
        stats.data
          ? [plural(stats.data.total, "lead"), stats.data.responseTime].filter(Boolean).join(" · ")
          : `${recipient.name}'s leads`
      }
    />
  );
}

function AllVenuesBoard({ board }: { board: UseQueryResult<TMyPipeline> }) {
  const venues = board.data?.venues ?? [];
  const rights = useMyBoardRights(venues);
  const total = (board.data?.columns ?? []).reduce((sum, column) => sum + column.count, 0);
  return (
    <Board
      board={board}
      recipient={null}
      rights={rights}
      summary={`${plural(total, "lead")} across ${plural(venues.length, "venue")}`}
    />
  );
}

type TBulk = { kind: "pass"; reason: string | null } | { kind: "assign"; userId: string | null };

function Board({
  board,
  recipient,
  rights,
  summary,
}: {
  board: UseQueryResult<TPipeline>;
  /** The one venue shown; null for all of mine (each card names its venue). */
  recipient: TRecipient | null;
  rights: TLeadRights;
  summary: string;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"), { noSsr: true });
  const moves = useLeadMoves();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dragging, setDragging] = useState<TLeadCard | null>(null);
  const [dialog, setDialog] = useState<"pass" | "assign" | null>(null);
  /** The column a phone shows; until one is picked, the newest lead's. */
  const [tab, setTab] = useState<TLeadStatus | null>(null);
  /** The pages each column shows past the board's own ("Show more"; a venue's board only). */
  const [pages, setPages] = useState<TColumnPages>({});
  const more = useColumnPages(recipient, pages);
  const staff = useStaff(
    recipient?.kind ?? "destination",
    recipient?.id ?? "",
    recipient !== null && dialog === "assign",
  );

  // Each column: the board's leads, then those of its further pages not on the board already.
  const columns = useMemo(
    () =>
      board.data
        ? orderColumns(board.data).map((column) => {
            const seen = new Set(column.leads.map((lead) => lead.id));
            const further = more.leads(column.status).filter((lead) => !seen.has(lead.id));
            return { ...column, leads: [...column.leads, ...further] };
          })
        : [],
    [board.data, more],
  );
  const leadsById = useMemo(() => {
    const map = new Map<string, TLeadCard>();
    for (const column of columns) {
      for (const lead of column.leads) map.set(lead.id, lead);
    }
    return map;
  }, [columns]);
  const selectable = useMemo(
    () => [...leadsById.values()].filter((lead) => isBulkSelectable(lead.status)),
    [leadsById],
  );
  // Only leads still selectable count as chosen (one may have moved meanwhile).
  const chosen = selectable.filter((lead) => selected.has(lead.id) && rights.manages(lead));

  const movesOf = (lead: TLeadCard): readonly TLeadStatus[] =>
    rights.canRespond(lead) ? recipientMoves(lead.status, { isAdmin: rights.isAdmin }) : NO_MOVES;

  // The cards' callbacks, the same on every drawing of the board (LeadCard is memoized).
  const requestMove = useRef(moves.request);
  useLayoutEffect(() => {
    requestMove.current = moves.request;
  });
  const onMove = useCallback(
    (lead: TLeadCard, to: TLeadStatus) => requestMove.current(lead, to),
    [],
  );
  const onSelect = useCallback(
    (lead: TLeadCard, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(lead.id);
        else next.delete(lead.id);
        return next;
      }),
    [],
  );
  const onDragEnd = useCallback(() => setDragging(null), []);

  const bulk = useMutation({
    mutationFn: async ({ action, targets }: { action: TBulk; targets: TLeadCard[] }) => {
      // One call per lead, one after the other: there is no bulk move.
      const failures: unknown[] = [];
      for (const lead of targets) {
        try {
          if (action.kind === "pass") {
            await patchLead(lead, movePatch("Passed", { reason: action.reason }));
          } else {
            await assignLead(lead, action.userId);
          }
        } catch (error) {
          failures.push(error);
        }
      }
      return { done: targets.length - failures.length, failures };
    },
    onSuccess: ({ done, failures }, { action }) => {
      setDialog(null);
      setSelected(new Set());
      const verb = action.kind === "pass" ? "Passed on" : "Assigned";
      if (done > 0) enqueueSnackbar(`${verb} ${plural(done, "lead")}.`, { variant: "success" });
      if (failures.length > 0) {
        enqueueSnackbar(
          `${plural(failures.length, "lead")} could not be changed: ${apiErrorMessage(failures[0], "try again")}`,
          { variant: "error" },
        );
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.boards }),
        queryClient.invalidateQueries({ queryKey: leadKeys.columnPages }),
        queryClient.invalidateQueries({ queryKey: ["leads", "stats"] }),
      ]),
  });

  const drop = (to: TLeadStatus, leadId: string | undefined) => {
    const lead = dragging ?? (leadId ? leadsById.get(leadId) : undefined);
    setDragging(null);
    if (!lead || lead.status === to) return;
    if (!movesOf(lead).includes(to)) {
      enqueueSnackbar(refusedMoveMessage(lead.status, to), { variant: "info" });
      return;
    }
    moves.request(lead, to);
  };

  if (board.isPending) return <BoardSkeleton />;
  if (board.isError) {
    return (
      <LoadFailedPanel
        title={PIPELINE_FAILED}
        error={board.error}
        onRetry={() => void board.refetch()}
      />
    );
  }

  const canBulk = selectable.some(rights.manages);
  const shown = phone
    ? columns.filter((column) => column.status === (tab ?? newestColumn(columns)))
    : columns;

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" role="status">
        {summary}
      </Typography>

      {canBulk ? (
        <Paper
          variant="outlined"
          role="toolbar"
          aria-label="Selected leads"
          sx={{
            px: 1.5,
            py: 0.75,
            display: "flex",
            alignItems: "center",
            flexWrap: "wrap",
            gap: 1,
          }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ mr: "auto" }}>
            {chosen.length > 0
              ? `${plural(chosen.length, "open lead")} selected`
              : "Select open leads to pass on or assign several at once."}
          </Typography>
          <Button
            size="small"
            startIcon={<BlockIcon />}
            disabled={chosen.length === 0 || bulk.isPending}
            onClick={() => {
              bulk.reset();
              setDialog("pass");
            }}
          >
            Pass selected
          </Button>
          {/* Assigning picks among one venue's staff. */}
          {recipient ? (
            <Button
              size="small"
              startIcon={<AssignmentIndIcon />}
              disabled={chosen.length === 0 || bulk.isPending}
              onClick={() => {
                bulk.reset();
                setDialog("assign");
              }}
            >
              Assign selected
            </Button>
          ) : null}
          <Button
            size="small"
            disabled={chosen.length === 0 || bulk.isPending}
            onClick={() => setSelected(new Set())}
          >
            Clear selection
          </Button>
        </Paper>
      ) : null}

      {phone ? (
        <Tabs
          value={shown[0]!.status}
          onChange={(_event, status: TLeadStatus) => setTab(status)}
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
      ) : null}

      <Box
        sx={{
          display: "grid",
          gridAutoFlow: "column",
          // Phones show one column (the tabs above pick it); at 1200 px and wider all five fit.
          gridAutoColumns: {
            xs: "minmax(0, 1fr)",
            sm: "minmax(240px, 1fr)",
            md: "minmax(200px, 1fr)",
          },
          gap: 1.5,
          minWidth: 0,
          overflowX: "auto",
          pb: 1,
        }}
      >
        {shown.map((column) => (
          <BoardColumn
            key={column.status}
            status={column.status}
            count={column.count}
            leads={column.leads}
            more={
              recipient
                ? {
                    loading: more.loading(column.status),
                    error: more.error(column.status),
                    onRetry: () => more.retry(column.status),
                    onMore: () =>
                      setPages((current) => ({
                        ...current,
                        [column.status]: (current[column.status] ?? 0) + 1,
                      })),
                  }
                : null
            }
            accepts={dragging ? movesOf(dragging).includes(column.status) : false}
            refusal={
              dragging &&
              dragging.status !== column.status &&
              !movesOf(dragging).includes(column.status)
                ? refusedMoveMessage(dragging.status, column.status)
                : null
            }
            onDrop={(leadId) => drop(column.status, leadId)}
            renderLead={(lead) => (
              <LeadCard
                key={lead.id}
                lead={lead}
                showVenue={recipient === null}
                moves={movesOf(lead)}
                selectable={rights.manages(lead) && isBulkSelectable(lead.status)}
                selected={selected.has(lead.id)}
                busy={moves.pendingLeadId === lead.id || (bulk.isPending && selected.has(lead.id))}
                onSelect={onSelect}
                onMove={onMove}
                onDragStart={setDragging}
                onDragEnd={onDragEnd}
              />
            )}
          />
        ))}
      </Box>

      {moves.dialog}
      {dialog === "pass" ? (
        <ReasonDialog
          {...PASS_REASON_PROPS}
          title={`Pass on ${plural(chosen.length, "lead")}?`}
          description="Each organizer is told you passed, with this reason."
          pending={bulk.isPending}
          error={null}
          onCancel={() => setDialog(null)}
          onConfirm={(reason) => bulk.mutate({ action: { kind: "pass", reason }, targets: chosen })}
        />
      ) : null}
      {dialog === "assign" ? (
        <AssignDialog
          title={`Assign ${plural(chosen.length, "lead")}`}
          staff={staff.data?.items ?? []}
          staffState={staff.status}
          onRetryStaff={() => void staff.refetch()}
          pending={bulk.isPending}
          error={null}
          onClose={() => setDialog(null)}
          onSubmit={(userId) =>
            bulk.mutate({ action: { kind: "assign", userId }, targets: chosen })
          }
        />
      ) : null}
    </Stack>
  );
}

/** The column of the newest lead on the board (Open when there is none). */
function newestColumn(columns: TPipeline["columns"]): TLeadStatus {
  let newest: TLeadCard | undefined;
  for (const column of columns) {
    for (const lead of column.leads) {
      if (!newest || lead.createdDate > newest.createdDate) newest = lead;
    }
  }
  return newest?.status ?? "Open";
}

/** The board's columns in BOARD_STATUSES order, an empty one for any status the reply left out. */
function orderColumns(board: TPipeline): TPipeline["columns"] {
  return BOARD_STATUSES.map(
    (status) =>
      board.columns.find((column) => column.status === status) ?? { status, count: 0, leads: [] },
  );
}

/** A lead its viewer may not move (the same list each time, for the memoized cards). */
const NO_MOVES: readonly TLeadStatus[] = [];

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

function BoardColumn({
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
  more: { loading: boolean; error: unknown; onMore: () => void; onRetry: () => void } | null;
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
      {count > leads.length ? (
        <Stack spacing={0.5} sx={{ px: 0.5, alignItems: "flex-start" }}>
          <Typography variant="caption" color="text.secondary">
            {more
              ? `Showing the ${leads.length} newest of ${count}.`
              : `Showing the ${leads.length} newest of ${count}. Choose one venue to see them all.`}
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
                  : `Show ${Math.min(BOARD_COLUMN_SIZE, count - leads.length)} more`}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Paper>
  );
}

function BoardSkeleton({ withPicker = false }: { withPicker?: boolean }) {
  return (
    <Stack spacing={2} role="status" aria-label="Loading the pipeline">
      {withPicker ? <Skeleton variant="rounded" height={56} sx={{ maxWidth: 420 }} /> : null}
      <Box
        sx={{
          display: "grid",
          gridAutoFlow: "column",
          gridAutoColumns: {
            xs: "minmax(0, 1fr)",
            sm: "minmax(240px, 1fr)",
            md: "minmax(200px, 1fr)",
          },
          gap: 1.5,
          overflow: "hidden",
        }}
      >
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
