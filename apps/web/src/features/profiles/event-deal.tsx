// Once an organizer awards a venue's proposal, the event's page is the deal's home: for its
// organizers ("Your deal") and for the winning venue's people ("The deal"), the venue and the
// offer accepted (its version, price and terms, its lines behind a toggle), the hotel rooms, the
// conversation between the two sides and the event's calendar file. Everyone else sees the venue
// alone (event-venue.tsx). Organizers see every hotel block of the event (its hotel, status, room
// nights held in all and night by night, pickup and cut-off: the hotel service's block list, theirs
// to read) and the way to hold more; the venue's people see the rooms held, as the event's page
// offers them to guests.
//
// The leads are asked for only once the event has a venue (the award makes it the event's partner),
// so an event before its award shows nothing here and calls nothing. Organizers list the event's
// Won leads; anyone else signed in lists the leads sent to their own listings, where the winner
// finds its award. A refusal means the viewer has no deal to see, not an error.

import type { TBlock, TBlockStatus, TEventStayInfo, TLead } from "@hostfield/domain/contracts";
import { formatEventDate, OWNER_TYPE_KINDS, profileLink } from "@hostfield/domain/rules";
import EventIcon from "@mui/icons-material/Event";
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import ForumIcon from "@mui/icons-material/Forum";
import HotelIcon from "@mui/icons-material/Hotel";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
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
import { formatNight, plural } from "../../lib/stay-format";
import { Facts } from "../../ui/facts";
import { ProposalAttachments, ProposalLines } from "../../ui/proposal-view";
import { RetryAlert } from "../../ui/query-states";
import { getEventStayInfo, stayKeys } from "../stays";
import { ADD_TO_CALENDAR, icalUrl } from "./event-request-actions";
import { type TEventVenue, useEventVenue } from "./event-venue";
import { dealBlocksKey, listEventBlocks, listEventWonLeads, listMyEventLeads } from "./events-api";
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
  if (proposal.attachments.length > 0) {
    facts.push([
      "Attachments",
      <ProposalAttachments key="a" attachments={proposal.attachments} lead={lead} />,
    ]);
  }
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

const HOTEL_ROOMS = "Hotel rooms";
const NO_ROOMS_HELD = "No rooms held yet";

const BLOCK_STATUS_COLORS: Record<TBlockStatus, "warning" | "success" | "error" | "default"> = {
  Proposed: "warning",
  Accepted: "success",
  Declined: "error",
  Released: "default",
};

/** A block's nights in order, its room types' rooms held and booked added up per night. */
function blockNights(
  block: Pick<TBlock, "nights">,
): { night: string; held: number; booked: number }[] {
  const byNight = new Map<string, { held: number; booked: number }>();
  for (const n of block.nights) {
    const sum = byNight.get(n.night) ?? { held: 0, booked: 0 };
    byNight.set(n.night, { held: sum.held + n.held, booked: sum.booked + n.booked });
  }
  return [...byNight]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([night, sum]) => ({ night, ...sum }));
}

/**
 * A block's status as its organizers read it: its word (a Proposed block whose terms the side that
 * did not first propose put on the table is Countered), and what it waits for or what became of it.
 */
function blockStatusText(block: Pick<TBlock, "status" | "proposedBy" | "history">): {
  label: string;
  note: string | null;
} {
  switch (block.status) {
    case "Proposed": {
      const first = block.history.find((entry) => entry.action === "proposed");
      return {
        label: first && first.side !== block.proposedBy ? "Countered" : "Proposed",
        note:
          block.proposedBy === "organizer"
            ? "Waiting for the hotel's answer"
            : "Waiting for your answer",
      };
    }
    case "Released":
      return { label: "Released", note: "Unbooked rooms went back to the hotel at the cut-off" };
    default:
      return { label: block.status, note: null };
  }
}

/** Rooms are held once the block is accepted (and were, once released); before, only asked. */
const holds = (block: Pick<TBlock, "status">) =>
  block.status === "Accepted" || block.status === "Released";

function RoomsSkeleton() {
  return (
    <Stack spacing={1} role="status" aria-label="Loading the hotel rooms">
      <Skeleton variant="text" width="50%" />
      <Skeleton variant="rounded" height={56} />
    </Stack>
  );
}

/** The deal's rooms part: its title, what it holds, and for organizers the way to hold more. */
function RoomsPart({ children, hold }: { children: ReactNode; hold?: ReactNode }) {
  const titleId = useId();
  return (
    <Stack spacing={1} component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {HOTEL_ROOMS}
      </Typography>
      {children}
      {hold ? <Box>{hold}</Box> : null}
    </Stack>
  );
}

/**
 * One of the event's blocks as its organizers see it: the hotel, the status, the room nights held
 * (or asked) in all and night by night, what is booked so far, and the cut-off.
 */
function OrganizerBlock({ block }: { block: TBlock }) {
  const status = blockStatusText(block);
  const nights = blockNights(block);
  const held = holds(block);
  const hotel = block.hotel.name;
  const percent = block.held > 0 ? Math.round((block.booked / block.held) * 100) : null;
  return (
    <Box component="li" aria-label={hotel} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Link
          component={RouterLink}
          to={profileLink("hotel", block.hotel.id)}
          sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
        >
          {hotel}
        </Link>
        <Chip size="small" label={status.label} color={BLOCK_STATUS_COLORS[block.status]} />
      </Stack>
      {status.note ? (
        <Typography variant="body2" color="text.secondary">
          {status.note}
        </Typography>
      ) : null}
      <Typography variant="body2">
        {plural(block.held, "room night")} {held ? "held" : "asked"}
        {nights.length > 0 ? ` over ${plural(nights.length, "night")}` : ""}
      </Typography>
      {nights.length > 0 ? (
        <Box
          component="ul"
          aria-label={`Nights at ${hotel}`}
          sx={{ m: 0, pl: 2.5, color: "text.secondary" }}
        >
          {nights.map((n) => (
            <Typography component="li" variant="body2" key={n.night}>
              {formatNight(n.night)}: {plural(n.held, "room")}
              {held ? ` · ${n.booked} booked` : ""}
            </Typography>
          ))}
        </Box>
      ) : null}
      {held ? (
        <Typography variant="body2">
          Booked so far: {block.booked} of {plural(block.held, "room night")}
          {percent === null ? "" : ` (${percent}%)`}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        Cut-off {formatEventDate(block.cutoffDate)}
      </Typography>
    </Box>
  );
}

/**
 * The organizers' rooms: every block of the event (the hotel service's block list, which only
 * they may read), each with its status, nights, pickup and cut-off, and the way to hold more rooms
 * for this award. A refusal (no longer an organizer) shows nothing.
 */
function OrganizerRooms({ eventId, leadId }: { eventId: string; leadId: string }) {
  const blocks = useQuery({
    queryKey: dealBlocksKey(eventId),
    queryFn: ({ signal }) => listEventBlocks(eventId, signal),
  });
  let body: ReactNode;
  if (blocks.isPending) body = <RoomsSkeleton />;
  else if (blocks.isError) {
    if (isRefusal(blocks.error)) return null;
    body = (
      <RetryAlert onRetry={() => void blocks.refetch()}>
        The hotel rooms held for the event did not load.
      </RetryAlert>
    );
  } else if (blocks.data.length === 0) {
    body = (
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {NO_ROOMS_HELD}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Propose a block to a hotel near the venue: rooms set aside for the teams at a group rate.
        </Typography>
      </Box>
    );
  } else {
    body = (
      <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: "none" }}>
        {blocks.data.map((block) => (
          <OrganizerBlock key={block.id} block={block} />
        ))}
      </Stack>
    );
  }
  const any = (blocks.data?.length ?? 0) > 0;
  return (
    <RoomsPart
      hold={
        <Button
          component={RouterLink}
          to={eventHotelBlocksPath(eventId, leadId)}
          variant="outlined"
          startIcon={<HotelIcon />}
        >
          {any ? "Hold more rooms" : "Hold rooms"}
        </Button>
      }
    >
      {body}
    </RoomsPart>
  );
}

/** A held block as the venue's people see it: its hotel (named once its listing loads), rooms left and cut-off. */
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
        <Skeleton variant="text" width={160} role="status" aria-label="Loading the hotel" />
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
 * The winning venue's rooms: the event's accepted blocks as the event page offers them to anyone
 * (the hotel service's stay information, the query the page's hotels section reads too). Nothing
 * shows until rooms are held.
 */
function VenueRooms({ eventId }: { eventId: string }) {
  const stay = useQuery({
    queryKey: stayKeys.event(eventId),
    queryFn: ({ signal }) => getEventStayInfo(eventId, signal),
  });
  if (stay.isPending) return <RoomsSkeleton />;
  // A 404: the hotel service does not know the event, so no rooms are held for it.
  if (stay.isError && !(stay.error instanceof ApiError && stay.error.status === 404)) {
    return (
      <RetryAlert onRetry={() => void stay.refetch()}>
        The hotel rooms held for the event did not load.
      </RetryAlert>
    );
  }
  const blocks = stay.data?.blocks ?? [];
  if (blocks.length === 0) return null;
  return (
    <RoomsPart>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: "none" }}>
        {blocks.map((block) => (
          <HeldBlock key={block.id} block={block} />
        ))}
      </Stack>
    </RoomsPart>
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
      {organizes ? (
        <OrganizerRooms eventId={eventId} leadId={lead.id} />
      ) : (
        <VenueRooms eventId={eventId} />
      )}
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
