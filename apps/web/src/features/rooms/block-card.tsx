// One room block as either side sees it: its status, the event (for the hotel) or the hotel (for
// the organizer), rooms held and booked in all and night by night (an offer's shape, or a held
// block's pickup: block-nights-summary.tsx), the cut-off and terms, the nights' table and history.
// While it is Proposed, the side that did not propose may accept or decline it, and either side
// may put new terms on the table (a counter-proposal, or a change of its own). Once its event has
// started, a held block opens its final statement and thread (block-statement.tsx). An accepted
// block takes amendments (either side proposes a change, the other answers: block-amendment.tsx)
// and the organizer may give unbooked rooms back before the cut-off ("Release rooms").
import type { TBlock, TBlockSide, TBlockStatus } from "@hostfield/domain/contracts";
import { formatEventDateRange, profileLink, todayUtc } from "@hostfield/domain/rules";
import CheckIcon from "@mui/icons-material/Check";
import CloseIcon from "@mui/icons-material/Close";
import EditNoteIcon from "@mui/icons-material/EditNote";
import HistoryIcon from "@mui/icons-material/History";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Collapse from "@mui/material/Collapse";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useId, useState } from "react";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { AmendmentBanner, cardGuaranteeText, ReleaseRooms } from "./block-amendment";
import { BlockNightsSummary } from "./block-nights-summary";
import { BlockStatement, hasStatement } from "./block-statement";
import { answerBlock, roomsKeys } from "./rooms-api";
import { formatDay, formatMoney, formatNight } from "./rooms-format";

export const STATUS_COLORS: Record<TBlockStatus, "warning" | "success" | "error" | "default"> = {
  Proposed: "warning",
  Accepted: "success",
  Declined: "error",
  Released: "default",
};

const SIDE_NAMES: Record<TBlockSide, string> = { hotel: "The hotel", organizer: "The organizer" };

/** Whether `side` may accept or decline the block: it is Proposed, by the other side. */
export function canAnswer(block: TBlock, side: TBlockSide): boolean {
  return block.status === "Proposed" && block.proposedBy !== side;
}

/**
 * Whether either side may put new terms on the table: while the block is Proposed (a counter), or
 * Accepted until its cut-off day ends (an amendment the other side answers).
 */
export function canChange(block: TBlock): boolean {
  return (
    block.status === "Proposed" || (block.status === "Accepted" && todayUtc() <= block.cutoffDate)
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

function NightsTable({ block }: { block: TBlock }) {
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={`Nights of the block at ${block.hotel.name}`}>
        <TableHead>
          <TableRow>
            <TableCell>Night</TableCell>
            <TableCell>Room type</TableCell>
            <TableCell align="right">Held</TableCell>
            <TableCell align="right">Booked</TableCell>
            <TableCell align="right">Rate</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {block.nights.map((n) => (
            <TableRow key={`${n.roomTypeId}/${n.night}`}>
              <TableCell>{formatNight(n.night)}</TableCell>
              <TableCell>{n.roomTypeName}</TableCell>
              <TableCell align="right">{n.held}</TableCell>
              <TableCell align="right">{n.booked}</TableCell>
              <TableCell align="right">{formatMoney(n.rate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function History({ block }: { block: TBlock }) {
  if (block.history.length === 0) {
    return <Typography variant="body2">No changes yet.</Typography>;
  }
  return (
    <Stack component="ol" spacing={1} sx={{ m: 0, pl: 2.5 }} aria-label="Block history">
      {block.history.map((entry) => (
        <Typography
          component="li"
          variant="body2"
          key={`${entry.date}/${entry.side}/${entry.action}/${entry.summary}`}
        >
          <strong>{formatDateTime(entry.date)}</strong> · {SIDE_NAMES[entry.side]}
          {entry.by ? ` (${entry.by.name})` : ""} {entry.action}: {entry.summary}
        </Typography>
      ))}
    </Stack>
  );
}

export function BlockCard({
  block,
  side,
  onChange,
  children,
}: {
  block: TBlock;
  /** Whose page this is. */
  side: TBlockSide;
  /** Opens the counter-proposal (or change) dialog. */
  onChange: (block: TBlock) => void;
  /** More about the block under its facts (the organizer's pickup). */
  children?: ReactNode;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState<"nights" | "history" | "statement" | null>(null);
  const answer = useMutation({
    mutationFn: (verb: "accept" | "decline") => answerBlock(block.id, verb),
    onSuccess: (answered) => {
      queryClient.setQueriesData<TBlock[]>({ queryKey: roomsKeys.blocks }, (list) =>
        list?.map((b) => (b.id === answered.id ? answered : b)),
      );
      void queryClient.invalidateQueries({ queryKey: roomsKeys.blocks });
      void queryClient.invalidateQueries({ queryKey: roomsKeys.pickup(block.id) });
      enqueueSnackbar(
        answered.status === "Accepted" ? "The block was accepted." : "The block was declined.",
        { variant: "success" },
      );
    },
  });
  const title = side === "hotel" ? block.event.name : block.hotel.name;
  const titleLink =
    side === "hotel" ? profileLink("event", block.event.id) : profileLink("hotel", block.hotel.id);
  const theirs = canAnswer(block, side);
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography
                id={titleId}
                variant="h6"
                component="h3"
                sx={{ overflowWrap: "anywhere" }}
              >
                <Link component={RouterLink} to={titleLink} underline="hover" color="inherit">
                  {title}
                </Link>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {side === "hotel"
                  ? formatEventDateRange(block.event.startDate, block.event.endDate)
                  : `For ${block.event.name}`}
              </Typography>
            </Box>
            <Chip label={block.status} color={STATUS_COLORS[block.status]} size="small" />
          </Stack>
          {block.status === "Proposed" ? (
            <Alert severity={theirs ? "warning" : "info"}>
              {theirs
                ? `${SIDE_NAMES[block.proposedBy]} proposed these terms. Accept, decline or propose a change.`
                : `You proposed these terms; waiting for ${side === "hotel" ? "the organizer" : "the hotel"} to answer.`}
            </Alert>
          ) : null}
          {block.status === "Accepted" && block.amendment ? (
            <AmendmentBanner block={block} side={side} />
          ) : null}
          <Box
            component="dl"
            sx={{
              m: 0,
              display: "grid",
              gap: 1.5,
              gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: "repeat(4, 1fr)" },
            }}
          >
            <Fact label="Room nights held">{block.held}</Fact>
            <Fact label="Booked">{block.booked}</Fact>
            <Fact label="Cut-off">{formatDay(block.cutoffDate)}</Fact>
            <Fact label="Minimum stay">
              {block.minNights} night{block.minNights === 1 ? "" : "s"}
            </Fact>
            <Fact label="Attrition allowance">{block.attritionPercent}%</Fact>
            <Fact label="Comp policy">
              {block.compPerPaid ? `1 free per ${block.compPerPaid} paid` : "None"}
            </Fact>
            <Fact label="Card guarantee">{cardGuaranteeText(block.requireCardGuarantee)}</Fact>
          </Box>
          <BlockNightsSummary block={block} />
          {block.note ? (
            <Typography variant="body2" sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
              “{block.note}”
            </Typography>
          ) : null}
          {children}
          {answer.error ? (
            <Alert severity="error" onClose={() => answer.reset()}>
              {apiErrorMessage(answer.error, "That did not work. Try again.")}
            </Alert>
          ) : null}
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: "wrap", gap: 1, px: 2, pb: 2 }}>
        {theirs ? (
          <>
            <Button
              variant="contained"
              color="success"
              startIcon={<CheckIcon />}
              disabled={answer.isPending}
              onClick={() => answer.mutate("accept")}
            >
              Accept
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<CloseIcon />}
              disabled={answer.isPending}
              onClick={() => answer.mutate("decline")}
            >
              Decline
            </Button>
          </>
        ) : null}
        {canChange(block) ? (
          <Button startIcon={<EditNoteIcon />} onClick={() => onChange(block)}>
            {block.status === "Accepted"
              ? "Propose a change"
              : theirs
                ? "Counter-propose"
                : "Change proposal"}
          </Button>
        ) : null}
        {side === "organizer" && block.status === "Accepted" ? (
          <ReleaseRooms block={block} />
        ) : null}
        <Button
          aria-expanded={open === "nights"}
          onClick={() => setOpen(open === "nights" ? null : "nights")}
        >
          Nights ({block.nights.length})
        </Button>
        <Button
          startIcon={<HistoryIcon />}
          aria-expanded={open === "history"}
          onClick={() => setOpen(open === "history" ? null : "history")}
        >
          History ({block.history.length})
        </Button>
        {hasStatement(block, new Date().toISOString().slice(0, 10)) ? (
          <Button
            aria-expanded={open === "statement"}
            onClick={() => setOpen(open === "statement" ? null : "statement")}
          >
            Statement
          </Button>
        ) : null}
      </CardActions>
      <Collapse in={open !== null} unmountOnExit>
        <Box sx={{ px: 2, pb: 2 }}>
          {open === "nights" ? <NightsTable block={block} /> : null}
          {open === "history" ? <History block={block} /> : null}
          {open === "statement" ? <BlockStatement blockId={block.id} side={side} /> : null}
        </Box>
      </Collapse>
    </Card>
  );
}
