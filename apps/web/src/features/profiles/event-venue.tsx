// Where an event happens, on its page: once an organizer awards a proposal, the server links the
// winning facility (or destination) to the event as its partner and moves the event to its place
// (rfps' award-venue.ts). This reads the event's partners, picks the venue among them, and shows it
// linked, with the venue's own address.
import { profileLink } from "@hostfield/domain/rules";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { apiGet } from "../../lib/api";
import { shapeParser } from "../../lib/reply-shape";
import { addressText } from "./profile-sections";
import { profileKeys } from "./profiles-api";
import { useProfile } from "./use-profiles";

export type TEventVenue = { id: string; kind: "facility" | "destination"; name: string };

type TPartner = { id: string; kind: string; name: string };

const partnersReply = shapeParser<{ id: string; partners: TPartner[] }>("The event's partners", {
  id: "string",
  partners: "array",
});

/**
 * The venue among an event's partners: a facility, where the event is played, before a
 * destination (one that won the award itself); null while it has neither.
 */
export function venueOf(partners: readonly TPartner[]): TEventVenue | null {
  for (const kind of ["facility", "destination"] as const) {
    const found = partners.find((p) => p.kind === kind);
    if (found) return { id: found.id, kind, name: found.name };
  }
  return null;
}

export async function getEventVenue(
  eventId: string,
  signal?: AbortSignal,
): Promise<TEventVenue | null> {
  const reply = await apiGet(`/event-mgmt/api/events/${encodeURIComponent(eventId)}/partners`, {
    schema: partnersReply,
    signal,
  });
  return venueOf(reply.partners);
}

/** The event's venue (null before an award), kept with the event's other queries. */
export function useEventVenue(eventId: string) {
  return useQuery({
    queryKey: [...profileKeys.one("event", eventId), "venue"],
    queryFn: ({ signal }) => getEventVenue(eventId, signal),
  });
}

/** The venue's name, linked to its page, and its address once its listing has loaded. */
export function EventVenue({ venue }: { venue: TEventVenue }) {
  const listing = useProfile(venue.kind, venue.id);
  const address = listing.data ? addressText(listing.data) : null;
  return (
    <Stack spacing={0.5}>
      <Link
        component={RouterLink}
        to={profileLink(venue.kind, venue.id)}
        sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
      >
        {venue.name}
      </Link>
      {address ? (
        <Typography
          component="address"
          variant="body2"
          color="text.secondary"
          sx={{ fontStyle: "normal" }}
        >
          {address}
        </Typography>
      ) : null}
    </Stack>
  );
}
