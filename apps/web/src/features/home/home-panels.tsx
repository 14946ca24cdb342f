// The role-aware top of /home (`GET /users/my/home`): a section per role the member holds, the most
// pressing first (the server's order), the first with the role's main action. An organizer's events
// and requests (proposals, decisions due, hotel pickup); a venue's leads (new, waiting for an
// answer); a hotel's blocks and their pickup; a business's live deals and reach; then a checklist per
// listing to complete. Someone with no role yet is pointed where their account type starts.
import {
  HOME_NEW_LEAD_DAYS,
  HOME_REACH_DAYS,
  type TCompletenessItem,
  type THomeBlock,
  type THomeBlocks,
  type THomeBusiness,
  type THomeManager,
  type THomeOrganizer,
  type THomeRole,
  type THomeSummary,
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
import { useAuth } from "../../lib/auth";
import { eventHotelBlocksPath, proposalsPath } from "../../lib/event-paths";
import { leadPath, MY_REQUESTS_PATH, NEW_REQUEST_PATH, PIPELINE_PATH } from "../../lib/paths";
import { NoticePanel } from "../../ui/notice-panel";
import { ListSkeleton, LoadFailedPanel } from "../../ui/query-states";
import { visuallyHidden } from "../../ui/visually-hidden";
import { reportPath } from "../reports";
import { hotelBlocksPath } from "../rooms";
import { getHomeSummary, homeKeys } from "./home-api";
import { businessDealsPath, mainAction, ROLE_TITLES, startOf, type TAction } from "./home-roles";

export const SUMMARY_FAILED = "Your summary did not load";
export const START_TITLE = "Welcome to your home page";

const ITEM_LABELS: Record<TCompletenessItem, { done: string; todo: string }> = {
  photos: { done: "Photos", todo: "Add photos" },
  spaces: { done: "Spaces", todo: "Describe your spaces" },
  amenities: { done: "Amenities", todo: "List amenities" },
  description: { done: "Description", todo: "Write a description" },
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A role's section; the first one on the page carries the main action beside its title. */
function Panel({
  title,
  action,
  children,
}: {
  title: string;
  action?: TAction | null;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mb: 2, alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}
      >
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {action ? (
          <Button component={RouterLink} to={action.to} variant="contained">
            {action.label}
          </Button>
        ) : null}
      </Stack>
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

const formatPercent = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)}%`;

/** A block's pickup: "4 of 10 room nights booked (40%) · cut-off Fri, Mar 21st, 2025". */
function pickupText(block: THomeBlock): string {
  const cutoff = block.cutoffDate ? ` · cut-off ${formatEventDate(block.cutoffDate)}` : "";
  return `${block.booked} of ${plural(block.held, "room night")} booked (${formatPercent(block.pickupPercent)})${cutoff}`;
}

/** Open blocks with their pickup; `side` says whose page each row opens (the hotel's, the event's). */
function BlockRows({ blocks, side }: { blocks: THomeBlocks; side: "hotel" | "event" }) {
  return blocks.blocks.map((block) =>
    side === "hotel" || !block.event ? (
      <Row
        key={block.id}
        to={hotelBlocksPath(block.hotel.id)}
        title={block.event ? `${block.event.name} at ${block.hotel.name}` : block.hotel.name}
        detail={pickupText(block)}
      />
    ) : (
      <Row
        key={block.id}
        to={eventHotelBlocksPath(block.event.id)}
        title={`${block.hotel.name} for ${block.event.name}`}
        detail={pickupText(block)}
      />
    ),
  );
}

/** A venue's leads: the new ones and those waiting for an answer. */
export function LeadsPanel({ manager, action }: { manager: THomeManager; action: TAction | null }) {
  const { newLeads, waitingLeads } = manager;
  return (
    <Panel title={ROLE_TITLES.venue} action={action}>
      <Part
        title={`Waiting for your answer (${waitingLeads.count})`}
        note={waitingLeads.count > 0 ? "The soonest event first" : undefined}
        empty={waitingLeads.count === 0 ? "Nothing waits for your answer." : null}
      >
        <LeadRows leads={waitingLeads.leads} detail={(l) => `${startsOn(l)} · ${l.owner.name}`} />
      </Part>
      <Part
        title={`New leads (${newLeads.count})`}
        note={`Arrived in the last ${HOME_NEW_LEAD_DAYS} days`}
        empty={newLeads.count === 0 ? "No new leads this week." : null}
        action={
          action?.to === PIPELINE_PATH ? null : (
            <Link component={RouterLink} to={PIPELINE_PATH} variant="body2">
              Open your pipeline
            </Link>
          )
        }
      >
        <LeadRows leads={newLeads.leads} detail={(l) => `${l.owner.name} · ${startsOn(l)}`} />
      </Part>
    </Panel>
  );
}

/** The listings I own or manage, least complete first, each with what it still lacks. */
export function CompletenessPanel({
  completeness,
}: {
  completeness: THomeManager["completeness"];
}) {
  return (
    <Panel title="Complete your listings">
      <Part
        title="What each still lacks"
        note={`${completeness.incompleteCount} of ${plural(completeness.listingCount, "listing")} could say more`}
        empty={completeness.incompleteCount === 0 ? "All your listings are complete." : null}
      >
        {completeness.listings.map((listing) => (
          <Checklist key={listing.profile.id} listing={listing} />
        ))}
      </Part>
    </Panel>
  );
}

/** An organizer's events and requests: decisions due, new proposals, open requests, hotel pickup. */
export function OrganizerPanel({
  organizer,
  eventBlocks,
  action,
}: {
  organizer: THomeOrganizer | null;
  eventBlocks: THomeBlocks;
  action: TAction | null;
}) {
  const openRequests = organizer?.openRequests ?? { count: 0, requests: [] };
  const newestProposals = organizer?.newestProposals ?? [];
  const decisions = openRequests.requests.filter((r) => r.proposalCount > 0);
  return (
    <Panel title={ROLE_TITLES.organizer} action={action}>
      <Part
        title={`Decisions due (${decisions.length})`}
        note={decisions.length > 0 ? "Requests with proposals to compare and award" : undefined}
        empty={decisions.length === 0 ? "No proposals wait for your decision." : null}
      >
        {decisions.map(({ event, request, proposalCount }) => (
          <Row
            key={request.id}
            to={proposalsPath(event.id)}
            title={event.name}
            detail={`${plural(proposalCount, "proposal")} to compare`}
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
      <Part
        title={`Open requests (${openRequests.count})`}
        empty={openRequests.count === 0 ? "No open requests." : null}
        action={
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
            <Link component={RouterLink} to={MY_REQUESTS_PATH} variant="body2">
              All your requests
            </Link>
            {action?.to === NEW_REQUEST_PATH ? null : (
              <Link component={RouterLink} to={NEW_REQUEST_PATH} variant="body2">
                Request proposals
              </Link>
            )}
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
      <Part
        title={`Hotel pickup (${eventBlocks.count})`}
        note={
          eventBlocks.count > 0 ? "Your events' hotel blocks, the nearest cut-off first" : undefined
        }
        empty={eventBlocks.count === 0 ? "No hotel blocks for your events." : null}
      >
        <BlockRows blocks={eventBlocks} side="event" />
      </Part>
    </Panel>
  );
}

/** A hotel's open blocks and their pickup. */
export function HotelPanel({ hotel, action }: { hotel: THomeBlocks; action: TAction | null }) {
  return (
    <Panel title={ROLE_TITLES.hotel} action={action}>
      <Part
        title={`Open blocks (${hotel.count})`}
        note={hotel.count > 0 ? "The nearest cut-off first" : undefined}
        empty={hotel.count === 0 ? "No open blocks." : null}
      >
        <BlockRows blocks={hotel} side="hotel" />
      </Part>
    </Panel>
  );
}

/**
 * "2 live deals · 5 views and 3 deal clicks in the last 30 days", zeros said plainly; the reach
 * only for those who manage the business (it is its reports' figure).
 */
export function businessFigures(business: THomeBusiness): string {
  const deals = business.liveDeals > 0 ? plural(business.liveDeals, "live deal") : "No live deals";
  const { views, dealClicks } = business;
  if (views === null || dealClicks === null) return deals;
  const days = `in the last ${HOME_REACH_DAYS} days`;
  const reach =
    views + dealClicks === 0
      ? `no views or deal clicks ${days}`
      : `${plural(views, "view")} and ${plural(dealClicks, "deal click")} ${days}`;
  return `${deals} · ${reach}`;
}

/** A link whose name says which business it is for (the visible label is the same on each row). */
function BusinessLink({ to, label, business }: { to: string; label: string; business: string }) {
  return (
    <Link component={RouterLink} to={to} variant="body2" aria-label={`${label} for ${business}`}>
      {label}
    </Link>
  );
}

function BusinessRow({ business }: { business: THomeBusiness }) {
  const { nextEnding } = business;
  return (
    <Box component="li" sx={{ py: 0.75, minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={profileLink("business", business.id)}
        sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
      >
        {business.name}
      </Link>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
        {businessFigures(business)}
      </Typography>
      {nextEnding ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {`Next to end: ${nextEnding.title}, valid through ${formatEventDate(nextEnding.validTo)}`}
        </Typography>
      ) : null}
      {business.manages ? (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
          <BusinessLink
            to={businessDealsPath(business.id)}
            label={business.liveDeals > 0 ? "Manage deals" : "Add a deal"}
            business={business.name}
          />
          <BusinessLink
            to={reportPath("business", business.id)}
            label="Full report"
            business={business.name}
          />
        </Stack>
      ) : null}
    </Box>
  );
}

/** A business's people: each business's live deals and its reach, opening its page and report. */
export function BusinessPanel({
  businesses,
  action,
}: {
  businesses: THomeBusiness[];
  action: TAction | null;
}) {
  return (
    <Panel title={ROLE_TITLES.business} action={action}>
      <Part
        title={`Your businesses (${businesses.length})`}
        note="Deals on a business's page show near the events around it"
        empty={businesses.length === 0 ? "No business yet." : null}
      >
        {businesses.map((b) => (
          <BusinessRow key={b.id} business={b} />
        ))}
      </Part>
    </Panel>
  );
}

function RolePanel({
  role,
  summary,
  action,
}: {
  role: THomeRole;
  summary: THomeSummary;
  action: TAction | null;
}) {
  switch (role) {
    case "organizer":
      return (
        <OrganizerPanel
          organizer={summary.organizer}
          eventBlocks={summary.eventBlocks}
          action={action}
        />
      );
    case "venue":
      return summary.manager ? <LeadsPanel manager={summary.manager} action={action} /> : null;
    case "hotel":
      return summary.hotel ? <HotelPanel hotel={summary.hotel} action={action} /> : null;
    case "business":
      return <BusinessPanel businesses={summary.businesses ?? []} action={action} />;
  }
}

/** Where someone with no role yet starts, by the account type they chose at sign-up. */
function StartPanel() {
  const { profile } = useAuth();
  const start = startOf(profile?.accountType);
  return (
    <NoticePanel
      icon={<RocketLaunchIcon />}
      title={START_TITLE}
      actions={start.actions.map((action, index) => (
        <Button
          key={action.to}
          component={RouterLink}
          to={action.to}
          variant={index === 0 ? "contained" : "outlined"}
        >
          {action.label}
        </Button>
      ))}
    >
      {start.text}
    </NoticePanel>
  );
}

/** The member's role sections, the most pressing first, then their listings' checklists. */
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
  const summary = query.data;
  const completeness = summary.manager?.completeness;
  const [first] = summary.roles;
  if (!first && !completeness?.listingCount) return <StartPanel />;
  return (
    <Box
      sx={{
        display: "grid",
        gap: 3,
        gridTemplateColumns: {
          xs: "minmax(0, 1fr)",
          md: summary.roles.length > 1 ? "minmax(0, 1fr) minmax(0, 1fr)" : "minmax(0, 1fr)",
        },
        alignItems: "start",
      }}
    >
      {summary.roles.map((role) => (
        <RolePanel
          key={role}
          role={role}
          summary={summary}
          action={role === first ? mainAction(role, summary.listings) : null}
        />
      ))}
      {completeness && completeness.listingCount > 0 ? (
        <CompletenessPanel completeness={completeness} />
      ) : null}
    </Box>
  );
}
