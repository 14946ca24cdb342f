// Comparing the proposals of one event (/events/{id}/proposals): every lead side by side (a table
// on wide screens, cards on phones), grouped by venue (a destination answering for its one
// qualifying facility sits under that facility's lead), with its status, offered dates, price,
// distance, why it matched (compact chips, each said once) and how fast it answered; the actions
// stay in view. The organizer awards one (the others lose), declines one, or asks its venue to
// revise it (and reads its versions once revised); the awarded one's deposit is paid (and taken
// back) here. Compare (`?view=compare`,
// compare-proposals.tsx) sets every proposal of the event in columns instead of the list's page.
import type { TLead, TLeadStats, TRevisionRequestInput } from "@hostfield/domain/contracts";
import type { TDeclineReasonCode } from "@hostfield/domain/reference";
import { enumCodec, formatEventDates, profileLink } from "@hostfield/domain/rules";
import CompareArrowsIcon from "@mui/icons-material/CompareArrows";
import InboxIcon from "@mui/icons-material/Inbox";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { eventHotelBlocksPath, eventRequestPath, proposalsPath } from "../../lib/event-paths";
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
  forComparison,
  groupByVenue,
  movePatch,
  ProposalVersionsDialog,
  patchLead,
  plural,
} from "../leads";
import { DepositPanel } from "../payments";
import { isListingId } from "../profiles";
import { AwardDialog, type TAwardWords } from "./award-dialog";
import { CompareAllProposals } from "./compare-proposals";
import { DeclineDialog } from "./decline-dialog";
import { LeadHistoryDialog } from "./lead-history-dialog";
import { type TDecision, venueName } from "./proposal-cells";
import { LeadCards, LeadsSkeleton, LeadTable } from "./proposals-list";
import { EventNotFound, OrganizersOnly } from "./request-notices";
import {
  getEvent,
  getLeadStats,
  listLeads,
  requestKeys,
  requestRevision,
  type TEventListing,
} from "./requests-api";
import { ReviseDialog } from "./revise-dialog";

export const PROPOSALS_TITLE = "Compare proposals";
export const NO_PROPOSALS = "No venues have this request yet";
export const LEADS_PAGE_SIZE = 25;

/** The leads as a list (table or cards), or the proposals in columns (`?view=compare`). */
const VIEWS = ["list", "compare"] as const;
const VIEW_CODEC = enumCodec(VIEWS);
const DEFAULT_VIEW: (typeof VIEWS)[number] = "list";

/** The event (its dates, leads and how fast venues answer) and the dates its requests asked for. */
function ProposalsHeader({
  eventId,
  event,
  stats,
  leads,
}: {
  eventId: string;
  event: TEventListing;
  stats: TLeadStats | undefined;
  leads: readonly TLead[];
}) {
  // The flexible dates the requests asked for (one line each), as the venues read them.
  const askedDates = [
    ...new Set(
      leads
        .map((lead) => askedDatesText(lead.request?.dateOptions))
        .filter((words): words is string => words !== null),
    ),
  ];
  return (
    <Box sx={{ mb: 2 }}>
      <Typography color="text.secondary">
        <Link component={RouterLink} to={profileLink("event", eventId)}>
          {event.name}
        </Link>{" "}
        · {formatEventDates(event)}
        {stats ? ` · ${plural(stats.total, "lead")}` : null}
        {stats?.responseTime ? ` · ${stats.responseTime}` : null}
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
  );
}

/** The awarded lead: the way on to hold hotel rooms, and the deal's deposit when it has one. */
function Awarded({ eventId, lead }: { eventId: string; lead: TLead }) {
  return (
    <>
      <Alert
        severity="success"
        action={
          <Button
            color="inherit"
            size="small"
            component={RouterLink}
            to={eventHotelBlocksPath(eventId, lead.id)}
          >
            Hold hotel rooms
          </Button>
        }
      >
        Awarded to <strong>{venueName(lead)}</strong>. Won and lost proposals are final.
      </Alert>
      {lead.proposal?.deposit ? (
        // The deal's deposit: what it comes to, paying it and taking it back (payments).
        <DepositPanel leadId={lead.id} side="organizer" returnPath={proposalsPath(eventId)} />
      ) : null}
    </>
  );
}

/** No venue has the event's request yet: the way to send one. */
function NoProposals({ eventId }: { eventId: string }) {
  return (
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
      Publish a request for this event, or send it to venues you choose; their proposals show here
      side by side.
    </NoticePanel>
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

  const header = event.data ? (
    <ProposalsHeader
      eventId={eventId}
      event={event.data}
      stats={stats.data}
      leads={leads.data?.items ?? []}
    />
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
        <NoProposals eventId={eventId} />
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
      {awarded ? <Awarded eventId={eventId} lead={awarded} /> : null}
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
