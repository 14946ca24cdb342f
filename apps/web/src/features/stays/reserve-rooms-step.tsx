// The reserve flow's first step: the dates, rooms and guests (checked as reserve-search.ts says),
// the hotel's room types, and its offers for them; when changing a stay, the stay as it is now.
import {
  RESERVATION_MAX_ROOMS,
  type TReservation,
  type TRoomOffer,
  type TStayAvailability,
} from "@hostfield/domain/contracts";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link as RouterLink } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { NoticePanel } from "../../ui/notice-panel";
import { ListSkeleton, RetryAlert } from "../../ui/query-states";
import {
  draftErrors,
  searchOf,
  type TAddress,
  type TDraft,
  type TWindow,
  widened,
} from "./reserve-search";
import { OfferCard } from "./stay-offers";
import { reservationPath } from "./stay-paths";
import { getAvailability, getRoomTypes, stayKeys, type TStaySearch } from "./stays-api";
import { formatDay, formatMoney, plural, stayLabel } from "./stays-format";

export const NO_OFFERS_TITLE = "No rooms for these dates";

function RoomTypesLine({ hotelId }: { hotelId: string }) {
  const types = useQuery({
    queryKey: stayKeys.rooms(hotelId),
    queryFn: ({ signal }) => getRoomTypes(hotelId, signal),
  });
  if (types.isPending) return <Skeleton variant="text" width="60%" />;
  if (types.isError) {
    return (
      <RetryAlert onRetry={() => void types.refetch()}>
        {apiErrorMessage(types.error, "The hotel's room types did not load.")}
      </RetryAlert>
    );
  }
  if (types.data.length === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      Room types:{" "}
      {types.data.map((type) => `${type.name} (sleeps ${type.maxOccupancy})`).join(", ")}
    </Typography>
  );
}

function SearchForm({
  address,
  stayWindow,
  onSearch,
}: {
  address: TAddress;
  stayWindow: TWindow | null;
  onSearch: (draft: TDraft) => void;
}) {
  const [draft, setDraft] = useState<TDraft>(() => ({
    checkIn: address.checkIn ?? stayWindow?.checkIn ?? "",
    checkOut: address.checkOut ?? stayWindow?.checkOut ?? "",
    rooms: String(address.rooms ?? 1),
    guests: String(address.guests ?? address.rooms ?? 1),
  }));
  // Dates that came in the address (a link) are judged at once; typed ones on submit.
  const [shown, setShown] = useState(Boolean(address.checkIn || address.checkOut));
  const errors = draftErrors(draft, stayWindow);
  const visible = shown ? errors : {};
  const set = (name: keyof TDraft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (Object.keys(errors).length === 0) onSearch(draft);
  };
  const dateLimits = stayWindow
    ? { min: stayWindow.bookable.checkIn, max: stayWindow.bookable.checkOut }
    : {};
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Dates and rooms">
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr) auto" },
          alignItems: "start",
        }}
      >
        <TextField
          type="date"
          label="Check-in"
          value={draft.checkIn}
          onChange={set("checkIn")}
          error={Boolean(visible.checkIn)}
          helperText={visible.checkIn}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: dateLimits }}
        />
        <TextField
          type="date"
          label="Check-out"
          value={draft.checkOut}
          onChange={set("checkOut")}
          error={Boolean(visible.checkOut)}
          helperText={visible.checkOut}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: dateLimits }}
        />
        <TextField
          type="number"
          label="Rooms"
          value={draft.rooms}
          onChange={set("rooms")}
          error={Boolean(visible.rooms)}
          helperText={visible.rooms}
          slotProps={{ htmlInput: { min: 1, max: RESERVATION_MAX_ROOMS, inputMode: "numeric" } }}
        />
        <TextField
          type="number"
          label="Guests"
          value={draft.guests}
          onChange={set("guests")}
          error={Boolean(visible.guests)}
          helperText={visible.guests}
          slotProps={{ htmlInput: { min: 1, inputMode: "numeric" } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          sx={{ gridColumn: { xs: "1 / -1", md: "auto" }, mt: { md: 0.5 } }}
        >
          See rooms
        </Button>
      </Box>
      {stayWindow ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          The event's stay: {stayLabel(stayWindow.checkIn, stayWindow.checkOut)}.{" "}
          {widened(stayWindow)
            ? `Its hotel blocks hold nights from ${formatDay(stayWindow.bookable.checkIn)} to ${formatDay(stayWindow.bookable.checkOut)}: your nights must fall inside those.`
            : "Your nights must fall inside it."}
        </Typography>
      ) : null}
    </Box>
  );
}

function Offers({
  hotelId,
  search,
  onChoose,
}: {
  hotelId: string;
  search: TStaySearch;
  onChoose: (offer: TRoomOffer, availability: TStayAvailability) => void;
}) {
  const availability = useQuery({
    queryKey: stayKeys.availability(hotelId, search),
    queryFn: ({ signal }) => getAvailability(hotelId, search, signal),
    // A quote is good for minutes; what shows must be what the server just priced.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  if (availability.isPending) {
    return <ListSkeleton label="Looking for rooms" rows={2} height={160} />;
  }
  if (availability.isError) {
    return (
      <RetryAlert onRetry={() => void availability.refetch()}>
        {apiErrorMessage(availability.error, "The rooms did not load.")}
      </RetryAlert>
    );
  }
  const { data } = availability;
  if (data.offers.length === 0) {
    return (
      <NoticePanel role="status" icon={<SearchOffIcon />} title={NO_OFFERS_TITLE}>
        Try other dates, or fewer rooms.
      </NoticePanel>
    );
  }
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary" role="status">
        {plural(data.offers.length, "room type")} for {stayLabel(data.checkIn, data.checkOut)},{" "}
        {plural(data.rooms, "room")}, {plural(data.guests, "guest")}.
        {data.liveRates ? " Nights outside the event's block use live rates." : ""}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="Room offers">
        {data.offers.map((offer) => (
          <OfferCard
            key={offer.roomType.id}
            offer={offer}
            rooms={data.rooms}
            onChoose={() => onChoose(offer, data)}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/** The step: the search, the hotel's room types and its offers; when changing, the stay as it is. */
export function RoomsStep({
  hotelId,
  address,
  stayWindow,
  changing,
  message,
  onDismissMessage,
  onSearch,
  onChoose,
}: {
  hotelId: string;
  address: TAddress;
  stayWindow: TWindow | null;
  /** The reservation whose stay is being changed; null when booking. */
  changing: TReservation | null;
  /** Why the flow came back to this step (the rooms or the price are gone), until dismissed. */
  message: string | null;
  onDismissMessage: () => void;
  onSearch: (draft: TDraft) => void;
  onChoose: (offer: TRoomOffer, availability: TStayAvailability) => void;
}) {
  const search = searchOf(address, stayWindow);
  return (
    <Stack spacing={2.5}>
      {changing ? <ChangingNotice reservation={changing} /> : null}
      {message ? (
        <Alert severity="warning" role="alert" onClose={onDismissMessage}>
          {message}
        </Alert>
      ) : null}
      <SearchForm
        key={`${address.checkIn}-${address.checkOut}-${stayWindow?.checkIn}`}
        address={address}
        stayWindow={stayWindow}
        onSearch={onSearch}
      />
      <RoomTypesLine hotelId={hotelId} />
      {search ? <Offers hotelId={hotelId} search={search} onChoose={onChoose} /> : null}
    </Stack>
  );
}

/** Step 1 when changing: the stay as it is now, and the way back leaving it so. */
function ChangingNotice({ reservation }: { reservation: TReservation }) {
  return (
    <Alert severity="info" role="note">
      <AlertTitle>Changing reservation {reservation.confirmationNumber}</AlertTitle>
      Now: {reservation.roomType.name}, {stayLabel(reservation.checkIn, reservation.checkOut)},{" "}
      {plural(reservation.rooms, "room")}, {plural(reservation.guests, "guest")}, total{" "}
      {formatMoney(reservation.total)}. Choose the new dates or rooms; the guest details stay as
      they are.{" "}
      <Link component={RouterLink} to={reservationPath(reservation.id)}>
        Keep it as it is
      </Link>
    </Alert>
  );
}
