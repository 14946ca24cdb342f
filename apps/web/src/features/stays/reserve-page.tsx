// /hotels/{hotelId}/reserve?eventId=&checkIn=&checkOut=&rooms=&guests=: booking a room in three
// steps. 1: dates (inside the event's stay window when an event is given), rooms and guests, and
// the hotel's offers for them; 2: who stays (signing in is required); 3: the price checked again
// (a changed price must be accepted), then the booking, which opens its confirmation page.
// With `change={reservationId}` the same flow changes that reservation's stay instead: the guest
// details step is skipped (the reservation keeps them), the review sets the old total beside the
// new one, and confirming sends the new quote to the reservation (PATCH) rather than booking.
// With `teamLink={token}` (from a team's booking link) the booking is for that team: the page says
// which, the guest details ask no team, and the booking carries the token.
// A booking at a hotel (or in a block) that requires a card guarantee stays on the page after it is
// made: it says a card is needed to hold it, with the terms, and opens the card page at once.
// This file is the page and the change mode's checks; the steps and where the flow is are
// reserve-flow.tsx (with a file per step), the search the address keeps is reserve-search.ts.
import { ZId } from "@hostfield/domain/contracts";
import { profileLink, todayUtc } from "@hostfield/domain/rules";
import HotelIcon from "@mui/icons-material/Hotel";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { ListSkeleton, RetryAlert } from "../../ui/query-states";
import { RequireSignIn } from "../../ui/require-sign-in";
import { ReserveFlow } from "./reserve-flow";
import { CHANGE_PAST_CUTOFF } from "./reserve-review-step";
import { readAddress, type TAddress } from "./reserve-search";
import { reservationPath } from "./stay-paths";
import { getListingName, getReservation, stayKeys } from "./stays-api";
import { guestMayChange } from "./stays-format";

/** The change mode's reservation: loaded, at this hotel and still the guest's to change. */
function ChangeStay({ hotelId, address, id }: { hotelId: string; address: TAddress; id: string }) {
  const valid = ZId.safeParse(id).success;
  const reservation = useQuery({
    queryKey: stayKeys.reservation(id),
    queryFn: ({ signal }) => getReservation(id, signal),
    enabled: valid,
  });
  const notFound =
    !valid ||
    (reservation.error instanceof ApiError && [400, 403, 404].includes(reservation.error.status));
  if (notFound) {
    return (
      <NoticePanel role="alert" icon={<SearchOffIcon />} title="This reservation was not found">
        It may belong to another account, or the address is mistyped.
      </NoticePanel>
    );
  }
  if (reservation.isError) {
    return (
      <RetryAlert onRetry={() => void reservation.refetch()}>
        {apiErrorMessage(reservation.error, "The reservation did not load.")}
      </RetryAlert>
    );
  }
  if (!reservation.data) {
    return <ListSkeleton label="Loading the reservation" rows={2} height={72} />;
  }
  const found = reservation.data;
  const back = (
    <Button component={RouterLink} to={reservationPath(found.id)}>
      Back to the reservation
    </Button>
  );
  if (found.hotel.id !== hotelId) {
    return (
      <NoticePanel
        role="alert"
        icon={<SearchOffIcon />}
        title="This reservation is at another hotel"
        actions={back}
      >
        A stay can only be changed at the hotel it was booked at.
      </NoticePanel>
    );
  }
  if (!guestMayChange(found, todayUtc())) {
    return (
      <NoticePanel
        role="alert"
        icon={<SearchOffIcon />}
        title="This stay can no longer be changed"
        actions={back}
      >
        {found.status === "Cancelled" ? "This reservation is cancelled." : CHANGE_PAST_CUTOFF}
      </NoticePanel>
    );
  }
  // The new stay must be for the reservation's event (or none), whatever the address says.
  return (
    <ReserveFlow
      hotelId={hotelId}
      address={{ ...address, eventId: found.event?.id }}
      changing={found}
    />
  );
}

function useListingName(kind: "hotel" | "event", id: string | undefined) {
  return useQuery({
    queryKey: stayKeys.listingName(kind, id ?? ""),
    queryFn: ({ signal }) => getListingName(kind, id ?? "", signal),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });
}

export function ReservePage() {
  const { hotelId } = useParams();
  const [params] = useSearchParams();
  const address = readAddress(params);
  const validHotel = ZId.safeParse(hotelId).success ? hotelId : undefined;
  const hotel = useListingName("hotel", validHotel);
  const event = useListingName("event", address.eventId);
  const changing = Boolean(address.change);

  if (!validHotel) {
    return (
      <PageFrame title="Hotel not found">
        <NoticePanel role="alert" icon={<SearchOffIcon />} title="This hotel was not found">
          The address may be mistyped.
        </NoticePanel>
      </PageFrame>
    );
  }
  const name = hotel.data?.name;
  return (
    <PageFrame
      title={
        changing
          ? name
            ? `Change your stay at ${name}`
            : "Change your stay"
          : name
            ? `Reserve at ${name}`
            : "Reserve a room"
      }
      icon={<HotelIcon />}
      description={
        <>
          {name ? (
            <Link component={RouterLink} to={profileLink("hotel", validHotel)}>
              {name}
            </Link>
          ) : hotel.isPending ? (
            <Skeleton variant="text" width={160} sx={{ display: "inline-block" }} />
          ) : (
            "The hotel"
          )}
          {address.eventId && event.data ? (
            <>
              {" for "}
              <Link component={RouterLink} to={profileLink("event", address.eventId)}>
                {event.data.name}
              </Link>
            </>
          ) : null}
        </>
      }
    >
      {address.change ? (
        <RequireSignIn what="this reservation">
          <ChangeStay hotelId={validHotel} address={address} id={address.change} />
        </RequireSignIn>
      ) : (
        <ReserveFlow hotelId={validHotel} address={address} />
      )}
    </PageFrame>
  );
}
