// The admin's ledger: every charge, refund, payout, subscription and webhook the provider told us
// of, newest first, with its state, problem and attempts; filtered by kind and state (kept in the
// address) and paged. A failed or flagged row can be replayed, after a confirmation: the row then
// shows its new state.
import {
  LEDGER_KINDS,
  LEDGER_STATES,
  type TLedgerEntry,
  type TLedgerQuery,
} from "@hostfield/domain/contracts";
import { enumCodec, numberCodec } from "@hostfield/domain/rules";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import ReplayIcon from "@mui/icons-material/Replay";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage, type TListResult } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { useQueryParams } from "../../lib/query-params";
import { useConfirm } from "../../ui/confirm";
import { QueryStates, RetryAlert } from "../../ui/query-states";
import { pageCount, UrlPager, useUrlPage } from "../../ui/url-pages";
import { visuallyHidden } from "../../ui/visually-hidden";
import {
  listLedger,
  paymentsKeys,
  replayWebhook,
  type TLedgerFilter,
  type TLedgerKind,
  type TLedgerState,
} from "./payments-api";
import { formatMoney } from "./payments-format";
import { isTieredKind, membershipPath } from "./payments-paths";

export const LEDGER_PAGE_SIZE = 25;
export const LEDGER_EMPTY = "Nothing in the ledger";

const ALL = "all";
const kindCodec = enumCodec([ALL, ...LEDGER_KINDS] as const);
const stateCodec = enumCodec([ALL, ...LEDGER_STATES] as const);
/** The filters in the address; a new filter goes back to the first page. */
const LEDGER_PARAMS = { kind: kindCodec, state: stateCodec, page: numberCodec };

export const LEDGER_KIND_LABELS: Record<TLedgerKind, string> = {
  charge: "Charge",
  refund: "Refund",
  payout: "Payout",
  subscription: "Subscription",
  webhook: "Webhook",
};
export const LEDGER_STATE_LABELS: Record<TLedgerState, string> = {
  received: "Received",
  processed: "Processed",
  failed: "Failed",
  flagged: "Flagged",
};
const STATE_COLORS: Record<TLedgerState, "default" | "success" | "error" | "warning"> = {
  received: "default",
  processed: "success",
  failed: "error",
  flagged: "warning",
};

const replayable = (entry: TLedgerEntry) => entry.state === "failed" || entry.state === "flagged";

export function AdminLedger() {
  const [params, setParams] = useQueryParams(LEDGER_PARAMS);
  const kind = params.kind ?? ALL;
  const state = params.state ?? ALL;
  const { page, range, goTo } = useUrlPage(LEDGER_PAGE_SIZE);
  const filter: TLedgerFilter = {
    ...range,
    ...(kind === ALL ? {} : { kind }),
    ...(state === ALL ? {} : { state }),
  } satisfies TLedgerQuery;
  const query = useQuery({
    queryKey: paymentsKeys.ledger(filter),
    queryFn: ({ signal }) => listLedger(filter, signal),
    placeholderData: keepPreviousData,
  });
  const items = query.data?.items ?? [];
  const count = query.data?.count ?? 0;
  const filtered = kind !== ALL || state !== ALL;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap" }}>
        <TextField
          select
          size="small"
          label="Kind"
          value={kind}
          onChange={(event) => {
            const next = kindCodec.decode(event.target.value);
            setParams({ kind: next === ALL ? null : next, page: null }, { replace: true });
          }}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 170 }}
        >
          <option value={ALL}>All kinds</option>
          {LEDGER_KINDS.map((option) => (
            <option key={option} value={option}>
              {LEDGER_KIND_LABELS[option]}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="State"
          value={state}
          onChange={(event) => {
            const next = stateCodec.decode(event.target.value);
            setParams({ state: next === ALL ? null : next, page: null }, { replace: true });
          }}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 170 }}
        >
          <option value={ALL}>All states</option>
          {LEDGER_STATES.map((option) => (
            <option key={option} value={option}>
              {LEDGER_STATE_LABELS[option]}
            </option>
          ))}
        </TextField>
      </Stack>
      <QueryStates
        query={query}
        isEmpty={items.length === 0}
        loadingLabel="Loading the ledger"
        skeleton={{ rows: 5, height: 40 }}
        failedTitle="The ledger did not load"
        empty={{
          icon: <ReceiptLongIcon />,
          title: filtered ? "No entries match" : LEDGER_EMPTY,
          text: filtered
            ? "Try another kind or state."
            : "Charges, refunds, payouts and the provider's webhooks show up here as they come.",
        }}
      >
        {() => (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary" role="status">
              {query.isPlaceholderData
                ? "Loading…"
                : `Showing ${range.offset + 1}–${range.offset + items.length} of ${count} ${count === 1 ? "entry" : "entries"}, newest first`}
            </Typography>
            {query.isError ? (
              <RetryAlert onRetry={() => void query.refetch()}>
                {apiErrorMessage(query.error, "This page did not load.")}
              </RetryAlert>
            ) : null}
            <LedgerTable items={items} filter={filter} busy={query.isPlaceholderData} />
            <UrlPager
              page={page}
              pages={pageCount(count, LEDGER_PAGE_SIZE)}
              onPage={goTo}
              label="Ledger pages"
            />
          </Stack>
        )}
      </QueryStates>
    </Stack>
  );
}

function LedgerTable({
  items,
  filter,
  busy,
}: {
  items: TLedgerEntry[];
  filter: TLedgerFilter;
  busy: boolean;
}) {
  return (
    // On a phone the table scrolls sideways instead of squeezing its columns.
    <TableContainer
      component={Paper}
      variant="outlined"
      aria-busy={busy}
      sx={{ overflowX: "auto", opacity: busy ? 0.6 : 1 }}
    >
      <Table size="small" aria-label="Ledger">
        <TableHead>
          <TableRow>
            <TableCell scope="col">Date</TableCell>
            <TableCell scope="col">Kind</TableCell>
            <TableCell scope="col">Type</TableCell>
            <TableCell scope="col" align="right">
              Amount
            </TableCell>
            <TableCell scope="col">Listing</TableCell>
            <TableCell scope="col">State</TableCell>
            <TableCell scope="col">Problem</TableCell>
            <TableCell scope="col" align="right">
              Attempts
            </TableCell>
            <TableCell scope="col">Processed</TableCell>
            <TableCell scope="col">
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((entry) => (
            <LedgerRow key={entry.id} entry={entry} filter={filter} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LedgerRow({ entry, filter }: { entry: TLedgerEntry; filter: TLedgerFilter }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const replay = useMutation({
    mutationFn: () => replayWebhook(entry.id),
    onSuccess: (next) => {
      // The row shows its new state at once; the other pages and filters read it again.
      queryClient.setQueryData<TListResult<TLedgerEntry>>(paymentsKeys.ledger(filter), (page) =>
        page
          ? { ...page, items: page.items.map((item) => (item.id === next.id ? next : item)) }
          : page,
      );
      enqueueSnackbar(
        `Replayed: the webhook is now ${LEDGER_STATE_LABELS[next.state].toLowerCase()}.`,
        {
          variant: next.state === "processed" ? "success" : "warning",
        },
      );
    },
    onError: (error) => {
      enqueueSnackbar(apiErrorMessage(error, "The webhook was not replayed. Try again."), {
        variant: "error",
      });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.ledgers });
    },
  });
  const ask = async () => {
    const result = await confirm({
      title: "Replay this webhook?",
      description: `${entry.type} (${entry.providerId}) is processed again, as if the provider had just sent it.`,
      confirmText: "Replay",
    });
    if (result === "confirmed") replay.mutate();
  };
  const listing = entry.listing;
  return (
    <TableRow aria-label={`${entry.type} ${entry.providerId}`}>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(entry.createdDate)}</TableCell>
      <TableCell>{LEDGER_KIND_LABELS[entry.kind]}</TableCell>
      <TableCell sx={{ overflowWrap: "anywhere", minWidth: 160 }}>
        {entry.type}
        <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
          {entry.providerId}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
        {entry.amount === null
          ? "—"
          : `${formatMoney(entry.amount)}${entry.currency && entry.currency !== "usd" ? ` ${entry.currency.toUpperCase()}` : ""}`}
      </TableCell>
      <TableCell>
        {listing ? (
          isTieredKind(listing.kind) ? (
            <RouterLink to={membershipPath(listing.kind, listing.id)}>{listing.name}</RouterLink>
          ) : (
            listing.name
          )
        ) : (
          "—"
        )}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={STATE_COLORS[entry.state]}
          variant={entry.state === "received" ? "outlined" : "filled"}
          label={LEDGER_STATE_LABELS[entry.state]}
        />
      </TableCell>
      <TableCell sx={{ overflowWrap: "anywhere", minWidth: 160 }}>{entry.problem ?? "—"}</TableCell>
      <TableCell align="right">{entry.attempts}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        {entry.processedDate ? formatDateTime(entry.processedDate) : "—"}
      </TableCell>
      <TableCell>
        {replayable(entry) ? (
          <Button
            size="small"
            variant="outlined"
            startIcon={<ReplayIcon />}
            disabled={replay.isPending}
            onClick={() => void ask()}
            aria-label={`Replay ${entry.type}`}
          >
            {replay.isPending ? "Replaying…" : "Replay"}
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
}
