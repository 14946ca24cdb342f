// /leads/:eventId/:leadId: one lead as its recipient sees it: the request, why it reached us, its
// status with every change, the proposal we sent (its lines and terms too, its versions, the one
// accepted), who has it, what we may do now (the organizer's ask to revise first), the deposit of
// a won proposal (paid or not, and its refunds), and the conversation with the organizer once
// there is one.

import type { TLead } from "@hostfield/domain/contracts";
import type { TLeadStatus } from "@hostfield/domain/reference";
import {
  formatCount,
  formatEventDate,
  formatEventDates,
  isVenueKind,
  lossReasonText,
  profileLink,
  sportsSummary,
} from "@hostfield/domain/rules";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import ChatIcon from "@mui/icons-material/Chat";
import EventAvailableIcon from "@mui/icons-material/EventAvailable";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import WorkOutlineIcon from "@mui/icons-material/WorkOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useId, useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { formatDateTime } from "../../lib/date-format";
import { leadConversationPath, leadPath, pipelinePath } from "../../lib/paths";
import { pricedDays, proposalPriceText } from "../../lib/proposal-format";
import { requestTermFacts } from "../../lib/request-terms";
import { Facts } from "../../ui/facts";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { ProposalLines, ProposalPerDay, ProposalTerms } from "../../ui/proposal-view";
import { LoadFailedPanel } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import { DepositPanel } from "../payments";
import { StaffSelect, uniqueStaff } from "./lead-dialogs";
import { LeadHistory } from "./lead-history";
import {
  canReviseProposal,
  hasEarlierVersions,
  isFinalStatus,
  isNeedDateReason,
  NEED_DATES_MATCH,
  needDatesFirst,
  openRevisionRequest,
  recipientMoves,
} from "./lead-rules";
import { LeadStatusChip } from "./lead-status-chip";
import { assignLead, getLead, leadKeys, ownerKind } from "./leads-api";
import { ProposalVersionsDialog } from "./proposal-versions-dialog";
import {
  askedDatesText,
  formatMiles,
  revisionChangesText,
  spaceSummary,
  urgencyLevel,
  whereSummary,
} from "./request-format";
import { UrgencyChip } from "./urgency-chip";
import { useLeadMoves } from "./use-lead-moves";
import { leadChanged, useLeadRights, useStaff } from "./use-leads";

export const LEAD_FAILED = "This lead did not load";
export const LEAD_NOT_FOUND = "This lead was not found";
export const ASSIGN_FAILED = "The lead could not be assigned. Try again.";

/** The button that starts each move the recipient may make. */
export const MOVE_BUTTON_LABELS: Partial<Record<TLeadStatus, string>> = {
  Interested: "Respond with a proposal",
  Passed: "Pass",
  Open: "Reopen",
};

/** The venue a lead reached, for the pipeline's address (a vendor's lead has no pipeline). */
function venueOf(lead: TLead) {
  const kind = ownerKind(lead.owner.ownerType);
  return isVenueKind(kind) ? { kind, id: lead.owner.ownerId } : undefined;
}

export function LeadPage() {
  const { eventId = "", leadId = "" } = useParams();
  const auth = useAuth();
  const signedIn = auth.isAuthenticated && Boolean(auth.user);
  const lead = useQuery({
    queryKey: leadKeys.lead(eventId, leadId),
    queryFn: ({ signal }) => getLead(eventId, leadId, signal),
    enabled: signedIn,
  });
  const data = lead.data;
  return (
    <PageFrame
      title={data?.event.name ?? "Lead"}
      description={data ? `A request that reached ${data.owner.name}` : undefined}
      icon={<WorkOutlineIcon />}
      actions={
        <Button
          component={RouterLink}
          to={pipelinePath(data ? venueOf(data) : undefined)}
          startIcon={<ArrowBackIcon />}
          variant="outlined"
        >
          Pipeline
        </Button>
      }
    >
      <RequireSignIn what="this lead">
        {lead.isPending ? (
          <LeadSkeleton />
        ) : lead.isError ? (
          lead.error instanceof ApiError && lead.error.status === 404 ? (
            <NoticePanel
              role="status"
              icon={<SearchOffIcon />}
              title={LEAD_NOT_FOUND}
              actions={
                <Button component={RouterLink} to={pipelinePath()} variant="contained">
                  Go to your pipeline
                </Button>
              }
            >
              It may have been withdrawn, or it went to a listing you are not a member of.
            </NoticePanel>
          ) : (
            <LoadFailedPanel
              title={LEAD_FAILED}
              error={lead.error}
              onRetry={() => void lead.refetch()}
            />
          )
        ) : (
          <LeadDetail lead={lead.data} />
        )}
      </RequireSignIn>
    </PageFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function LeadDetail({ lead }: { lead: TLead }) {
  const kind = ownerKind(lead.owner.ownerType);
  const rights = useLeadRights(kind, lead.owner.ownerId);
  const moves = useLeadMoves();
  const canRespond = rights.canRespond(lead);
  const allowed = canRespond ? recipientMoves(lead.status, { isAdmin: rights.isAdmin }) : [];
  const canRevise = canRespond && canReviseProposal(lead.status);
  const busy = moves.pendingLeadId === lead.id;

  return (
    <Stack spacing={2}>
      <RevisionAlert
        lead={lead}
        onRevise={canRevise ? () => moves.editProposal(lead) : undefined}
        busy={busy}
      />
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: { xs: "1fr", md: "minmax(0, 2fr) minmax(280px, 1fr)" },
          gap: 2,
          alignItems: "start",
        }}
      >
        {/* What to do now comes first (on a phone, above the details; wide, beside them). */}
        <Stack spacing={2} sx={{ minWidth: 0, gridColumn: { md: 2 }, gridRow: { md: 1 } }}>
          <Section title="Status">
            <Stack spacing={1.5}>
              <Box>
                <LeadStatusChip status={lead.status} size="medium" />
              </Box>
              {lossReasonText(lead.statusReasonCode, lead.statusReason) ? (
                <Typography variant="body2">
                  <Box component="span" sx={{ color: "text.secondary" }}>
                    Reason:{" "}
                  </Box>
                  {lossReasonText(lead.statusReasonCode, lead.statusReason)}
                </Typography>
              ) : null}
              {allowed.length > 0 || canRevise ? (
                <Stack spacing={1}>
                  {allowed.map((to) => (
                    <Button
                      key={to}
                      variant={to === "Interested" ? "contained" : "outlined"}
                      color={to === "Passed" ? "inherit" : "primary"}
                      disabled={busy}
                      onClick={() => moves.request(lead, to)}
                    >
                      {MOVE_BUTTON_LABELS[to] ?? `Move to ${to}`}
                    </Button>
                  ))}
                  {canRevise ? (
                    <Button
                      variant="outlined"
                      disabled={busy}
                      onClick={() => moves.editProposal(lead)}
                    >
                      Update proposal
                    </Button>
                  ) : null}
                </Stack>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {isFinalStatus(lead.status)
                    ? "The organizer decided; this lead is final."
                    : canRespond
                      ? "Nothing to do here for now."
                      : `The managers of ${lead.owner.name}, or the person the lead is assigned to, answer it.`}
                </Typography>
              )}
            </Stack>
          </Section>
          <AssignmentSection lead={lead} canAssign={rights.manages(lead)} />
          <Section title="Conversation">
            {lead.groupId ? (
              <Button
                component={RouterLink}
                to={leadConversationPath(lead.groupId)}
                variant="outlined"
                startIcon={<ChatIcon />}
              >
                Open the conversation
              </Button>
            ) : (
              <Typography variant="body2" color="text.secondary">
                A conversation with the organizer opens when you send a proposal.
              </Typography>
            )}
          </Section>
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0, gridColumn: { md: 1 }, gridRow: { md: 1 } }}>
          <RequestSection lead={lead} />
          <WhySection lead={lead} />
          {lead.status === "Won" && lead.proposal?.deposit ? (
            // The deposit the awarded proposal asks: paid or not, and the venue's refunds.
            <DepositPanel
              leadId={lead.id}
              side="venue"
              returnPath={leadPath(lead.eventId, lead.id)}
            />
          ) : null}
          {lead.proposal ? <ProposalSection lead={lead} /> : null}
          <HistorySection lead={lead} />
        </Stack>
        {moves.dialog}
      </Box>
    </Stack>
  );
}

/**
 * The organizer's open ask to revise our proposal, what it says and what to change, with the way
 * to revise it (for those who may answer the lead).
 */
function RevisionAlert({
  lead,
  onRevise,
  busy,
}: {
  lead: TLead;
  onRevise: (() => void) | undefined;
  busy: boolean;
}) {
  const asked = openRevisionRequest(lead);
  if (!asked) return null;
  const changes = revisionChangesText(asked.changes);
  return (
    <Alert
      severity="info"
      action={
        onRevise ? (
          <Button color="inherit" size="small" disabled={busy} onClick={onRevise}>
            Revise proposal
          </Button>
        ) : undefined
      }
    >
      <strong>{lead.event.name}</strong> asks you to revise your proposal:{" "}
      <Box component="span" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {asked.message}
      </Box>
      {changes ? ` · ${changes}` : null}
    </Alert>
  );
}

function RequestSection({ lead }: { lead: TLead }) {
  const { event, request } = lead;
  const sports = request?.sportsList ?? event.sports;
  const summary = sportsSummary(sports);
  const level = urgencyLevel(request?.urgency ?? event.urgency);
  // Flexible dates (alternative sets or a window) are what the venue answers to; the event's own
  // dates follow them.
  const asked = askedDatesText(request?.dateOptions);
  const facts: [string, ReactNode][] = asked
    ? [
        ["Dates", asked],
        ["Event's dates", formatEventDates(event)],
      ]
    : [["Dates", formatEventDates(event)]];
  if (summary) {
    facts.push(["Sports", sports.length > 1 ? `${summary}: ${sports.join(", ")}` : summary]);
  }
  if (level) {
    facts.push([
      "Urgency",
      <Stack key="u" direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <UrgencyChip priority={level.priority} />
        <Typography variant="body2" color="text.secondary">
          {level.tag}
        </Typography>
      </Stack>,
    ]);
  }
  if (request) {
    facts.push(["Where", whereSummary({ ...request, placeLabel: event.placeLabel })]);
    const space = spaceSummary(request);
    if (space) facts.push(["Space", space]);
    if (request.needsSpecificFacilityType && request.facilityTypes.length > 0) {
      facts.push(["Facility type", request.facilityTypes.join(", ")]);
    }
    if (request.attendance !== null) {
      facts.push(["Attendance", formatCount(request.attendance)]);
    }
    if (request.roomNights !== null) {
      facts.push(["Room nights", formatCount(request.roomNights)]);
    }
    if (request.spaceDescription) facts.push(["Details", request.spaceDescription]);
    facts.push(...requestTermFacts(request));
  } else if (event.placeLabel) {
    facts.push(["Where", event.placeLabel]);
  }
  return (
    <Section title="The request">
      <Facts items={facts} />
      <Link
        component={RouterLink}
        to={profileLink("event", event.id)}
        sx={{ display: "inline-block", mt: 2 }}
      >
        See the event page
      </Link>
    </Section>
  );
}

function WhySection({ lead }: { lead: TLead }) {
  const distance = formatMiles(lead.distanceMiles);
  const facts: [string, ReactNode][] = [
    [
      "Match",
      lead.source === "direct" || lead.score === null
        ? "The organizer sent this request to you directly."
        : `Score ${lead.score} of 100`,
    ],
  ];
  if (distance) facts.push(["Distance", `${distance} away`]);
  facts.push([
    "Received",
    formatDateTime(lead.visibleFrom > lead.createdDate ? lead.visibleFrom : lead.createdDate),
  ]);
  // A need-date match first, and marked: the request falls on days we want to fill.
  const reasons = needDatesFirst(lead.reasons);
  const needDates = reasons.some(isNeedDateReason);
  return (
    <Section title="Why it reached you">
      <Facts items={facts} />
      {needDates ? (
        <Chip
          color="success"
          icon={<EventAvailableIcon />}
          label={NEED_DATES_MATCH}
          sx={{ mt: 1.5 }}
        />
      ) : null}
      {reasons.length > 0 ? (
        <Box component="ul" aria-label="Match reasons" sx={{ mb: 0, mt: 1.5, pl: 2.5 }}>
          {reasons.map((reason) => (
            <Box
              component="li"
              key={reason}
              sx={isNeedDateReason(reason) ? { fontWeight: 600 } : undefined}
            >
              {reason}
            </Box>
          ))}
        </Box>
      ) : null}
    </Section>
  );
}

function ProposalSection({ lead }: { lead: TLead }) {
  const [showVersions, setShowVersions] = useState(false);
  const proposal = lead.proposal!;
  const price =
    proposal.lines.length === 0 ? proposalPriceText(proposal, pricedDays(lead.event)) : null;
  const facts: [string, ReactNode][] = [
    [
      "Message",
      <Typography
        key="m"
        component="span"
        sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
      >
        {proposal.message}
      </Typography>,
    ],
  ];
  if (proposal.dates.length > 0) {
    facts.push(["Dates", proposal.dates.map((d) => formatEventDate(d)).join("; ")]);
  }
  if (price) facts.push(["Price", price]);
  facts.push(["Sent", formatDateTime(proposal.submittedDate)]);
  const earlier = hasEarlierVersions(lead);
  if (lead.acceptedVersion !== null || earlier) {
    facts.push([
      "Version",
      <Stack
        key="v"
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: "center", flexWrap: "wrap" }}
      >
        {lead.acceptedVersion !== null ? (
          <Chip size="small" color="success" label={`Accepted: version ${lead.acceptedVersion}`} />
        ) : (
          <span>Version {lead.proposalVersion}</span>
        )}
        {earlier ? (
          <Button size="small" onClick={() => setShowVersions(true)}>
            Versions
          </Button>
        ) : null}
      </Stack>,
    ]);
  }
  return (
    <Section title="Your proposal">
      <Stack spacing={2}>
        <Facts items={facts} />
        <ProposalLines proposal={proposal} event={lead.event} />
        <ProposalPerDay proposal={proposal} event={lead.event} />
        <ProposalTerms proposal={proposal} lead={lead} />
      </Stack>
      {showVersions ? (
        <ProposalVersionsDialog
          lead={lead}
          queryKey={leadKeys.versions(lead.eventId, lead.id)}
          onClose={() => setShowVersions(false)}
        />
      ) : null}
    </Section>
  );
}

function HistorySection({ lead }: { lead: TLead }) {
  return (
    <Section title="History">
      <LeadHistory
        queryKey={leadKeys.history(lead.eventId, lead.id)}
        eventId={lead.eventId}
        leadId={lead.id}
      />
    </Section>
  );
}

function AssignmentSection({ lead, canAssign }: { lead: TLead; canAssign: boolean }) {
  const kind = ownerKind(lead.owner.ownerType);
  const staff = useStaff(kind, lead.owner.ownerId, canAssign);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const assign = useMutation({
    mutationFn: (userId: string | null) => assignLead(lead, userId),
    onSuccess: async (updated) => {
      enqueueSnackbar(
        updated.assignedUser
          ? `Assigned to ${updated.assignedUser.name}.`
          : "Nobody has this lead now.",
        { variant: "success" },
      );
      await leadChanged(queryClient, updated);
    },
    onError: (error) =>
      enqueueSnackbar(apiErrorMessage(error, ASSIGN_FAILED), { variant: "error" }),
  });

  let body: ReactNode;
  if (!canAssign) {
    body = <Typography>{lead.assignedUser ? lead.assignedUser.name : "Nobody yet"}</Typography>;
  } else if (staff.isPending) {
    body = <Skeleton variant="rounded" height={56} role="status" aria-label="Loading the staff" />;
  } else if (staff.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void staff.refetch()}>
            Retry
          </Button>
        }
      >
        {apiErrorMessage(staff.error, "The staff did not load.")}
      </Alert>
    );
  } else {
    const people = uniqueStaff(staff.data.items);
    // Someone who left the staff may still have the lead: keep them choosable as they are.
    const current = lead.assignedUser;
    const options =
      current && !people.some((p) => p.userId === current.id)
        ? [...people, { userId: current.id, name: current.name }]
        : people;
    body = (
      <StaffSelect
        label="Assigned to"
        staff={options}
        value={current?.id ?? ""}
        disabled={assign.isPending}
        onChange={(userId) => assign.mutate(userId === "" ? null : userId)}
      />
    );
  }
  return <Section title="Assignment">{body}</Section>;
}

function LeadSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-label="Loading the lead">
      <Skeleton variant="rounded" height={200} />
      <Skeleton variant="rounded" height={140} />
      <Skeleton variant="rounded" height={120} />
    </Stack>
  );
}
