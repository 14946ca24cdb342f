// The room blocks of a hotel (its managers) or of an event (its organizers): each block's card,
// the organizer's with its pickup, a status filter, and the button that proposes a new block.
import { BLOCK_STATUSES, type TBlock, type TBlockStatus } from "@hostfield/domain/contracts";
import AddIcon from "@mui/icons-material/Add";
import MeetingRoomIcon from "@mui/icons-material/MeetingRoom";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { QueryStates, RetryAlert } from "../../ui/query-states";
import { BlockCard } from "./block-card";
import { ChangeBlockDialog, ProposeBlockDialog } from "./block-dialogs";
import { PickupPanel } from "./pickup-panel";
import { listBlocks, roomsKeys, type TPickable } from "./rooms-api";

export const NO_BLOCKS = "No room blocks yet";

/** The blocks whose pickup means something: rooms are (or were) held for guests to book. */
const hasPickup = (block: TBlock) => block.status === "Accepted" || block.status === "Released";

export function BlocksSection({
  side,
  hotelId,
  eventId,
  suggestedHotels,
  leadId,
}: {
  side: "hotel" | "organizer";
  hotelId?: string;
  eventId?: string;
  suggestedHotels?: TPickable[];
  /** An awarded lead of the event: the page opens with a block proposed for it. */
  leadId?: string;
}) {
  const headingId = useId();
  const [status, setStatus] = useState<TBlockStatus | "">("");
  const [proposing, setProposing] = useState(leadId !== undefined);
  const [changing, setChanging] = useState<TBlock | null>(null);
  const scope = side === "hotel" ? { hotelId: hotelId ?? "" } : { eventId: eventId ?? "" };
  const blocks = useQuery({
    queryKey: [...roomsKeys.blockList(scope), status],
    queryFn: ({ signal }) => listBlocks(scope, status || undefined, signal),
    placeholderData: keepPreviousData,
  });
  const list = blocks.data ?? [];
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
      >
        <Typography id={headingId} variant="h5" component="h2">
          Room blocks
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(e) => setStatus(BLOCK_STATUSES.find((s) => s === e.target.value) ?? "")}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">Any status</MenuItem>
            {BLOCK_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setProposing(true)}>
            Propose a block
          </Button>
        </Stack>
      </Stack>
      {blocks.isError && blocks.data ? (
        <RetryAlert onRetry={() => void blocks.refetch()}>
          {apiErrorMessage(blocks.error, "The blocks did not refresh.")}
        </RetryAlert>
      ) : null}
      <QueryStates
        query={blocks}
        isEmpty={list.length === 0}
        loadingLabel="Loading the room blocks"
        skeleton={{ rows: 2, height: 180 }}
        failedTitle="The room blocks did not load"
        empty={{
          icon: <MeetingRoomIcon />,
          title: status ? `No ${status.toLowerCase()} blocks` : NO_BLOCKS,
          text:
            side === "hotel"
              ? "Propose rooms to an event, or wait for an organizer to ask for some."
              : "Propose a block to a hotel near the event; guests then book at the group rate.",
        }}
      >
        {() => (
          <Stack spacing={2}>
            {list.map((block) => (
              <BlockCard key={block.id} block={block} side={side} onChange={setChanging}>
                {side === "organizer" && hasPickup(block) ? (
                  <PickupPanel blockId={block.id} />
                ) : null}
              </BlockCard>
            ))}
          </Stack>
        )}
      </QueryStates>
      {proposing ? (
        <ProposeBlockDialog
          side={side}
          hotelId={hotelId}
          eventId={eventId}
          suggestedHotels={suggestedHotels}
          leadId={leadId}
          onClose={() => setProposing(false)}
        />
      ) : null}
      {changing ? <ChangeBlockDialog block={changing} onClose={() => setChanging(null)} /> : null}
    </Stack>
  );
}
