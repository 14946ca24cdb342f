// My requests (/requests): my events, page by page (?page=), each with its requests for proposals,
// what they ask and how many leads stand at each status; links to compare the proposals. One call
// per page (GET /events/my/requests): the server picks the events I organize and orders them, the
// newest request activity first, then events without a request.
import type { TRequirement } from "@hostfield/domain/contracts";
import { formatEventDates, profileLink } from "@hostfield/domain/rules";
import AddIcon from "@mui/icons-material/Add";
import RequestQuoteIcon from "@mui/icons-material/RequestQuote";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { eventRequestPath, proposalsPath } from "../../lib/event-paths";
import { NEW_REQUEST_PATH } from "../../lib/paths";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { LoadFailedPanel } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import { pageCount, UrlPager, useUrlPage } from "../../ui/url-pages";
import {
  askedDatesText,
  LEAD_STATUS_COLORS,
  leadCountList,
  leadTotal,
  plural,
  spaceSummary,
  sportsLine,
  UrgencyChip,
  whereSummary,
} from "../leads";
import {
  listMyRequests,
  publishRequirement,
  requestKeys,
  type TMyEventRequests,
} from "./requests-api";

export const MY_REQUESTS_TITLE = "My requests";
export const NO_REQUESTS = "No requests for proposals yet";
/** Events on one page. */
export const REQUESTS_PAGE_SIZE = 10;

const REQUIREMENT_STATUS_LABELS: Record<TRequirement["status"], string> = {
  draft: "Draft",
  published: "Published",
  awarded: "Awarded",
  closed: "Closed",
};

function RequestsSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-label="Loading your requests">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} variant="rounded" height={148} />
      ))}
    </Stack>
  );
}

function LeadCounts({ requirement }: { requirement: TRequirement }) {
  const id = useId();
  const total = leadTotal(requirement.leadCounts);
  return (
    <Box>
      <Typography id={id} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {plural(total, "lead")}
      </Typography>
      <Stack
        component="ul"
        direction="row"
        aria-labelledby={id}
        useFlexGap
        sx={{ flexWrap: "wrap", gap: 1, p: 0, m: 0, listStyle: "none" }}
      >
        {leadCountList(requirement.leadCounts).map(({ status, count }) => (
          <li key={status}>
            <Chip
              size="small"
              variant={count > 0 ? "filled" : "outlined"}
              color={count > 0 ? LEAD_STATUS_COLORS[status] : "default"}
              label={`${status}: ${count}`}
            />
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** A draft (its publishing failed or was left) can be published from here. */
function PublishDraft({ requirement }: { requirement: TRequirement }) {
  const queryClient = useQueryClient();
  const publish = useMutation({
    mutationFn: () => publishRequirement(requirement.eventId, requirement.id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.myRequests() }),
        queryClient.invalidateQueries({ queryKey: requestKeys.event(requirement.eventId) }),
      ]),
  });
  return (
    <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
      <Button
        size="small"
        variant="outlined"
        disabled={publish.isPending}
        onClick={() => publish.mutate()}
      >
        {publish.isPending ? "Publishing…" : "Publish now"}
      </Button>
      {publish.isError ? (
        <Alert severity="error" role="alert">
          {apiErrorMessage(publish.error, "The request could not be published. Try again.")}
        </Alert>
      ) : null}
    </Stack>
  );
}

function RequirementItem({ requirement }: { requirement: TRequirement }) {
  const facts = [
    sportsLine(requirement.sportsList, true),
    spaceSummary(requirement),
    requirement.needsSpecificFacilityType ? requirement.facilityTypes.join(", ") : null,
    whereSummary(requirement),
  ].filter((fact): fact is string => Boolean(fact));
  const dates = askedDatesText(requirement.dateOptions);
  return (
    <Stack
      component="li"
      spacing={1}
      sx={{ py: 1.5, "&:not(:last-of-type)": { borderBottom: 1, borderColor: "divider" } }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        <Chip
          size="small"
          label={REQUIREMENT_STATUS_LABELS[requirement.status]}
          color={requirement.status === "awarded" ? "success" : "default"}
        />
        <UrgencyChip priority={requirement.urgency} />
      </Stack>
      <Typography>{facts.join(" · ")}</Typography>
      {dates ? (
        <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
          <Box component="span" sx={{ color: "text.secondary" }}>
            Dates:{" "}
          </Box>
          {dates}
        </Typography>
      ) : null}
      <LeadCounts requirement={requirement} />
      {requirement.status === "draft" ? <PublishDraft requirement={requirement} /> : null}
    </Stack>
  );
}

function EventRequests({ event, requirements }: TMyEventRequests) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1.5}
        sx={{ justifyContent: "space-between", alignItems: { sm: "flex-start" } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2">
            <Link component={RouterLink} to={profileLink("event", event.id)}>
              {event.name}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatEventDates(event)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button
            component={RouterLink}
            to={proposalsPath(event.id)}
            variant="contained"
            size="small"
            aria-label={`Compare proposals for ${event.name}`}
          >
            Compare proposals
          </Button>
          <Button
            component={RouterLink}
            to={eventRequestPath(event.id)}
            size="small"
            aria-label={`New request for ${event.name}`}
          >
            New request
          </Button>
        </Stack>
      </Stack>
      <Box component="ul" sx={{ p: 0, m: 0, mt: 1, listStyle: "none" }}>
        {requirements.map((requirement) => (
          <RequirementItem key={requirement.id} requirement={requirement} />
        ))}
      </Box>
    </Paper>
  );
}

function MyRequests() {
  const { page, range, goTo } = useUrlPage(REQUESTS_PAGE_SIZE);
  // The server lists only events whose requests I may read (those I organize), in its order.
  const events = useQuery({
    queryKey: requestKeys.myRequests(range),
    queryFn: ({ signal }) => listMyRequests(range, signal),
    placeholderData: keepPreviousData,
  });

  if (events.isPending) return <RequestsSkeleton />;
  if (events.isError && !events.data) {
    return (
      <LoadFailedPanel
        title="Your requests did not load"
        error={events.error}
        onRetry={() => void events.refetch()}
      />
    );
  }

  const rows = events.data?.items ?? [];
  const count = events.data?.count ?? 0;
  const pages = pageCount(count, REQUESTS_PAGE_SIZE);
  const withRequests = rows.filter((row) => row.requirements.length > 0);
  const withoutRequests = rows.filter((row) => row.requirements.length === 0);

  const withoutList =
    withoutRequests.length > 0 ? (
      <Paper
        variant="outlined"
        component="section"
        aria-label="Events without a request"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Events without a request
        </Typography>
        <List dense disablePadding>
          {withoutRequests.map(({ event }) => (
            <ListItem
              key={event.id}
              divider
              disableGutters
              secondaryAction={
                <Button
                  component={RouterLink}
                  to={eventRequestPath(event.id)}
                  size="small"
                  aria-label={`Request proposals for ${event.name}`}
                >
                  Request proposals
                </Button>
              }
              sx={{ pr: 20 }}
            >
              <ListItemText primary={event.name} secondary={formatEventDates(event)} />
            </ListItem>
          ))}
        </List>
      </Paper>
    ) : null;

  const pager = <UrlPager page={page} pages={pages} onPage={goTo} label="Pages of my events" />;

  if (withRequests.length === 0 && pages === 1) {
    return (
      <Stack spacing={3}>
        <NoticePanel
          role="status"
          icon={<RequestQuoteIcon />}
          title={NO_REQUESTS}
          actions={
            <Button component={RouterLink} to={NEW_REQUEST_PATH} variant="contained">
              Request proposals
            </Button>
          }
        >
          Describe the venue your event needs, and the destinations and facilities that fit send you
          proposals to compare.
        </NoticePanel>
        {withoutList}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" role="status">
        {events.isPlaceholderData
          ? "Loading…"
          : `Page ${Math.min(page, pages)} of ${pages} · ${plural(count, "event")} you manage`}
      </Typography>
      {events.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void events.refetch()}>
              Retry
            </Button>
          }
        >
          {apiErrorMessage(events.error, "This page did not load.")}
        </Alert>
      ) : null}
      <Stack
        spacing={2}
        aria-busy={events.isPlaceholderData}
        sx={{ opacity: events.isPlaceholderData ? 0.6 : 1 }}
      >
        {withRequests.length === 0 ? (
          <Typography color="text.secondary">No requests among the events on this page.</Typography>
        ) : (
          withRequests.map((row) => <EventRequests key={row.event.id} {...row} />)
        )}
        {withoutList}
      </Stack>
      {pager}
    </Stack>
  );
}

export function MyRequestsPage() {
  return (
    <PageFrame
      title={MY_REQUESTS_TITLE}
      description="Your requests for proposals and how venues answered them."
      icon={<RequestQuoteIcon />}
      actions={
        <Button
          component={RouterLink}
          to={NEW_REQUEST_PATH}
          variant="contained"
          startIcon={<AddIcon />}
        >
          Request proposals
        </Button>
      }
    >
      <RequireSignIn what="your requests">
        <MyRequests />
      </RequireSignIn>
    </PageFrame>
  );
}
