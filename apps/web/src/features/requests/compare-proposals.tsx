// The proposals of one event in columns (the proposals page's Compare view): one column per venue
// that sent a proposal, one row per thing to weigh (total, each event day's cost, what it leaves
// out, concessions, deposit, expiry, response time, match), ordered by total or by match (the
// choice in the URL, `?sort=match`). It prints on landscape pages without the app around it.
// It compares every proposal of the event, not the page of leads the list shows: it reads the
// event's leads that may carry one (the statuses below) through the filtered leads call, 100 at a
// time, the pages after the first at once, and shows how many it compares. The proposals page
// answers the Decide row's buttons (award, decline, ask to revise, the versions).
import type { TLead } from "@hostfield/domain/contracts";
import { enumCodec, formatEventDate, ownerLink, todayUtc } from "@hostfield/domain/rules";
import InboxIcon from "@mui/icons-material/Inbox";
import PrintIcon from "@mui/icons-material/Print";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import GlobalStyles from "@mui/material/GlobalStyles";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId, useMemo } from "react";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import {
  depositText,
  expiryText,
  formatMoney,
  pricedDays,
  proposalPriceText,
} from "../../lib/proposal-format";
import { useQueryParam } from "../../lib/query-params";
import { NoticePanel } from "../../ui/notice-panel";
import { ProposalAttachments } from "../../ui/proposal-view";
import { LoadFailedPanel } from "../../ui/query-states";
import { canDecide, LeadStatusChip, plural, respondedIn } from "../leads";
import {
  COMPARE_SORTS,
  compareColumn,
  depositAmount,
  perDayRows,
  proposedLeads,
  sortColumns,
  type TCompareColumn,
  type TCompareSort,
} from "./compare-rules";
import { ReasonChips } from "./reason-chips";
import { listProposalLeads, requestKeys, type TComparedLeads } from "./requests-api";
import { RevisionControls, type TRevisionHandlers } from "./revision-controls";

export const COMPARE_TABLE = "Proposals compared";
export const NO_PROPOSALS_TO_COMPARE = "No proposals to compare yet";
export const LOADING_COMPARISON = "Loading every proposal";

const SORT_CODEC = enumCodec(COMPARE_SORTS);
const DEFAULT_SORT: TCompareSort = "total";
const SORT_LABELS: Record<TCompareSort, string> = { total: "Total", match: "Match" };

type TDecide = (decision: { lead: TLead; kind: "award" | "decline" }) => void;

// Printing leaves the app's chrome (top bar, toasts, floating buttons, pagers) out, and lets the
// page's container and the comparison's scroll box take the whole landscape sheet.
const PRINT_STYLES = {
  "@page": { size: "landscape", margin: "10mm" },
  "@media print": {
    "header, nav, .MuiFab-root, .notistack-SnackbarContainer, a[href='#main-content']": {
      display: "none !important",
    },
    ".MuiContainer-root": { maxWidth: "none !important", padding: "0 !important" },
  },
} as const;

/** The row heads stay in view while the columns scroll under them (not on paper). */
const STICKY_HEAD = {
  position: "sticky",
  left: 0,
  zIndex: 1,
  bgcolor: "background.paper",
  fontWeight: 600,
  minWidth: { xs: 110, sm: 150 },
  boxShadow: (theme: { palette: { divider: string } }) => `inset -1px 0 0 ${theme.palette.divider}`,
  "@media print": { position: "static", boxShadow: "none", minWidth: 0 },
} as const;

const money = (column: TCompareColumn, amount: number) =>
  formatMoney(amount, column.lead.proposal.currency);

const Muted = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
);

function VenueHead({ column }: { column: TCompareColumn }) {
  const { lead } = column;
  const place = [lead.owner.city, lead.owner.state].filter(Boolean).join(", ");
  return (
    <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
      <Link
        component={RouterLink}
        to={ownerLink(lead.owner)}
        underline="hover"
        sx={{ fontWeight: 700 }}
      >
        {lead.owner.name}
      </Link>
      <Muted>{[lead.owner.ownerType, place].filter(Boolean).join(" · ")}</Muted>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }}>
        <LeadStatusChip status={lead.status} markFinal />
        {column.expired ? (
          <Chip size="small" color="error" variant="outlined" label="Expired" />
        ) : null}
      </Stack>
    </Stack>
  );
}

function TotalCell({ column, days }: { column: TCompareColumn; days: readonly string[] }) {
  const { proposal } = column.lead;
  if (column.lonePrice && proposal.price !== null && column.total === null) {
    // A price per participant, team or night: what it comes to depends on numbers it was not given.
    return (
      <>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {proposalPriceText(proposal, days)}
        </Typography>
        <Muted>Not a total</Muted>
      </>
    );
  }
  if (column.total === null) return <Muted>No price</Muted>;
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {money(column, column.total)}
      </Typography>
      {column.lonePrice ? <Muted>One price, not itemized</Muted> : null}
    </>
  );
}

function DayCell({
  column,
  date,
  amount,
}: {
  column: TCompareColumn;
  date: string | null;
  amount: number | null;
}) {
  if (amount !== null) return <Typography variant="body2">{money(column, amount)}</Typography>;
  if (date && column.missingDays?.includes(date)) return <Muted>Not offered</Muted>;
  return <Muted>—</Muted>;
}

function WordList({ items, label }: { items: readonly string[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
      {items.map((item) => (
        <Typography component="li" variant="body2" key={item}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

function LeavesOutCell({ column }: { column: TCompareColumn }) {
  if (column.leavesOut.length > 0) {
    return (
      <WordList items={column.leavesOut} label={`What ${column.lead.owner.name} leaves out`} />
    );
  }
  // Without lines, only the dates can be checked; the message says what the one price covers.
  return <Muted>{column.lonePrice ? "Every requested day" : "Nothing missing"}</Muted>;
}

function DepositCell({ column }: { column: TCompareColumn }) {
  const deposit = depositText(column.lead.proposal.deposit);
  if (!deposit) return <Muted>None asked</Muted>;
  const amount = depositAmount(column);
  return (
    <>
      <Typography variant="body2">{deposit}</Typography>
      {amount === null ? null : <Muted>{money(column, amount)}</Muted>}
    </>
  );
}

function ExpiryCell({ column, today }: { column: TCompareColumn; today: string }) {
  const expiry = expiryText(column.lead.proposal, today);
  if (!expiry) return <Muted>No expiry date</Muted>;
  return (
    <Typography
      variant="body2"
      color={column.expired ? "error" : undefined}
      sx={column.expired ? { fontWeight: 700 } : undefined}
    >
      {expiry}
    </Typography>
  );
}

function ResponseCell({ lead }: { lead: TLead }) {
  return (
    <>
      <Typography variant="body2">{respondedIn(lead) ?? "No response yet"}</Typography>
      {lead.owner.responseTime ? <Muted>{lead.owner.responseTime}</Muted> : null}
    </>
  );
}

function MatchCell({ lead }: { lead: TLead }) {
  return (
    <Stack spacing={0.75} sx={{ alignItems: "flex-start" }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {lead.source === "direct" || lead.score === null
          ? "Sent directly"
          : `Score ${lead.score} of 100`}
      </Typography>
      {lead.reasons.length > 0 ? (
        <ReasonChips
          reasons={[...new Set(lead.reasons)]}
          label={`Why ${lead.owner.name} matched`}
        />
      ) : null}
    </Stack>
  );
}

function DecideCell({
  column,
  onDecide,
  ...revisions
}: { column: TCompareColumn; onDecide: TDecide } & TRevisionHandlers) {
  const { lead, expired } = column;
  if (!canDecide(lead.status)) {
    return (
      <Stack spacing={0.75} sx={{ alignItems: "flex-start" }}>
        <Muted>Decided</Muted>
        <RevisionControls lead={lead} {...revisions} />
      </Stack>
    );
  }
  const why = `expired-${lead.id}`;
  return (
    <Stack spacing={0.75} sx={{ alignItems: "flex-start" }}>
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          size="small"
          aria-label={`Award ${lead.owner.name}`}
          disabled={expired}
          aria-describedby={expired ? why : undefined}
          onClick={() => onDecide({ lead, kind: "award" })}
        >
          Award
        </Button>
        <Button
          variant="outlined"
          size="small"
          color="error"
          aria-label={`Decline ${lead.owner.name}`}
          onClick={() => onDecide({ lead, kind: "decline" })}
        >
          Decline
        </Button>
      </Stack>
      {expired ? (
        // The server refuses an expired proposal's award (PROPOSAL_EXPIRED); say so before asking.
        <Typography id={why} variant="body2" color="text.secondary">
          Expired: ask the venue for a new proposal to award it.
        </Typography>
      ) : null}
      <RevisionControls lead={lead} {...revisions} />
    </Stack>
  );
}

function CompareRow({
  head,
  columns,
  children,
  print = true,
}: {
  head: string;
  columns: readonly TCompareColumn[];
  children: (column: TCompareColumn, index: number) => ReactNode;
  /** False: the row is for the screen only (the buttons). */
  print?: boolean;
}) {
  return (
    <TableRow sx={{ verticalAlign: "top", ...(print ? null : { displayPrint: "none" }) }}>
      <TableCell component="th" scope="row" sx={STICKY_HEAD}>
        {head}
      </TableCell>
      {columns.map((column, index) => (
        <TableCell key={column.lead.id}>{children(column, index)}</TableCell>
      ))}
    </TableRow>
  );
}

/** What the comparison shows of how many proposals it holds, and of what it could not read. */
function CountNote({ count, read }: { count: number; read: TComparedLeads }) {
  if (read.count > read.leads.length) {
    return (
      <Muted>
        Comparing {plural(count, "proposal")}, found among the newest{" "}
        {plural(read.leads.length, "lead")} of the event's {read.count.toLocaleString("en-US")} that
        proposed, won or lost.
      </Muted>
    );
  }
  return (
    <Muted>
      {count === 1 ? "Comparing the one proposal." : `Comparing all ${count} proposals.`}
    </Muted>
  );
}

function CompareProposals({
  read,
  onDecide,
  onRevise,
  onVersions,
}: {
  read: TComparedLeads;
  onDecide: TDecide;
  onRevise: TRevisionHandlers["onRevise"];
  onVersions: TRevisionHandlers["onVersions"];
}) {
  const [sort, setSort] = useQueryParam("sort", SORT_CODEC, DEFAULT_SORT);
  const sortLabel = useId();
  const today = todayUtc();
  // Worked out once per reply and order, not on each of the page's renders (its dialogs).
  const { days, columns, dayRows } = useMemo(() => {
    const proposed = proposedLeads(read.leads);
    // Every lead is of the one event; its days are the request's, priced as the server prices them.
    const eventDays = proposed[0] ? pricedDays(proposed[0].event) : [];
    const sorted = sortColumns(
      proposed.map((lead) => compareColumn(lead, eventDays, today)),
      sort,
    );
    return { days: eventDays, columns: sorted, dayRows: perDayRows(sorted, eventDays) };
  }, [read.leads, sort, today]);
  if (columns.length === 0) {
    return (
      <NoticePanel role="status" icon={<InboxIcon />} title={NO_PROPOSALS_TO_COMPARE}>
        The venues that send a proposal show here in columns, side by side.
      </NoticePanel>
    );
  }
  const currencies = [...new Set(columns.map((column) => column.lead.proposal.currency))];

  return (
    <Stack spacing={2}>
      <GlobalStyles styles={PRINT_STYLES} />
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: "wrap", alignItems: "center", displayPrint: "none" }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Typography id={sortLabel} variant="body2" color="text.secondary">
            Order by
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={sort}
            aria-labelledby={sortLabel}
            onChange={(_event, next: TCompareSort | null) => {
              if (next) setSort(next);
            }}
          >
            {COMPARE_SORTS.map((by) => (
              <ToggleButton key={by} value={by}>
                {SORT_LABELS[by]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        <Button
          variant="outlined"
          size="small"
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
          sx={{ ml: "auto" }}
        >
          Print / Save as PDF
        </Button>
      </Stack>
      <CountNote count={columns.length} read={read} />
      {currencies.length > 1 ? (
        <Alert severity="info">
          These proposals are in {currencies.join(" and ")}; totals are not converted, so ordering
          by total compares the figures only.
        </Alert>
      ) : null}
      <TableContainer
        component={Paper}
        variant="outlined"
        // Focusable, so the keyboard scrolls the columns sideways.
        tabIndex={0}
        role="region"
        aria-label="Proposals in columns, scrolls sideways"
        sx={{ overflowX: "auto", "@media print": { overflow: "visible", border: 0 } }}
      >
        <Table
          size="small"
          aria-label={COMPARE_TABLE}
          sx={{
            "& td": { minWidth: { xs: 190, sm: 220 } },
            "@media print": {
              tableLayout: "fixed",
              width: "100%",
              fontSize: "9pt",
              "& td": { minWidth: 0 },
              "& tr": { breakInside: "avoid" },
            },
          }}
        >
          <TableHead>
            <TableRow sx={{ verticalAlign: "top" }}>
              <TableCell component="td" sx={STICKY_HEAD}>
                <Muted>{sort === "total" ? "Cheapest first" : "Best match first"}</Muted>
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column.lead.id} scope="col">
                  <VenueHead column={column} />
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <CompareRow head="Total" columns={columns}>
              {(column) => <TotalCell column={column} days={days} />}
            </CompareRow>
            {dayRows.map((row) => (
              <CompareRow
                key={row.date ?? "undated"}
                head={row.date ? formatEventDate(row.date) : "Not tied to a day"}
                columns={columns}
              >
                {(column, index) => (
                  <DayCell column={column} date={row.date} amount={row.amounts[index] ?? null} />
                )}
              </CompareRow>
            ))}
            <CompareRow head="Leaves out" columns={columns}>
              {(column) => <LeavesOutCell column={column} />}
            </CompareRow>
            <CompareRow head="Concessions" columns={columns}>
              {(column) =>
                column.lead.proposal.concessions.length > 0 ? (
                  <WordList
                    items={column.lead.proposal.concessions}
                    label={`Concessions of ${column.lead.owner.name}`}
                  />
                ) : (
                  <Muted>None</Muted>
                )
              }
            </CompareRow>
            <CompareRow head="Deposit" columns={columns}>
              {(column) => <DepositCell column={column} />}
            </CompareRow>
            <CompareRow head="Expires" columns={columns}>
              {(column) => <ExpiryCell column={column} today={today} />}
            </CompareRow>
            <CompareRow head="Attachments" columns={columns}>
              {(column) =>
                column.lead.proposal.attachments.length > 0 ? (
                  <ProposalAttachments
                    attachments={column.lead.proposal.attachments}
                    lead={column.lead}
                  />
                ) : (
                  <Muted>None</Muted>
                )
              }
            </CompareRow>
            <CompareRow head="Response" columns={columns}>
              {(column) => <ResponseCell lead={column.lead} />}
            </CompareRow>
            <CompareRow head="Match" columns={columns}>
              {(column) => <MatchCell lead={column.lead} />}
            </CompareRow>
            <CompareRow head="Decide" columns={columns} print={false}>
              {(column) => (
                <DecideCell
                  column={column}
                  onDecide={onDecide}
                  onRevise={onRevise}
                  onVersions={onVersions}
                />
              )}
            </CompareRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

// ---- every proposal of the event ----

function CompareSkeleton() {
  return (
    <Stack spacing={1} role="status" aria-label={LOADING_COMPARISON}>
      <Skeleton variant="text" width={240} />
      <Skeleton variant="rounded" height={320} />
    </Stack>
  );
}

/**
 * The comparison of every proposal of the event (not only the list's page of leads). Its reply
 * sits under the event's request keys, so an award, a decline or an ask to revise reloads it.
 */
export function CompareAllProposals({
  eventId,
  ...handlers
}: {
  eventId: string;
  onDecide: TDecide;
  onRevise: TRevisionHandlers["onRevise"];
  onVersions: TRevisionHandlers["onVersions"];
}) {
  const read = useQuery({
    queryKey: [...requestKeys.leads(eventId), "compare"],
    queryFn: ({ signal }) => listProposalLeads(eventId, signal),
  });
  if (read.isPending) return <CompareSkeleton />;
  if (read.isError && !read.data) {
    return (
      <LoadFailedPanel
        title="The proposals to compare did not load"
        error={read.error}
        onRetry={() => void read.refetch()}
      />
    );
  }
  return (
    <Stack spacing={2} aria-busy={read.isFetching}>
      {read.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void read.refetch()}>
              Retry
            </Button>
          }
        >
          {apiErrorMessage(read.error, "The latest proposals did not load.")}
        </Alert>
      ) : null}
      <CompareProposals read={read.data} {...handlers} />
    </Stack>
  );
}
