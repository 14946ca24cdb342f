// A held block's final statement, for both sides (opened from the block card): per room type and
// night what was held, booked and stayed at what rate, the totals with the attrition allowance, the
// shortfall, what is owed and the comps, each said in one sentence; its status, and the PDF. The
// hotel's managers correct what stayed night by night and confirm it once the last night has
// ended (the totals follow their figures as they type, by the domain's rules/block-statement). Below
// it, the thread between the two sides, where the organizer may dispute a confirmed statement.
import type {
  TBlock,
  TBlockMessage,
  TBlockSide,
  TBlockStatement,
  TStatementStatus,
} from "@hostfield/domain/contracts";
import { blockStatement } from "@hostfield/domain/rules";
import DownloadIcon from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, useId, useState } from "react";
import { apiErrorMessage, buildApiUrl } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { saveFile } from "../../lib/save-file";
import { ListSkeleton, RetryAlert } from "../../ui/query-states";
import { formatMoney, formatNight, plural } from "./rooms-format";
import {
  confirmStatement,
  downloadStatementPdf,
  getStatement,
  listBlockMessages,
  postBlockMessage,
  statementKeys,
  statementPdfUrl,
} from "./statement-api";

const STATUS_COLORS: Record<TStatementStatus, "default" | "warning" | "success" | "error"> = {
  Open: "default",
  "Awaiting hotel": "warning",
  Confirmed: "success",
  Disputed: "error",
};

const SIDE_NAMES: Record<TBlockSide, string> = { hotel: "The hotel", organizer: "The organizer" };

const MAX_STAYED = 10_000;
const cellKey = (n: { roomTypeId: string; night: string }) => `${n.roomTypeId}/${n.night}`;

/** A stayed figure as typed: a whole number 0..10,000, or null when it is not one. */
function stayedOf(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return n <= MAX_STAYED ? n : null;
}

function statusLine(s: TBlockStatement, side: TBlockSide): string {
  switch (s.status) {
    case "Open":
      return "The block's last night has not ended: stayed shows what is booked until the hotel confirms it.";
    case "Awaiting hotel":
      return side === "hotel"
        ? "Confirm what stayed each night, correcting the bookings where they differ."
        : "Waiting for the hotel to confirm what stayed; until then stayed shows what was booked.";
    case "Confirmed":
      return `Confirmed by the hotel${s.confirmedBy ? ` (${s.confirmedBy.name})` : ""} on ${formatDateTime(s.confirmedDate)}.`;
    case "Disputed":
      return side === "hotel"
        ? "The organizer disputed this statement: correct what stayed and confirm it again, or answer in the thread."
        : "You disputed this statement: the hotel settles it by confirming again.";
  }
}

function Totals({
  statement,
  totals,
  preview,
}: {
  statement: TBlockStatement;
  totals: TBlockStatement["totals"];
  preview: boolean;
}) {
  const t = totals;
  const rows: [string, string, string][] = [
    [
      "Picked up",
      `${t.stayed} of ${plural(t.held, "room night")}`,
      "What stayed where the hotel confirmed it, what was booked elsewhere.",
    ],
    [
      "Attrition allowance",
      plural(t.allowance, "room night"),
      `${statement.attritionPercent}% of the ${plural(t.held, "room night")} held (rounded down) may go unsold without penalty.`,
    ],
    [
      "Shortfall",
      plural(t.shortfall, "room night"),
      "Held, less the allowance, less what was picked up, over the whole block.",
    ],
    [
      "Owed",
      formatMoney(t.owed),
      `The shortfall at the block's average rate of ${formatMoney(t.averageRate)} a night (weighted by the rooms held).`,
    ],
    [
      "Comps earned",
      `${plural(t.comps, "room night")} (${formatMoney(t.compValue)})`,
      statement.compPerPaid
        ? `One free room night per ${statement.compPerPaid} picked up, valued at the average rate.`
        : "The block has no comp policy.",
    ],
  ];
  return (
    <Box component="section" aria-label="Totals">
      {preview ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          With your figures, before you confirm:
        </Typography>
      ) : null}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: "grid",
          gap: 1.5,
          gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)" },
        }}
      >
        {rows.map(([label, value, why]) => (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="dt">
              {label}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {value}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {why}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function StatementView({
  statement,
  side,
  blockId,
}: {
  statement: TBlockStatement;
  side: TBlockSide;
  blockId: string;
}) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const editable = side === "hotel" && statement.status !== "Open";
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(statement.nights.map((n) => [cellKey(n), String(n.stayed)])),
  );
  const figures = statement.nights.map((n) => ({
    ...n,
    stayed: editable ? (stayedOf(typed[cellKey(n)] ?? "") ?? n.stayed) : n.stayed,
  }));
  const invalid =
    editable && statement.nights.some((n) => stayedOf(typed[cellKey(n)] ?? "") === null);
  const changed = editable && figures.some((f, i) => f.stayed !== statement.nights[i]!.stayed);
  const totals = changed
    ? blockStatement(figures, {
        attritionPercent: statement.attritionPercent,
        compPerPaid: statement.compPerPaid,
      }).totals
    : statement.totals;
  const confirm = useMutation({
    mutationFn: () =>
      confirmStatement(blockId, {
        nights: figures.map((n) => ({
          roomTypeId: n.roomTypeId,
          night: n.night,
          stayed: n.stayed,
        })),
      }),
    onSuccess: (confirmed) => {
      queryClient.setQueryData(statementKeys.statement(blockId), confirmed);
      void queryClient.invalidateQueries({ queryKey: ["rooms", "blocks"] });
      enqueueSnackbar("The statement is confirmed.", { variant: "success" });
    },
  });
  const pdf = useMutation({
    mutationFn: () => downloadStatementPdf(blockId),
    onSuccess: (blob) => saveFile(blob, `statement-${blockId}.pdf`),
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, "The PDF did not download."), { variant: "error" }),
  });
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
      >
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
          Final statement
        </Typography>
        <Chip
          label={statement.status}
          color={STATUS_COLORS[statement.status]}
          size="small"
          aria-label={`Statement status: ${statement.status}`}
        />
      </Stack>
      <Alert severity={statement.status === "Disputed" ? "warning" : "info"}>
        {statusLine(statement, side)}
      </Alert>
      <Box sx={{ overflowX: "auto", maxWidth: "100%" }}>
        <Table size="small" aria-label="Statement nights" sx={{ minWidth: 520 }}>
          <TableHead>
            <TableRow>
              <TableCell>Night</TableCell>
              <TableCell>Room type</TableCell>
              <TableCell align="right">Held</TableCell>
              <TableCell align="right">Booked</TableCell>
              <TableCell align="right">Stayed</TableCell>
              <TableCell align="right">Rate</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {statement.nights.map((n) => {
              const k = cellKey(n);
              const label = `Stayed, ${n.roomTypeName}, ${formatNight(n.night)}`;
              return (
                <TableRow key={k}>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatNight(n.night)}</TableCell>
                  <TableCell>{n.roomTypeName}</TableCell>
                  <TableCell align="right">{n.held}</TableCell>
                  <TableCell align="right">{n.booked}</TableCell>
                  <TableCell align="right">
                    {editable ? (
                      <TextField
                        size="small"
                        type="number"
                        value={typed[k] ?? ""}
                        onChange={(e) => setTyped({ ...typed, [k]: e.target.value })}
                        error={stayedOf(typed[k] ?? "") === null}
                        slotProps={{
                          htmlInput: {
                            min: 0,
                            max: MAX_STAYED,
                            step: 1,
                            inputMode: "numeric",
                            "aria-label": label,
                          },
                        }}
                        sx={{ width: 88 }}
                      />
                    ) : (
                      <>
                        {n.stayed}
                        {n.confirmed ? null : (
                          <Typography
                            component="span"
                            variant="caption"
                            color="text.secondary"
                            title="Not confirmed by the hotel: the booked figure"
                          >
                            {" "}
                            *
                          </Typography>
                        )}
                      </>
                    )}
                  </TableCell>
                  <TableCell align="right">{formatMoney(n.rate)}</TableCell>
                </TableRow>
              );
            })}
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
              <TableCell />
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {totals.held}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {totals.booked}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {totals.stayed}
              </TableCell>
              <TableCell />
            </TableRow>
          </TableBody>
        </Table>
      </Box>
      {statement.nights.length === 0 ? (
        <Typography variant="body2">The block has no nights.</Typography>
      ) : null}
      <Totals statement={statement} totals={totals} preview={changed} />
      {confirm.error ? (
        <Alert severity="error" onClose={() => confirm.reset()}>
          {apiErrorMessage(confirm.error, "The statement was not confirmed. Try again.")}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        {editable ? (
          <Button
            variant="contained"
            disabled={invalid || confirm.isPending}
            onClick={() => confirm.mutate()}
          >
            {confirm.isPending ? "Confirming…" : "Confirm statement"}
          </Button>
        ) : null}
        <Link
          href={buildApiUrl(statementPdfUrl(blockId))}
          download
          underline="hover"
          onClick={(e) => {
            // The PDF needs my token: fetched by the app, then saved.
            e.preventDefault();
            if (!pdf.isPending) pdf.mutate();
          }}
          sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}
        >
          <DownloadIcon fontSize="small" />
          {pdf.isPending ? "Downloading…" : "Download PDF"}
        </Link>
      </Stack>
      {invalid ? (
        <Typography variant="caption" color="error">
          Each night's stayed is a whole number from 0 to {MAX_STAYED.toLocaleString("en-US")}.
        </Typography>
      ) : null}
    </Stack>
  );
}

function Thread({
  blockId,
  side,
  canDispute,
}: {
  blockId: string;
  side: TBlockSide;
  canDispute: boolean;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [body, setBody] = useState("");
  const [dispute, setDispute] = useState(false);
  const messages = useQuery({
    queryKey: statementKeys.messages(blockId),
    queryFn: ({ signal }) => listBlockMessages(blockId, signal),
  });
  const post = useMutation({
    mutationFn: () =>
      postBlockMessage(blockId, {
        body: body.trim(),
        ...(canDispute && dispute ? { dispute: true } : {}),
      }),
    onSuccess: (posted: TBlockMessage) => {
      queryClient.setQueryData<TBlockMessage[]>(statementKeys.messages(blockId), (list) => [
        ...(list ?? []),
        posted,
      ]);
      if (posted.dispute) {
        void queryClient.invalidateQueries({ queryKey: statementKeys.statement(blockId) });
      }
      setBody("");
      setDispute(false);
    },
  });
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (body.trim().length > 0) post.mutate();
  };
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={`${formId}-title`}>
      <Typography
        id={`${formId}-title`}
        variant="subtitle1"
        component="h4"
        sx={{ fontWeight: 600 }}
      >
        Messages
      </Typography>
      {messages.isPending ? (
        <ListSkeleton label="Loading the messages" rows={2} />
      ) : messages.isError ? (
        <RetryAlert onRetry={() => void messages.refetch()}>
          {apiErrorMessage(messages.error, "The messages did not load.")}
        </RetryAlert>
      ) : messages.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No messages yet.
        </Typography>
      ) : (
        <Stack
          component="ol"
          spacing={1}
          aria-label="Messages"
          sx={{ m: 0, p: 0, listStyle: "none" }}
        >
          {messages.data.map((m) => (
            <Box
              component="li"
              key={m.id}
              sx={{
                p: 1.5,
                borderRadius: 1,
                bgcolor: m.side === side ? "action.hover" : "transparent",
                border: 1,
                borderColor: m.dispute ? "error.main" : "divider",
              }}
            >
              <Typography variant="caption" color="text.secondary" component="p">
                {SIDE_NAMES[m.side]}
                {m.by ? ` (${m.by.name})` : ""} · {formatDateTime(m.createdDate)}
                {m.dispute ? " · Dispute" : ""}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                {m.body}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
      <Stack component="form" spacing={1} onSubmit={send} aria-label="Write a message">
        <TextField
          label="Message"
          multiline
          minRows={2}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        {canDispute ? (
          <FormControlLabel
            control={<Checkbox checked={dispute} onChange={(e) => setDispute(e.target.checked)} />}
            label="Dispute the statement with this message"
          />
        ) : null}
        {post.error ? (
          <Alert severity="error" onClose={() => post.reset()}>
            {apiErrorMessage(post.error, "The message was not sent. Try again.")}
          </Alert>
        ) : null}
        <Box>
          <Button
            type="submit"
            variant={dispute ? "contained" : "outlined"}
            color={dispute ? "error" : "primary"}
            disabled={post.isPending || body.trim().length === 0}
          >
            {dispute ? "Send and dispute" : "Send"}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}

/**
 * Whether the block card offers the statement: a block the hotel held (Accepted, or Released at
 * its cut-off) once its event has started (`today`, a UTC day).
 */
export function hasStatement(block: TBlock, today: string): boolean {
  if (block.status !== "Accepted" && block.status !== "Released") return false;
  const firstNight = block.nights.reduce(
    (first, n) => (first === "" || n.night < first ? n.night : first),
    "",
  );
  const start = block.event.startDate || firstNight;
  return start !== "" && today >= start;
}

/** The block's statement and thread, as `side` sees them. */
export function BlockStatement({ blockId, side }: { blockId: string; side: TBlockSide }) {
  const statement = useQuery({
    queryKey: statementKeys.statement(blockId),
    queryFn: ({ signal }) => getStatement(blockId, signal),
  });
  return (
    <Stack spacing={3} component="section" aria-label="Statement">
      {statement.isPending ? (
        <ListSkeleton label="Loading the statement" rows={3} />
      ) : statement.isError ? (
        <RetryAlert onRetry={() => void statement.refetch()}>
          {apiErrorMessage(statement.error, "The statement did not load.")}
        </RetryAlert>
      ) : (
        <StatementView
          // A new confirmation starts the hotel's figures afresh from it.
          key={statement.data.confirmedDate ?? "unconfirmed"}
          statement={statement.data}
          side={side}
          blockId={blockId}
        />
      )}
      <Thread
        blockId={blockId}
        side={side}
        canDispute={
          side === "organizer" &&
          (statement.data?.status === "Confirmed" || statement.data?.status === "Disputed")
        }
      />
    </Stack>
  );
}
