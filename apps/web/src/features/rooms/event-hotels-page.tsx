// An event's hotel blocks (/events/{id}/hotels), for its organizers: each block's pickup night by
// night with the attrition warning, accept, decline or counter-propose, proposing a block to a
// hotel (those nearest the event's venue first, with their distance, none sold out on every night
// of its stay, then its linked hotels), the booking link to share with teams, the event's teams
// (features/teams), and the reservations made for the event with their CSV export.
import { formatEventDateRange } from "@hostfield/domain/rules";
import HotelIcon from "@mui/icons-material/Hotel";
import ShareIcon from "@mui/icons-material/Share";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { PageFrame } from "../../ui/page-frame";
import { TeamsSection } from "../teams";
import { BlocksSection } from "./blocks-section";
import { ListingLine, ManageGate } from "./manage-gate";
import { ReservationsSection } from "./reservations-section";
import {
  listEventHotels,
  listHotelsForEvent,
  roomsKeys,
  type TManagedListing,
  type TPickable,
} from "./rooms-api";
import { eventBookingLink } from "./rooms-paths";

export const EVENT_HOTELS_TITLE = "Hotel room blocks";
export const LINK_COPIED = "Booking link copied. Send it to your teams.";

function ShareBookingLink({ eventId }: { eventId: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const [fallback, setFallback] = useState<string | null>(null);
  const share = async () => {
    const link = eventBookingLink(window.location.origin, eventId);
    try {
      await navigator.clipboard.writeText(link);
      setFallback(null);
      enqueueSnackbar(LINK_COPIED, { variant: "success" });
    } catch {
      // No clipboard (an insecure page, a refused permission): the link to copy by hand.
      setFallback(link);
    }
  };
  return (
    <Stack spacing={1} sx={{ alignItems: { sm: "flex-end" } }}>
      <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => void share()}>
        Share booking link
      </Button>
      {fallback ? (
        <Alert severity="info" onClose={() => setFallback(null)}>
          Copy this link:{" "}
          <TextField
            value={fallback}
            size="small"
            slotProps={{ htmlInput: { readOnly: true, "aria-label": "Booking link" } }}
            onFocus={(e) => e.target.select()}
            sx={{ mt: 1, width: "100%" }}
          />
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The hotels the block dialog offers first: those nearest the event's place, with their distance
 * (none sold out on every night of its stay: those are not suggested; "No rates yet" where the
 * hotel has not priced its nights), then its linked hotels (a linked hotel near the venue is listed
 * once, among the near ones).
 */
function suggestions(near: readonly TPickable[], linked: readonly TPickable[]): TPickable[] {
  const linkedIds = new Set(linked.map((h) => h.id));
  return [
    ...near.map((h) =>
      linkedIds.has(h.id)
        ? { ...h, detail: [h.detail, "Linked to the event"].filter(Boolean).join(" · ") }
        : h,
    ),
    ...linked.filter((h) => !near.some((n) => n.id === h.id)),
  ];
}

function EventHotels({ event }: { event: TManagedListing }) {
  // From an award ("Hold hotel rooms"): the block for the awarded lead is proposed first.
  const leadId = useSearchParams()[0].get("leadId") ?? undefined;
  const linked = useQuery({
    queryKey: roomsKeys.eventHotels(event.id),
    queryFn: ({ signal }) => listEventHotels(event.id, signal),
  });
  // The event's place is its venue's once a proposal is awarded; without one, no hotel is near.
  const { lat, lng } = event;
  const hasPlace = typeof lat === "number" && typeof lng === "number";
  const near = useQuery({
    queryKey: roomsKeys.hotelsForEvent(event.id),
    queryFn: ({ signal }) => listHotelsForEvent(event.id, signal),
    enabled: hasPlace,
  });
  return (
    <Stack spacing={4}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { sm: "flex-start" } }}
      >
        <Typography color="text.secondary">
          <ListingLine kind="event" listing={event} />
          {event.startDate
            ? ` · ${formatEventDateRange(event.startDate, event.endDate ?? null)}`
            : null}
        </Typography>
        <ShareBookingLink eventId={event.id} />
      </Stack>
      <BlocksSection
        side="organizer"
        eventId={event.id}
        suggestedHotels={suggestions(hasPlace ? (near.data ?? []) : [], linked.data ?? [])}
        leadId={leadId}
      />
      <TeamsSection eventId={event.id} />
      <ReservationsSection
        scope="event"
        id={event.id}
        canCancel={false}
        heading="Reservations for the event"
      />
    </Stack>
  );
}

export function EventHotelsPage() {
  const { eventId = "" } = useParams();
  return (
    <PageFrame title={EVENT_HOTELS_TITLE} icon={<HotelIcon />}>
      <ManageGate
        kind="event"
        id={eventId}
        what="manage its hotel blocks"
        seeWhat="the event's hotel blocks"
      >
        {(event) => <EventHotels event={event} />}
      </ManageGate>
    </PageFrame>
  );
}
