// The role-aware top of /home (`GET /users/my/home`): for the people of a venue, its new leads, the
// leads waiting for an answer and a checklist per listing to complete; for an organizer, the open
// requests and the newest proposals; for someone with neither, where to start.
import {
  HOME_NEW_LEAD_DAYS,
  type TCompletenessItem,
  type THomeManager,
  type THomeOrganizer,
  type TLead,
  type TListingCompleteness,
} from "@hostfield/domain/contracts";
import { formatEventDate, profileLink } from "@hostfield/domain/rules";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import RocketLaunchIcon from "@mui/icons-material/RocketLaunch";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { Link as RouterLink } from "react-router";
import { proposalsPath } from "../../lib/event-paths";
import {
  leadPath,
  MY_REQUESTS_PATH,
  NEW_LISTING_PATH,
  NEW_REQUEST_PATH,
  PIPELINE_PATH,
} from "../../lib/paths";
import { NoticePanel } from "../../ui/notice-panel";
import { ListSkeleton, LoadFailedPanel } from "../../ui/query-states";
import { visuallyHidden } from "../../ui/visually-hidden";
import { getHomeSummary, homeKeys } from "./home-api";

export const SUMMARY_FAILED = "Your summary did not load";
export const START_TITLE = "Welcome to your home page";

const ITEM_LABELS: Record<TCompletenessItem, { done: string; todo: string }> = {
  photos: { done: "Photos", todo: "Add photos" },
  spaces: { done: "Spaces", todo: "Describe your spaces" },
  amenities: { done: "Amenities", todo: "List amenities" },
  description: { done: "Description", todo: "Write a description" },
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={3}>{children}</Stack>
    </Paper>
  );
}

/** One titled list of the summary: its rows, or a line saying there are none. */
function Part({
  title,
  note,
  empty,
  action,
  children,
}: {
  title: string;
  note?: string;
  empty: string | null;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {note ? (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      ) : null}
      {empty ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {empty}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, mt: 1, p: 0, listStyle: "none" }}>
          {children}
        </Box>
      )}
      {action ? <Box sx={{ mt: 1 }}>{action}</Box> : null}
    </Box>
  );
}

function Row({ to, title, detail }: { to: string; title: string; detail: string }) {
  return (
    <Box component="li" sx={{ py: 0.75, minWidth: 0 }}>
      <Link component={RouterLink} to={to} sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
        {title}
      </Link>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
        {detail}
      </Typography>
    </Box>
  );
}

const startsOn = (lead: TLead) => `starts ${formatEventDate(lead.event.startDate)}`;

function LeadRows({ leads, detail }: { leads: TLead[]; detail: (lead: TLead) => string }) {
  return leads.map((lead) => (
    <Row
      key={lead.id}
      to={leadPath(lead.eventId, lead.id)}
      title={lead.event.name}
      detail={detail(lead)}
    />
  ));
}

function Checklist({ listing }: { listing: TListingCompleteness }) {
  const id = useId();
  return (
    <Box component="li" sx={{ py: 1, minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={profileLink(listing.profile.kind, listing.profile.id)}
        sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
      >
        {listing.profile.name}
      </Link>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <LinearProgress
          variant="determinate"
          value={(listing.done / Math.max(1, listing.total)) * 100}
          aria-labelledby={id}
          sx={{ flexGrow: 1, maxWidth: 160 }}
        />
        <Typography id={id} variant="caption" color="text.secondary">
          {listing.done} of {listing.total} done
        </Typography>
      </Stack>
      <Stack
        component="ul"
        direction="row"
        useFlexGap
        sx={{ m: 0, mt: 0.5, p: 0, listStyle: "none", flexWrap: "wrap", columnGap: 2, rowGap: 0.5 }}
      >
        {listing.items.map((entry) => (
          <Stack
            component="li"
            key={entry.item}
            direction="row"
            spacing={0.5}
            sx={{ alignItems: "center" }}
          >
            {entry.done ? (
              <>
                <CheckCircleIcon fontSize="small" color="success" aria-hidden />
                <Typography variant="body2">
                  {ITEM_LABELS[entry.item].done}
                  <Box component="span" sx={visuallyHidden}>
                    {" "}
                    (done)
                  </Box>
                </Typography>
              </>
            ) : (
              <>
                <RadioButtonUncheckedIcon fontSize="small" color="disabled" aria-hidden />
                <Link component={RouterLink} to={entry.href} variant="body2">
                  {ITEM_LABELS[entry.item].todo}
                </Link>
              </>
            )}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

export function ManagerPanel({ manager }: { manager: THomeManager }) {
  const { newLeads, waitingLeads, completeness } = manager;
  return (
    <Panel title="Your listings">
      <Part
        title={`New leads (${newLeads.count})`}
        note={`Arrived in the last ${HOME_NEW_LEAD_DAYS} days`}
        empty={newLeads.count === 0 ? "No new leads this week." : null}
        action={
          <Link component={RouterLink} to={PIPELINE_PATH} variant="body2">
            Open your pipeline
          </Link>
        }
      >
        <LeadRows leads={newLeads.leads} detail={(l) => `${l.owner.name} · ${startsOn(l)}`} />
      </Part>
      <Part
        title={`Waiting for your answer (${waitingLeads.count})`}
        note={waitingLeads.count > 0 ? "The soonest event first" : undefined}
        empty={waitingLeads.count === 0 ? "Nothing waits for your answer." : null}
      >
        <LeadRows leads={waitingLeads.leads} detail={(l) => `${startsOn(l)} · ${l.owner.name}`} />
      </Part>
      <Part
        title="Complete your listings"
        note={
          completeness.listingCount > 0
            ? `${completeness.incompleteCount} of ${plural(completeness.listingCount, "listing")} could say more`
            : undefined
        }
        empty={
          completeness.listingCount === 0
            ? "You manage no listing of your own here."
            : completeness.incompleteCount === 0
              ? "All your listings are complete."
              : null
        }
      >
        {completeness.listings.map((listing) => (
          <Checklist key={listing.profile.id} listing={listing} />
        ))}
      </Part>
    </Panel>
  );
}

export function OrganizerPanel({ organizer }: { organizer: THomeOrganizer }) {
  const { openRequests, newestProposals } = organizer;
  return (
    <Panel title="Your requests">
      <Part
        title={`Open requests (${openRequests.count})`}
        empty={openRequests.count === 0 ? "No open requests." : null}
        action={
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
            <Link component={RouterLink} to={MY_REQUESTS_PATH} variant="body2">
              All your requests
            </Link>
            <Link component={RouterLink} to={NEW_REQUEST_PATH} variant="body2">
              Request proposals
            </Link>
          </Stack>
        }
      >
        {openRequests.requests.map(({ event, request, proposalCount }) => (
          <Row
            key={request.id}
            to={proposalsPath(event.id)}
            title={event.name}
            detail={`${plural(proposalCount, "proposal")} · ${request.status === "draft" ? "Draft" : "Published"}`}
          />
        ))}
      </Part>
      <Part title="New proposals" empty={newestProposals.length === 0 ? "No proposals yet." : null}>
        <LeadRows
          leads={newestProposals}
          detail={(l) =>
            `From ${l.owner.name}${l.proposal ? ` · ${formatEventDate(l.proposal.submittedDate.slice(0, 10))}` : ""}`
          }
        />
      </Part>
    </Panel>
  );
}

/** Manager and organizer panels side by side on wide screens, stacked on a phone. */
export function HomePanels({ userId }: { userId: string }) {
  const query = useQuery({
    queryKey: homeKeys.summary(userId),
    queryFn: ({ signal }) => getHomeSummary(signal),
  });
  if (query.isPending) {
    return <ListSkeleton label="Loading your summary" rows={2} height={140} />;
  }
  if (query.isError) {
    return (
      <LoadFailedPanel
        title={SUMMARY_FAILED}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { manager, organizer } = query.data;
  if (!manager && !organizer) {
    return (
      <NoticePanel
        icon={<RocketLaunchIcon />}
        title={START_TITLE}
        actions={
          <>
            <Button component={RouterLink} to={NEW_LISTING_PATH} variant="contained">
              List your venue
            </Button>
            <Button component={RouterLink} to={NEW_REQUEST_PATH} variant="outlined">
              Request proposals for an event
            </Button>
          </>
        }
      >
        List a venue to receive requests for proposals, or ask venues for proposals for your event:
        what waits for you will show here.
      </NoticePanel>
    );
  }
  return (
    <Box
      sx={{
        display: "grid",
        gap: 3,
        gridTemplateColumns: {
          xs: "minmax(0, 1fr)",
          md: manager && organizer ? "minmax(0, 1fr) minmax(0, 1fr)" : "minmax(0, 1fr)",
        },
        alignItems: "start",
      }}
    >
      {manager ? <ManagerPanel manager={manager} /> : null}
      {organizer ? <OrganizerPanel organizer={organizer} /> : null}
    </Box>
  );
}
