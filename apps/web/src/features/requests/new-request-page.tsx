// The "Request proposals" pages: /requests/new (a new event, or a copy of one of mine; with
// `?facility={id}` or `?destination={id}`, sent straight to that venue; with `?shortlist={id}`, to
// every listed venue on one of my shortlists) and /events/{id}/request (for an event I organize).

import { type TVenueKind, VENUE_KINDS } from "@hostfield/domain/rules";
import RequestQuoteIcon from "@mui/icons-material/RequestQuote";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import { useQuery } from "@tanstack/react-query";
import { useParams, useSearchParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { PageFrame } from "../../ui/page-frame";
import { RequireSignIn } from "../../ui/require-sign-in";
import { isListingId, useAbilities } from "../profiles";
import { EventNotFound, OrganizersOnly } from "./request-notices";
import { RequestWizard } from "./request-wizard";
import { getEvent, getShortlistVenues, getVenue, requestKeys } from "./requests-api";

export const REQUEST_TITLE = "Request proposals";
const DESCRIPTION =
  "Describe the venue you need; destinations and facilities that fit send you proposals.";

/** The venue a `?facility=` or `?destination=` link asks to send to directly, or null. */
function useDirectVenue(): { kind: TVenueKind; id: string } | null {
  const [params] = useSearchParams();
  for (const kind of VENUE_KINDS) {
    const id = params.get(kind);
    if (isListingId(id ?? undefined)) return { kind, id: id as string };
  }
  return null;
}

/** The wizard for a new event, sent straight to the venue whose page the organizer came from. */
function ToVenue({ kind, id }: { kind: TVenueKind; id: string }) {
  const venue = useQuery({
    queryKey: requestKeys.venue(kind, id),
    queryFn: ({ signal }) => getVenue(kind, id, signal),
  });
  if (venue.isPending) {
    return (
      <Stack spacing={2} role="status" aria-label="Loading the venue">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (venue.isError && !isMissing(venue.error)) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void venue.refetch()}>
            Retry
          </Button>
        }
      >
        {apiErrorMessage(venue.error, "The venue did not load.")}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      {venue.data ? (
        <Alert severity="info">
          This request goes straight to <strong>{venue.data.name}</strong>; at the last step you may
          add other venues or let us match venues instead.
        </Alert>
      ) : (
        <Alert severity="warning">
          That venue was not found. Describe your event; at the last step you choose who gets it.
        </Alert>
      )}
      <RequestWizard event={null} venues={venue.data ? [venue.data] : []} />
    </Stack>
  );
}

/** The wizard for a new event, sent straight to every listed venue on one of my shortlists. */
function ToShortlist({ id }: { id: string }) {
  const shortlist = useQuery({
    queryKey: requestKeys.shortlist(id),
    queryFn: ({ signal }) => getShortlistVenues(id, signal),
  });
  if (shortlist.isPending) {
    return (
      <Stack spacing={2} role="status" aria-label="Loading the shortlist">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (shortlist.isError && !isMissing(shortlist.error)) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void shortlist.refetch()}>
            Retry
          </Button>
        }
      >
        {apiErrorMessage(shortlist.error, "The shortlist did not load.")}
      </Alert>
    );
  }
  const venues = shortlist.data?.venues ?? [];
  return (
    <Stack spacing={2}>
      {shortlist.data && venues.length > 0 ? (
        <Alert severity="info">
          This request goes straight to the {venues.length} venues on{" "}
          <strong>{shortlist.data.name}</strong>; at the last step you may add or remove venues.
        </Alert>
      ) : (
        <Alert severity="warning">
          That shortlist was not found or has no listed venues. Describe your event; at the last
          step you choose who gets it.
        </Alert>
      )}
      <RequestWizard event={null} venues={venues} />
    </Stack>
  );
}

export function NewRequestPage() {
  const venue = useDirectVenue();
  const [params] = useSearchParams();
  const shortlistId = params.get("shortlist");
  return (
    <PageFrame title={REQUEST_TITLE} description={DESCRIPTION} icon={<RequestQuoteIcon />}>
      <RequireSignIn what="the request form">
        {isListingId(shortlistId ?? undefined) ? (
          <ToShortlist id={shortlistId as string} />
        ) : venue ? (
          <ToVenue {...venue} />
        ) : (
          <RequestWizard event={null} />
        )}
      </RequireSignIn>
    </PageFrame>
  );
}

const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

function ForEvent({ eventId }: { eventId: string }) {
  const event = useQuery({
    queryKey: requestKeys.event(eventId),
    queryFn: ({ signal }) => getEvent(eventId, signal),
  });
  const abilities = useAbilities("event", eventId);
  if (isMissing(event.error)) return <EventNotFound />;
  if (event.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void event.refetch()}>
            Retry
          </Button>
        }
      >
        {apiErrorMessage(event.error, "The event did not load.")}
      </Alert>
    );
  }
  if (abilities.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void abilities.refetch()}>
            Retry
          </Button>
        }
      >
        {apiErrorMessage(abilities.error, "What you may do with this event did not load.")}
      </Alert>
    );
  }
  if (event.isPending || abilities.isPending) {
    return (
      <Stack spacing={2} role="status" aria-label="Loading the event">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (!abilities.can("profile.update")) {
    return <OrganizersOnly eventId={eventId} what="request proposals" />;
  }
  return (
    <Stack spacing={2}>
      <Alert severity="info">
        For <strong>{event.data.name}</strong>: the request keeps its dates; its sports and space
        needs are filled in below, so change only what the venue must offer.
      </Alert>
      <RequestWizard event={event.data} />
    </Stack>
  );
}

export function EventRequestPage() {
  const { eventId } = useParams();
  return (
    <PageFrame title={REQUEST_TITLE} description={DESCRIPTION} icon={<RequestQuoteIcon />}>
      {isListingId(eventId) ? (
        <RequireSignIn what="the request form">
          <ForEvent eventId={eventId} />
        </RequireSignIn>
      ) : (
        <EventNotFound />
      )}
    </PageFrame>
  );
}
