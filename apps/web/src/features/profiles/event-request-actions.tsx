// On an event's page: "Add to calendar" (its iCalendar file) for everyone; its venue once a
// proposal is awarded, for everyone; and for its organizers, the way to compare proposals and,
// until one is awarded, to request them.
import CompareArrowsIcon from "@mui/icons-material/CompareArrows";
import EventIcon from "@mui/icons-material/Event";
import RequestQuoteIcon from "@mui/icons-material/RequestQuote";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { buildApiPath } from "../../lib/api";
import { eventRequestPath, proposalsPath } from "../../lib/event-paths";
import { EventVenue, useEventVenue } from "./event-venue";
import { ProfileSection } from "./profile-section";

export const ADD_TO_CALENDAR = "Add to calendar";

/**
 * `GET /events/{id}/ical` as a plain link (with api-version, as every call carries): a download
 * sends no token, so it serves events anyone may read. Rooted at this site: a page the server
 * painted first would otherwise carry its renderer's origin. Kept here, not in an api module, so
 * the profile page does not load the request calls.
 */
export function icalUrl(eventId: string): string {
  return buildApiPath(`/event-mgmt/api/events/${encodeURIComponent(eventId)}/ical`);
}

function CompareProposals({ eventId }: { eventId: string }) {
  return (
    <Button
      component={RouterLink}
      to={proposalsPath(eventId)}
      variant="outlined"
      startIcon={<CompareArrowsIcon />}
    >
      Compare proposals
    </Button>
  );
}

export function EventRequestActions({
  eventId,
  canOrganize,
}: {
  eventId: string;
  canOrganize: boolean;
}) {
  const venue = useEventVenue(eventId);
  return (
    <>
      <ProfileSection title="Save the date">
        <Button
          component="a"
          href={icalUrl(eventId)}
          variant="outlined"
          startIcon={<EventIcon />}
          fullWidth
        >
          {ADD_TO_CALENDAR}
        </Button>
      </ProfileSection>
      {venue.data ? (
        // Awarded: the event has its venue, and its organizers no longer ask for one.
        <ProfileSection title="Venue">
          <Stack spacing={1.5}>
            <EventVenue venue={venue.data} />
            {canOrganize ? <CompareProposals eventId={eventId} /> : null}
          </Stack>
        </ProfileSection>
      ) : canOrganize && !venue.isPending ? (
        <ProfileSection title="Venue">
          <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary">
              Tell destinations and facilities what this event needs, and compare what they offer.
            </Typography>
            <Button
              component={RouterLink}
              to={eventRequestPath(eventId)}
              variant="contained"
              startIcon={<RequestQuoteIcon />}
            >
              Request proposals
            </Button>
            <CompareProposals eventId={eventId} />
          </Stack>
        </ProfileSection>
      ) : null}
    </>
  );
}
