// The pipeline's board: a column per status (BOARD_STATUSES), or one at a time on a phone, opening
// on the column of the newest lead. Cards move by drag and drop or their "Move to…" menu, only where
// the status machine lets the recipient's side move them; several Open leads can be passed or
// assigned at once (pipeline-bulk.tsx).
import type { TLeadCard, TPipeline } from "@hostfield/domain/contracts";
import type { TLeadStatus } from "@hostfield/domain/reference";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { UseQueryResult } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { ReasonDialog } from "../../ui/confirm/reason-dialog";
import { LoadFailedPanel } from "../../ui/query-states";
import { LeadCard } from "./lead-card";
import { AssignDialog } from "./lead-dialogs";
import {
  BOARD_STATUSES,
  isBulkSelectable,
  PASS_REASON_PROPS,
  recipientMoves,
  refusedMoveMessage,
} from "./lead-rules";
import type { TRecipient } from "./leads-api";
import { SelectionToolbar, useBulkChange } from "./pipeline-bulk";
import { BOARD_GRID, BoardColumn, BoardSkeleton, ColumnTabs } from "./pipeline-column";
import { plural } from "./request-format";
import { useLeadMoves } from "./use-lead-moves";
import { type TColumnPages, type TLeadRights, useColumnPages, useStaff } from "./use-leads";

export const PIPELINE_FAILED = "Your pipeline did not load";

export function Board({
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

  const bulk = useBulkChange(() => {
    setDialog(null);
    setSelected(new Set());
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
        <SelectionToolbar
          count={chosen.length}
          busy={bulk.isPending}
          canAssign={recipient !== null}
          onPass={() => {
            bulk.reset();
            setDialog("pass");
          }}
          onAssign={() => {
            bulk.reset();
            setDialog("assign");
          }}
          onClear={() => setSelected(new Set())}
        />
      ) : null}

      {phone ? <ColumnTabs columns={columns} value={shown[0]!.status} onChange={setTab} /> : null}

      <Box
        sx={{
          ...BOARD_GRID,
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
