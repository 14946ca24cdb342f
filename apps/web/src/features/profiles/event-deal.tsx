// Once an organizer awards a venue's proposal, the event's page is the deal's home: for its
// organizers ("Your deal") and for the winning venue's people ("The deal"), the venue and the
// offer accepted (its version, price and terms, its lines behind a toggle), the hotel rooms held
// for the event (with the way to hold more, for organizers), the conversation between the two
// sides and the event's calendar file. Everyone else sees the venue alone (event-venue.tsx).
//
// The leads are asked for only once the event has a venue (the award makes it the event's partner),
// so an event before its award shows nothing here and calls nothing. Organizers list the event's
// Won leads; anyone else signed in lists the leads sent to their own listings, where the winner
// finds its award. A refusal means the viewer has no deal to see, not an error.

import type { TEventStayInfo, TLead } from "@hostfield/domain/contracts";
import { formatEventDate, OWNER_TYPE_KINDS, profileLink } from "@hostfield/domain/rules";
import EventIcon from "@mui/icons-material/Event";
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import ForumIcon from "@mui/icons-material/Forum";
import HotelIcon from "@mui/icons-material/Hotel";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Collapse from "@mui/material/Collapse";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { eventHotelBlocksPath } from "../../lib/event-paths";
import { leadConversationPath } from "../../lib/paths";
import { depositText, pricedDays, proposalPriceText } from "../../lib/proposal-format";
import { plural } from "../../lib/stay-format";
import { Facts } from "../../ui/facts";
import { ProposalLines } from "../../ui/proposal-view";
import { RetryAlert } from "../../ui/query-states";
import { getEventStayInfo, stayKeys } from "../stays";
import { ADD_TO_CALENDAR, icalUrl } from "./event-request-actions";
import { type TEventVenue, useEventVenue } from "./event-venue";
import { listEventWonLeads, listMyEventLeads } from "./events-api";
import { ProfileSection } from "./profile-section";
import { profileKeys } from "./profiles-api";
import { useProfile } from "./use-profiles";

export const YOUR_DEAL = "Your deal";
export const THE_DEAL = "The deal";
export const SHOW_OFFER = "Show the offer";
export const HIDE_OFFER = "Hide the offer";

/** Whose deal it is on this page: the event's organizers', or (maybe) a venue's people's. */
type TSide = "organizer" | "venue";

type TDealProposal = NonNullable<TLead["proposal"]>;

/** The viewer may not list the event's leads (or see the event): there is no deal to show them. */
const isRefusal = (error: unknown) =>
  error instanceof ApiError && [401, 403, 404].includes(error.status);

/**
 * The deal among the event's leads: a Won lead with its proposal, the one the event's venue won
 * first (an event with several requests may have awarded each), else the newest award.
 */
export function dealOf(leads: readonly TLead[], venue: Pick<TEventVenue, "id">): TLead | null {
  const won = leads.filter((lead) => lead.status === "Won" && lead.proposal !== null);
  return won.find((lead) => lead.owner.ownerId === venue.id) ?? won[0] ?? null;
}

/** The viewer's leads of the event as their side may list them; none when the server refuses. */
async function sideLeads(eventId: string, side: TSide, signal: AbortSignal): Promise<TLead[]> {
  try {
    return side === "organizer"
      ? await listEventWonLeads(eventId, signal)
      : await listMyEventLeads(eventId, signal);
  } catch (error) {
    if (isRefusal(error)) return [];
    throw error;
  }
}

function useDealLeads(eventId: string, side: TSide | null, hasVenue: boolean) {
  const viewer = useAuth().user?.id ?? "anonymous";
  return useQuery({
    // Per viewer and side: an organizer and a venue's member read different lists.
    queryKey: [...profileKeys.one("event", eventId), "deal", side, viewer],
    queryFn: ({ signal }) => sideLeads(eventId, side ?? "venue", signal),
    enabled: side !== null && hasVenue,
  });
}

function DealSkeleton() {
  return (
    <Stack spacing={1} role="status" aria-label="Loading the deal">
      <Skeleton variant="text" width="60%" />
      <Skeleton variant="text" width="40%" />
      <Skeleton variant="rounded" height={72} />
    </Stack>
  );
}

/** The concessions as a list, the same words twice still two. */
function Concessions({ items }: { items: readonly string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {items.map((concession, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same words twice are still two
        <li key={i}>{concession}</li>
      ))}
    </Box>
  );
}

/** The venue, the version accepted, its price and the terms that hold now it is accepted. */
function DealFacts({ lead, proposal }: { lead: TLead; proposal: TDealProposal }) {
  const venueKind = OWNER_TYPE_KINDS[lead.owner.ownerType];
  // Won leads carry the version the award accepted; the proposal is that version (the award is
  // refused unless it is the current one, and a Won proposal is not revised).
  const version = lead.acceptedVersion ?? lead.proposalVersion;
  const price = proposalPriceText(proposal, pricedDays(lead.event));
  const deposit = depositText(proposal.deposit);
  const sent = formatEventDate(proposal.submittedDate.slice(0, 10));
  const facts: [string, ReactNode][] = [
    [
      "Venue",
      <Link
        key="venue"
        component={RouterLink}
        to={profileLink(venueKind, lead.owner.ownerId)}
        sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
      >
        {lead.owner.name}
      </Link>,
    ],
    ["Accepted offer", version ? `Version ${version}, sent ${sent}` : `Sent ${sent}`],
  ];
  if (price) facts.push(["Price", price]);
  if (proposal.concessions.length > 0) {
    facts.push(["Concessions", <Concessions key="c" items={proposal.concessions} />]);
  }
  // The expiry is left out: it only bounded when the offer could be accepted.
  if (deposit) facts.push(["Deposit", deposit]);
  return <Facts items={facts} />;
}

/** The offer's words and priced lines, folded away until asked for. */
function OfferToggle({ lead, proposal }: { lead: TLead; proposal: TDealProposal }) {
  const [open, setOpen] = useState(false);
  const offerId = useId();
  return (
    <Box>
      <Button
        onClick={() => setOpen((shown) => !shown)}
        aria-expanded={open}
        aria-controls={offerId}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        sx={{ ml: -1 }}
      >
        {open ? HIDE_OFFER : SHOW_OFFER}
      </Button>
      <Box id={offerId}>
        <Collapse in={open} unmountOnExit>
          <Stack spacing={1.5} sx={{ pt: 1 }}>
            <Typography sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
              {proposal.message}
            </Typography>
            <ProposalLines proposal={proposal} event={lead.event} />
          </Stack>
        </Collapse>
      </Box>
    </Box>
  );
}

type TStayBlock = TEventStayInfo["blocks"][number];

/** A held block: its hotel (named once the hotel's listing loads), rooms left and cut-off. */
function HeldBlock({ block }: { block: TStayBlock }) {
  const hotel = useProfile("hotel", block.hotelId);
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      {hotel.data ? (
        <Link
          component={RouterLink}
          to={profileLink("hotel", block.hotelId)}
          sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
        >
          {hotel.data.name}
        </Link>
      ) : hotel.isPending ? (
        <Skeleton variant="text" width={160} aria-label="Loading the hotel" />
      ) : (
        <Link component={RouterLink} to={profileLink("hotel", block.hotelId)}>
          A hotel
        </Link>
      )}
      <Typography variant="body2" color="text.secondary">
        {plural(block.roomsLeft, "room")} left · cut-off {formatEventDate(block.cutoffDate)}
      </Typography>
    </Box>
  );
}

/**
 * The event's accepted blocks (the hotel service's stay information, the query the page's hotels
 * section reads too), and for organizers the way to hold more rooms for this award. A venue's
 * people see nothing here until rooms are held.
 */
function DealRooms({
  eventId,
  leadId,
  canHold,
}: {
  eventId: string;
  leadId: string;
  canHold: boolean;
}) {
  const titleId = useId();
  const stay = useQuery({
    queryKey: stayKeys.event(eventId),
    queryFn: ({ signal }) => getEventStayInfo(eventId, signal),
  });
  if (stay.isPending) {
    return <Skeleton variant="rounded" height={56} aria-label="Loading the hotel rooms" />;
  }
  // A 404: the hotel service does not know the event, so no rooms are held for it.
  if (stay.isError && !(stay.error instanceof ApiError && stay.error.status === 404)) {
    return (
      <RetryAlert onRetry={() => void stay.refetch()}>
        The hotel rooms held for the event did not load.
      </RetryAlert>
    );
  }
  const blocks = stay.data?.blocks ?? [];
  if (blocks.length === 0 && !canHold) return null;
  return (
    <Stack spacing={1} component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Hotel rooms
      </Typography>
      {blocks.length > 0 ? (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: "none" }}>
          {blocks.map((block) => (
            <HeldBlock key={block.id} block={block} />
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No rooms are held for the event yet.
        </Typography>
      )}
      {canHold ? (
        <Box>
          <Button
            component={RouterLink}
            to={eventHotelBlocksPath(eventId, leadId)}
            variant="outlined"
            startIcon={<HotelIcon />}
          >
            {blocks.length > 0 ? "Hold more rooms" : "Hold rooms"}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

function Deal({
  eventId,
  side,
  lead,
  proposal,
}: {
  eventId: string;
  side: TSide;
  lead: TLead;
  proposal: TDealProposal;
}) {
  const organizes = side === "organizer";
  return (
    <Stack spacing={2}>
      <DealFacts lead={lead} proposal={proposal} />
      <OfferToggle lead={lead} proposal={proposal} />
      <DealRooms eventId={eventId} leadId={lead.id} canHold={organizes} />
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        useFlexGap
        sx={{ flexWrap: "wrap" }}
      >
        {lead.groupId ? (
          <Button
            component={RouterLink}
            to={leadConversationPath(lead.groupId)}
            variant="contained"
            startIcon={<ForumIcon />}
          >
            {organizes ? `Message ${lead.owner.name}` : "Message the organizer"}
          </Button>
        ) : null}
        <Button component="a" href={icalUrl(eventId)} variant="outlined" startIcon={<EventIcon />}>
          {ADD_TO_CALENDAR}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * The event's deal once awarded, for `canOrganize` (the event's organizers) and for anyone signed
 * in whose listing won it; nothing for everyone else, nor before the award. Mount it once the
 * viewer's abilities are known, so it asks for one side's leads only.
 */
export function EventDeal({ eventId, canOrganize }: { eventId: string; canOrganize: boolean }) {
  const auth = useAuth();
  const side: TSide | null = canOrganize ? "organizer" : auth.user ? "venue" : null;
  const venue = useEventVenue(eventId);
  const leads = useDealLeads(eventId, side, Boolean(venue.data));
  if (!side || !venue.data) return null;
  const organizes = side === "organizer";
  let body: ReactNode;
  // A venue's member may have no deal here: they see nothing until it is known they do, and
  // nothing of a failure that may not concern them.
  if (leads.isPending) body = organizes ? <DealSkeleton /> : null;
  else if (leads.isError) {
    body = organizes ? (
      <RetryAlert onRetry={() => void leads.refetch()}>The deal did not load.</RetryAlert>
    ) : null;
  } else {
    const lead = dealOf(leads.data, venue.data);
    body = lead?.proposal ? (
      <Deal eventId={eventId} side={side} lead={lead} proposal={lead.proposal} />
    ) : null;
  }
  if (!body) return null;
  // One section throughout, so its content changes in place as the deal loads.
  return <ProfileSection title={organizes ? YOUR_DEAL : THE_DEAL}>{body}</ProfileSection>;
}
