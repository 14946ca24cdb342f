// /pipeline: the leads of my destinations and facilities on a board with a column per status: all of
// them at once ("All my venues", the default for several, each card naming its venue) or one
// (`?profile={id}&kind={destination|facility}`: with the kind, the board's call goes out beside the
// session's first; a venue I no longer have falls back to the one with the newest lead). Phones show
// one column at a time, opening on the column of the newest lead. Cards move by drag and drop or their "Move to…" menu, only where the status
// machine lets the recipient's side move them; several Open leads can be passed or assigned at once.
// This file is the page and the venue picker; the board is pipeline-board.tsx, its columns
// pipeline-column.tsx, and the changes to several leads at once pipeline-bulk.tsx.
import type { TMyPipeline, TPipelineVenue } from "@hostfield/domain/contracts";
import AddBusinessIcon from "@mui/icons-material/AddBusiness";
import ViewKanbanIcon from "@mui/icons-material/ViewKanban";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { UseQueryResult } from "@tanstack/react-query";
import { useCallback } from "react";
import { Link as RouterLink } from "react-router";
import { RFP_MARKETPLACE_PATH } from "../../lib/paths";
import { useQueryParams } from "../../lib/query-params";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { LoadFailedPanel } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import type { TRecipient } from "./leads-api";
import { Board } from "./pipeline-board";
import { BoardSkeleton } from "./pipeline-column";
import { plural } from "./request-format";
import {
  PIPELINE_PARAMS,
  useBoard,
  useEarlyPipelineCalls,
  useLeadRights,
  useLeadStats,
  useMyBoard,
  useMyBoardRights,
  useMyRecipients,
} from "./use-leads";

export const LISTINGS_FAILED = "Your destinations and facilities did not load";
export const NO_LISTINGS = "No destination or facility yet";
export const PICKER_LABEL = "Destination or facility";
export const ALL_VENUES_LABEL = "All my venues";
/** The picker's value (and `?profile=`) for all my venues. */
const ALL_VENUES = "all";

const KIND_LABELS = { destination: "Destination", facility: "Facility" } as const;

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
