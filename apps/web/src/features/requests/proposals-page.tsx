// Comparing the proposals of one event (/events/{id}/proposals): every lead side by side (a table
// on wide screens, cards on phones), grouped by venue (a destination answering for its one
// qualifying facility sits under that facility's lead), with its status, offered dates, price,
// distance, why it matched (compact chips, each said once) and how fast it answered; the actions
// stay in view. The organizer awards one (the others lose), declines one, or asks its venue to
// revise it (and reads its versions once revised); the awarded one's deposit is paid (and taken
// back) here. Compare (`?view=compare`,
// compare-proposals.tsx) sets every proposal of the event in columns instead of the list's page.
import type { TLead, TRevisionRequestInput } from "@hostfield/domain/contracts";
import type { TDeclineReasonCode } from "@hostfield/domain/reference";
import {
  enumCodec,
  formatEventDate,
  formatEventDates,
  lossReasonText,
  ownerLink,
  profileLink,
} from "@hostfield/domain/rules";
import CompareArrowsIcon from "@mui/icons-material/CompareArrows";
import InboxIcon from "@mui/icons-material/Inbox";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
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
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { eventHotelBlocksPath, eventRequestPath, proposalsPath } from "../../lib/event-paths";
import { leadConversationPath } from "../../lib/paths";
import { useQueryParam } from "../../lib/query-params";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { LoadFailedPanel } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import { pageCount, UrlPager, useUrlPage } from "../../ui/url-pages";
import { useSmallScreen } from "../../ui/use-small-screen";
import {
  AWARD_LOSER_STATUSES,
  askedDatesText,
  canDecide,
  forComparison,
  formatMiles,
  formatPrice,
  groupByVenue,
  heldBackLeadNote,
  LeadStatusChip,
  movePatch,
  ProposalVersionsDialog,
  patchLead,
  plural,
  reachesVenueOn,
  respondedIn,
  showsStatusReason,
  type TVenueGroup,
  type TVenueLead,
} from "../leads";
import { DepositPanel } from "../payments";
import { isListingId } from "../profiles";
import { AwardDialog, type TAwardWords } from "./award-dialog";
import { CompareAllProposals } from "./compare-proposals";
import { DeclineDialog } from "./decline-dialog";
import { LeadHistoryDialog } from "./lead-history-dialog";
import { ReasonChips } from "./reason-chips";
import { EventNotFound, OrganizersOnly } from "./request-notices";
import { getEvent, getLeadStats, listLeads, requestKeys, requestRevision } from "./requests-api";
import { ReviseDialog } from "./revise-dialog";
import { RevisionControls, type TRevisionHandlers } from "./revision-controls";

export const PROPOSALS_TITLE = "Compare proposals";
export const NO_PROPOSALS = "No venues have this request yet";
export const LEADS_PAGE_SIZE = 25;

type TDecision = { lead: TLead; kind: "award" | "decline" };

/** The leads as a list (table or cards), or the proposals in columns (`?view=compare`). */
const VIEWS = ["list", "compare"] as const;
const VIEW_CODEC = enumCodec(VIEWS);
const DEFAULT_VIEW: (typeof VIEWS)[number] = "list";

const venueName = (lead: TLead) => lead.owner.name;
const place = (lead: TLead) => [lead.owner.city, lead.owner.state].filter(Boolean).join(", ");

function StatusCell({ lead }: { lead: TLead }) {
  // A lead its venue cannot see yet is not waiting on the venue: it is on its way.
  const onItsWay = reachesVenueOn(lead, new Date()) !== null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
      {onItsWay ? (
        <Chip size="small" variant="outlined" label="On its way" sx={{ fontWeight: 700 }} />
      ) : (
        <LeadStatusChip status={lead.status} markFinal />
      )}
      {showsStatusReason(lead.status) &&
      lossReasonText(lead.statusReasonCode, lead.statusReason) ? (
        <Typography variant="body2" color="text.secondary">
          “{lossReasonText(lead.statusReasonCode, lead.statusReason)}”
        </Typography>
      ) : null}
    </Stack>
  );
}

function VenueCell({ lead, proposes }: { lead: TLead; proposes: string | null }) {
  return (
    <Stack spacing={0.25} sx={proposes ? { pl: 1.5, borderLeft: 2, borderColor: "divider" } : null}>
      <Link
        component={RouterLink}
        to={ownerLink(lead.owner)}
        underline="hover"
        sx={{ fontWeight: 600 }}
      >
        {venueName(lead)}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {[lead.owner.ownerType, place(lead)].filter(Boolean).join(" · ")}
      </Typography>
      {proposes ? (
        <Typography variant="body2" color="text.secondary">
          Proposes {proposes}
        </Typography>
      ) : null}
    </Stack>
  );
}

function ProposalCell({ lead }: { lead: TLead }) {
  const proposal = lead.proposal;
  if (!proposal) {
    return (
      <Typography variant="body2" color="text.secondary">
        {lead.status === "Open" ? "No proposal yet" : "No proposal"}
      </Typography>
    );
  }
  return (
    <Stack spacing={0.5}>
      <Typography
        variant="body2"
        title={proposal.message}
        // Three lines keep the rows comparable; the whole message is in the conversation.
        sx={{
          whiteSpace: "pre-line",
          overflowWrap: "anywhere",
          display: "-webkit-box",
          WebkitLineClamp: 3,
          WebkitBoxOrient: "vertical",
          overflow: "hidden",
        }}
      >
        {proposal.message}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {proposal.dates.length > 0
          ? `Offers ${proposal.dates.map((date) => formatEventDate(date)).join("; ")}`
          : "No dates offered"}
      </Typography>
    </Stack>
  );
}

/** Why it reached them (a grouped lead's repeats are already gone). */
function ReasonsCell({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return <Typography variant="body2">—</Typography>;
  return <ReasonChips reasons={reasons} label="Why it reached them" />;
}

function ResponseCell({ lead }: { lead: TLead }) {
  const reaches = reachesVenueOn(lead, new Date());
  if (reaches) {
    return (
      <Stack spacing={0.25}>
        <Typography variant="body2">{reaches}</Typography>
        <Typography variant="body2" color="text.secondary">
          {heldBackLeadNote()}
        </Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={0.25}>
      <Typography variant="body2">{respondedIn(lead) ?? "No response yet"}</Typography>
      {lead.owner.responseTime ? (
        <Typography variant="body2" color="text.secondary">
          {lead.owner.responseTime}
        </Typography>
      ) : null}
    </Stack>
  );
}

function LeadActions({ lead, onDecide, onHistory, ...revisions }: { lead: TLead } & THandlers) {
  const name = venueName(lead);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        {canDecide(lead.status) ? (
          <>
            <Button
              variant="contained"
              size="small"
              aria-label={`Award ${name}`}
              onClick={() => onDecide({ lead, kind: "award" })}
            >
              Award
            </Button>
            <Button
              variant="outlined"
              size="small"
              color="error"
              aria-label={`Decline ${name}`}
              onClick={() => onDecide({ lead, kind: "decline" })}
            >
              Decline
            </Button>
          </>
        ) : null}
        {lead.groupId ? (
          <Button
            component={RouterLink}
            to={leadConversationPath(lead.groupId)}
            size="small"
            aria-label={`Conversation with ${name}`}
          >
            Conversation
          </Button>
        ) : null}
        <Button size="small" aria-label={`History of ${name}`} onClick={() => onHistory(lead)}>
          History
        </Button>
      </Stack>
      <RevisionControls lead={lead} {...revisions} />
    </Stack>
  );
}

type THandlers = {
  onDecide: (decision: TDecision) => void;
  onHistory: (lead: TLead) => void;
} & TRevisionHandlers;

const COLUMNS = [
  "Venue",
  "Status",
  "Proposal",
  "Price",
  "Distance",
  "Why it reached them",
  "Response",
  "Actions",
];

/**
 * Always in view: the last column sticks to the table's right edge while the rest scrolls under it.
 * That happens on narrower screens only: the columns' least widths (CELL_WIDTHS) and the table's
 * padding are chosen so the whole table fits the page's column from a laptop's 1366 px up, where
 * nothing may hide under this column.
 */
const STICKY_ACTIONS = {
  position: "sticky",
  right: 0,
  zIndex: 1,
  bgcolor: "background.paper",
  boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

/** Each column's least width (px): with the cells' padding, 1,112 px, within the page's 1,152. */
const CELL_WIDTHS = {
  venue: 150,
  status: 100,
  proposal: 180,
  price: 80,
  distance: 56,
  reasons: 160,
  response: 110,
  actions: 148,
} as const;

/**
 * A lost lead's row reads quieter in the theme's secondary text colour (4.5:1 and more in both
 * modes); fading it with opacity took its text under that.
 */
const LOST_ROW = { "& > th, & > td": { color: "text.secondary" } } as const;

function LeadRow({ lead, proposes, reasons, ...handlers }: TVenueLead & THandlers) {
  return (
    <TableRow
      selected={lead.status === "Won"}
      sx={{ verticalAlign: "top", ...(lead.status === "Lost" ? LOST_ROW : null) }}
    >
      <TableCell component="th" scope="row" sx={{ minWidth: CELL_WIDTHS.venue }}>
        <VenueCell lead={lead} proposes={proposes} />
      </TableCell>
      <TableCell sx={{ minWidth: CELL_WIDTHS.status }}>
        <StatusCell lead={lead} />
      </TableCell>
      <TableCell sx={{ minWidth: CELL_WIDTHS.proposal }}>
        <ProposalCell lead={lead} />
      </TableCell>
      <TableCell sx={{ minWidth: CELL_WIDTHS.price }}>
        {formatPrice(lead.proposal?.price, lead.proposal?.priceUnit) ?? "—"}
      </TableCell>
      <TableCell sx={{ minWidth: CELL_WIDTHS.distance, whiteSpace: "nowrap" }}>
        {formatMiles(lead.distanceMiles) ?? "—"}
      </TableCell>
      <TableCell sx={{ minWidth: CELL_WIDTHS.reasons }}>
        <ReasonsCell reasons={reasons} />
      </TableCell>
      <TableCell sx={{ minWidth: CELL_WIDTHS.response }}>
        <ResponseCell lead={lead} />
      </TableCell>
      <TableCell sx={{ ...STICKY_ACTIONS, minWidth: CELL_WIDTHS.actions }}>
        <LeadActions lead={lead} {...handlers} />
      </TableCell>
    </TableRow>
  );
}

function LeadTable({ groups, ...handlers }: { groups: TVenueGroup[] } & THandlers) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        size="small"
        aria-label="Proposals side by side"
        // Half the usual side padding (8 px a side), so the eight columns fit (CELL_WIDTHS).
        sx={{ "& th, & td": { px: 1 } }}
      >
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell
                key={column}
                scope="col"
                sx={{
                  fontWeight: 700,
                  whiteSpace: "nowrap",
                  ...(column === "Actions" ? STICKY_ACTIONS : null),
                }}
              >
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {/* One body per venue: its own lead, then the destinations that propose it. */}
        {groups.map((group) => (
          <TableBody key={group.key}>
            {group.leads.map((row) => (
              <LeadRow key={row.lead.id} {...row} {...handlers} />
            ))}
          </TableBody>
        ))}
      </Table>
    </TableContainer>
  );
}

function CardFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: "contents" }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

function LeadCards({ groups, ...handlers }: { groups: TVenueGroup[] } & THandlers) {
  return (
    <Stack component="ul" spacing={2} aria-label="Proposals" sx={{ p: 0, m: 0, listStyle: "none" }}>
      {groups
        .flatMap((group) => group.leads)
        .map(({ lead, proposes, reasons }) => (
          <Card
            component="li"
            variant="outlined"
            key={lead.id}
            // A destination proposing the venue above sits close under it.
            sx={proposes ? { ml: 2, mt: "8px !important" } : undefined}
          >
            <CardContent>
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: "space-between", alignItems: "flex-start", mb: 1.5 }}
              >
                <Box component="h2" sx={{ m: 0, fontSize: "1rem", minWidth: 0 }}>
                  <VenueCell lead={lead} proposes={proposes} />
                </Box>
                <StatusCell lead={lead} />
              </Stack>
              <ProposalCell lead={lead} />
              <Box
                component="dl"
                sx={{
                  mt: 1.5,
                  mb: 0,
                  display: "grid",
                  gridTemplateColumns: "max-content minmax(0, 1fr)",
                  columnGap: 2,
                  rowGap: 0.75,
                }}
              >
                <CardFact term="Price">
                  <Typography variant="body2">
                    {formatPrice(lead.proposal?.price, lead.proposal?.priceUnit) ?? "—"}
                  </Typography>
                </CardFact>
                <CardFact term="Distance">
                  <Typography variant="body2">{formatMiles(lead.distanceMiles) ?? "—"}</Typography>
                </CardFact>
                <CardFact term="Why">
                  <ReasonsCell reasons={reasons} />
                </CardFact>
                <CardFact term="Response">
                  <ResponseCell lead={lead} />
                </CardFact>
              </Box>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <LeadActions lead={lead} {...handlers} />
            </CardActions>
          </Card>
        ))}
    </Stack>
  );
}

function LeadsSkeleton() {
  return (
    <Stack spacing={1} role="status" aria-label="Loading the proposals">
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} variant="rounded" height={72} />
      ))}
    </Stack>
  );
}

function Proposals({ eventId }: { eventId: string }) {
  const small = useSmallScreen();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { page, range, goTo } = useUrlPage(LEADS_PAGE_SIZE);
  const [view, setView] = useQueryParam("view", VIEW_CODEC, DEFAULT_VIEW);
  const event = useQuery({
    queryKey: requestKeys.event(eventId),
    queryFn: ({ signal }) => getEvent(eventId, signal),
  });
  const leads = useQuery({
    queryKey: requestKeys.leads(eventId, range),
    queryFn: ({ signal }) => listLeads(eventId, range, signal),
    placeholderData: keepPreviousData,
  });
  const stats = useQuery({
    queryKey: requestKeys.stats(eventId),
    queryFn: ({ signal }) => getLeadStats(eventId, signal),
  });
  const [decision, setDecision] = useState<TDecision | null>(null);
  const [historyOf, setHistoryOf] = useState<TLead | null>(null);
  const [reviseOf, setReviseOf] = useState<TLead | null>(null);
  const [versionsOf, setVersionsOf] = useState<TLead | null>(null);
  const decide = useMutation({
    mutationFn: ({
      lead,
      kind,
      reason,
      othersReason,
      reasonCode = null,
    }: TDecision & TAwardWords & { reasonCode?: TDeclineReasonCode | null }) =>
      patchLead(
        lead,
        movePatch(kind === "award" ? "Won" : "Lost", {
          reason,
          othersReason,
          reasonCode,
          // The award accepts the version the organizer read here.
          version: lead.proposalVersion,
        }),
      ),
    onSuccess: (_lead, { lead, kind }) => {
      setDecision(null);
      enqueueSnackbar(
        kind === "award"
          ? `${venueName(lead)} won. The other venues are told.`
          : `You declined ${venueName(lead)}'s proposal.`,
        { variant: "success" },
      );
    },
    // Everything the decision touched (the other leads, counts, the request's status) reloads.
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.event(eventId) }),
  });
  const revise = useMutation({
    mutationFn: ({ lead, input }: { lead: TLead; input: TRevisionRequestInput }) =>
      requestRevision(lead, input),
    onSuccess: (_lead, { lead }) => {
      setReviseOf(null);
      enqueueSnackbar(`You asked ${venueName(lead)} to revise its proposal.`, {
        variant: "success",
      });
    },
    // The lead shows the ask once reloaded; a refusal (the lead decided meanwhile) reloads it too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.event(eventId) }),
  });

  const refused = [event.error, leads.error].find(
    (error) => error instanceof ApiError && (error.status === 403 || error.status === 404),
  );
  if (refused instanceof ApiError && refused.status === 404) return <EventNotFound />;
  if (refused) return <OrganizersOnly eventId={eventId} what="compare proposals" />;

  // The flexible dates the requests asked for (one line each), as the venues read them.
  const askedDates = [
    ...new Set(
      (leads.data?.items ?? [])
        .map((lead) => askedDatesText(lead.request?.dateOptions))
        .filter((words): words is string => words !== null),
    ),
  ];
  const header = event.data ? (
    <Box sx={{ mb: 2 }}>
      <Typography color="text.secondary">
        <Link component={RouterLink} to={profileLink("event", eventId)}>
          {event.data.name}
        </Link>{" "}
        · {formatEventDates(event.data)}
        {stats.data ? ` · ${plural(stats.data.total, "lead")}` : null}
        {stats.data?.responseTime ? ` · ${stats.data.responseTime}` : null}
      </Typography>
      {askedDates.map((words) => (
        <Typography key={words} variant="body2" sx={{ overflowWrap: "anywhere" }}>
          <Box component="span" sx={{ color: "text.secondary" }}>
            Dates asked:{" "}
          </Box>
          {words}
        </Typography>
      ))}
    </Box>
  ) : null;

  if (leads.isPending) {
    return (
      <>
        {header}
        <LeadsSkeleton />
      </>
    );
  }
  if (leads.isError && !leads.data) {
    return (
      <LoadFailedPanel
        title="The proposals did not load"
        error={leads.error}
        onRetry={() => void leads.refetch()}
      />
    );
  }
  const { items, count } = leads.data;
  const pages = pageCount(count, LEADS_PAGE_SIZE);
  if (count === 0) {
    return (
      <>
        {header}
        <NoticePanel
          role="status"
          icon={<InboxIcon />}
          title={NO_PROPOSALS}
          actions={
            <Button component={RouterLink} to={eventRequestPath(eventId)} variant="contained">
              Request proposals
            </Button>
          }
        >
          Publish a request for this event, or send it to venues you choose; their proposals show
          here side by side.
        </NoticePanel>
      </>
    );
  }

  const ordered = forComparison(items);
  const groups = groupByVenue(ordered);
  const handlers = {
    onDecide: (next: TDecision) => {
      decide.reset();
      setDecision(next);
    },
    onHistory: setHistoryOf,
    onRevise: (lead: TLead) => {
      revise.reset();
      setReviseOf(lead);
    },
    onVersions: setVersionsOf,
  };
  // The award's winner is one of those still in the running; the others lose.
  const running = AWARD_LOSER_STATUSES.reduce((sum, s) => sum + (stats.data?.byStatus[s] ?? 0), 0);
  const others = Math.max(0, running - 1);
  const awarded = ordered.find((lead) => lead.status === "Won");

  return (
    <Stack spacing={2}>
      {header}
      {awarded ? (
        <Alert
          severity="success"
          action={
            <Button
              color="inherit"
              size="small"
              component={RouterLink}
              to={eventHotelBlocksPath(eventId, awarded.id)}
            >
              Hold hotel rooms
            </Button>
          }
        >
          Awarded to <strong>{venueName(awarded)}</strong>. Won and lost proposals are final.
        </Alert>
      ) : null}
      {awarded?.proposal?.deposit ? (
        // The deal's deposit: what it comes to, paying it and taking it back (payments).
        <DepositPanel leadId={awarded.id} side="organizer" returnPath={proposalsPath(eventId)} />
      ) : null}
      {leads.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void leads.refetch()}>
              Retry
            </Button>
          }
        >
          {apiErrorMessage(leads.error, "The latest proposals did not load.")}
        </Alert>
      ) : null}
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        aria-label="Show the proposals"
        onChange={(_event, next: (typeof VIEWS)[number] | null) => {
          if (next) setView(next, { push: true });
        }}
        sx={{ alignSelf: "flex-start", displayPrint: "none" }}
      >
        <ToggleButton value="list">List</ToggleButton>
        <ToggleButton value="compare">Compare</ToggleButton>
      </ToggleButtonGroup>
      {view === "compare" ? (
        // Every proposal of the event, whatever page of the list is open: a query of its own
        // (the leads that may carry one, all their pages), with its own loading and failure.
        <CompareAllProposals
          eventId={eventId}
          onDecide={handlers.onDecide}
          onRevise={handlers.onRevise}
          onVersions={handlers.onVersions}
        />
      ) : (
        <>
          <Box aria-busy={leads.isFetching} sx={{ opacity: leads.isPlaceholderData ? 0.6 : 1 }}>
            {small ? (
              <LeadCards groups={groups} {...handlers} />
            ) : (
              <LeadTable groups={groups} {...handlers} />
            )}
          </Box>
          <UrlPager page={page} pages={pages} onPage={goTo} label="Pages of proposals" />
        </>
      )}
      {decision?.kind === "award" ? (
        <AwardDialog
          key={decision.lead.id}
          venue={venueName(decision.lead)}
          others={others}
          pending={decide.isPending}
          error={
            decide.isError ? apiErrorMessage(decide.error, "That did not work. Try again.") : null
          }
          onCancel={() => setDecision(null)}
          onConfirm={(words) => decide.mutate({ ...decision, ...words })}
        />
      ) : null}
      {decision?.kind === "decline" ? (
        <DeclineDialog
          key={decision.lead.id}
          venue={venueName(decision.lead)}
          pending={decide.isPending}
          error={
            decide.isError ? apiErrorMessage(decide.error, "That did not work. Try again.") : null
          }
          onCancel={() => setDecision(null)}
          onConfirm={(words) => decide.mutate({ ...decision, ...words, othersReason: null })}
        />
      ) : null}
      {reviseOf ? (
        <ReviseDialog
          key={reviseOf.id}
          venue={venueName(reviseOf)}
          pending={revise.isPending}
          error={
            revise.isError ? apiErrorMessage(revise.error, "That did not work. Try again.") : null
          }
          onCancel={() => setReviseOf(null)}
          onConfirm={(input) => revise.mutate({ lead: reviseOf, input })}
        />
      ) : null}
      {versionsOf ? (
        <ProposalVersionsDialog
          lead={versionsOf}
          queryKey={requestKeys.versions(eventId, versionsOf.id)}
          onClose={() => setVersionsOf(null)}
        />
      ) : null}
      {historyOf ? (
        <LeadHistoryDialog
          eventId={eventId}
          leadId={historyOf.id}
          venue={venueName(historyOf)}
          onClose={() => setHistoryOf(null)}
        />
      ) : null}
    </Stack>
  );
}

export function ProposalsPage() {
  const { eventId } = useParams();
  return (
    <PageFrame
      title={PROPOSALS_TITLE}
      description="The venues that have your request, side by side."
      icon={<CompareArrowsIcon />}
    >
      {isListingId(eventId) ? (
        <RequireSignIn what="the proposals">
          <Proposals eventId={eventId} />
        </RequireSignIn>
      ) : (
        <EventNotFound />
      )}
    </PageFrame>
  );
}
