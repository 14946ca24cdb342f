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
import {
  RESERVATION_MAX_ROOMS,
  STAY_MAX_NIGHTS,
  type TEventStayInfo,
  type TReservation,
  type TReservationCreate,
  type TRoomOffer,
  type TStayAvailability,
  ZId,
  ZReservationCreate,
} from "@hostfield/domain/contracts";
import { diffDays, isIsoDate, profileLink, todayUtc } from "@hostfield/domain/rules";
import HotelIcon from "@mui/icons-material/Hotel";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { isSignedInWithProfile, useAuth } from "../../lib/auth";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { ListSkeleton, RetryAlert } from "../../ui/query-states";
import { RequireSignIn, SignInPanel } from "../../ui/require-sign-in";
import { GuestGuarantee } from "../payments";
import { NightsTable, OfferCard } from "./stay-offers";
import { reservationPath } from "./stay-paths";
import {
  changedOfferOf,
  changeReservation,
  createReservation,
  getAvailability,
  getEventStayInfo,
  getListingName,
  getReservation,
  getRoomTypes,
  isErrorCode,
  stayKeys,
  type TStaySearch,
  verifyQuote,
} from "./stays-api";
import { formatDay, formatMoney, guestMayChange, plural, stayLabel } from "./stays-format";
import { TEAM_LINK_BLOCK_ONLY_TEXT, TeamLinkNotice } from "./team-link-notice";

export const RESERVE_STEPS = ["Dates and rooms", "Guest details", "Review and book"] as const;
/** The stepper's labels: short, so that three fit side by side on a phone. */
const STEP_LABELS = ["Rooms", "Guest", "Review"] as const;
/** Changing a stay skips the guest details: the flow's steps it shows, with their headings. */
const CHANGE_STEPS = [
  { step: 0, label: "Rooms", heading: "New dates and rooms" },
  { step: 2, label: "Review", heading: "Review and change" },
] as const;
const BOOK_STEPS = STEP_LABELS.map((label, step) => ({
  step,
  label,
  heading: RESERVE_STEPS[step],
}));
export const NO_OFFERS_TITLE = "No rooms for these dates";
export const SIGN_IN_TO_BOOK = "Sign in to book";
export const STAY_CHANGED = "Reservation changed";
export const CHANGE_PAST_CUTOFF =
  "The time to change this reservation online has passed; only the hotel can change it now.";

// ---- the search, as the address keeps it ----

const positiveInt = (value: string | null, max: number): number | undefined => {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
};

type TAddress = {
  /** The reservation whose stay is being changed. */
  change?: string;
  eventId?: string;
  checkIn?: string;
  checkOut?: string;
  rooms?: number;
  guests?: number;
  /** A team's booking link token: the booking is for that team, in the event's blocks only. */
  teamLink?: string;
};

function readAddress(params: URLSearchParams): TAddress {
  const eventId = params.get("eventId");
  const change = params.get("change");
  const teamLink = params.get("teamLink");
  const date = (name: string) => {
    const value = params.get(name);
    return value && isIsoDate(value) ? value : undefined;
  };
  return {
    change: change || undefined,
    eventId: eventId && ZId.safeParse(eventId).success ? eventId : undefined,
    checkIn: date("checkIn"),
    checkOut: date("checkOut"),
    rooms: positiveInt(params.get("rooms"), RESERVATION_MAX_ROOMS),
    guests: positiveInt(params.get("guests"), RESERVATION_MAX_ROOMS * 20),
    teamLink: teamLink && teamLink.length <= 200 ? teamLink : undefined,
  };
}

/** The event's stay window (what the form offers first) and what may be booked around it. */
type TWindow = Pick<TEventStayInfo, "checkIn" | "checkOut" | "bookable">;

/** Whether the event's blocks hold nights outside its stay window. */
const widened = (w: TWindow) =>
  w.bookable.checkIn !== w.checkIn || w.bookable.checkOut !== w.checkOut;
type TDraft = { checkIn: string; checkOut: string; rooms: string; guests: string };
type TDraftErrors = Partial<Record<keyof TDraft, string>>;

/** What is wrong with the form, field by field; empty when it can be searched. */
export function draftErrors(draft: TDraft, stayWindow: TWindow | null): TDraftErrors {
  const errors: TDraftErrors = {};
  if (!isIsoDate(draft.checkIn)) errors.checkIn = "Choose the check-in date.";
  if (!isIsoDate(draft.checkOut)) errors.checkOut = "Choose the check-out date.";
  if (!errors.checkIn && !errors.checkOut) {
    const nights = diffDays(draft.checkIn, draft.checkOut);
    if (nights < 1) errors.checkOut = "Check-out must be after check-in.";
    else if (nights > STAY_MAX_NIGHTS) errors.checkOut = `Stay at most ${STAY_MAX_NIGHTS} nights.`;
    const bounds = stayWindow?.bookable;
    const what =
      stayWindow && widened(stayWindow) ? "the event's hotel blocks" : "the event's stay";
    if (bounds && draft.checkIn < bounds.checkIn) {
      errors.checkIn = `Check in on ${formatDay(bounds.checkIn)} or later: ${what}.`;
    }
    if (bounds && draft.checkOut > bounds.checkOut) {
      errors.checkOut = `Check out on ${formatDay(bounds.checkOut)} or earlier: ${what}.`;
    }
  }
  const rooms = positiveInt(draft.rooms, RESERVATION_MAX_ROOMS);
  if (rooms === undefined) errors.rooms = `From 1 to ${RESERVATION_MAX_ROOMS} rooms.`;
  const guests = positiveInt(draft.guests, RESERVATION_MAX_ROOMS * 20);
  if (guests === undefined) errors.guests = "At least 1 guest.";
  else if (rooms !== undefined && guests < rooms) errors.guests = "At least one guest per room.";
  return errors;
}

/** The search the address asks for, when it is complete and inside the window. */
function searchOf(address: TAddress, stayWindow: TWindow | null): TStaySearch | null {
  if (!address.checkIn || !address.checkOut) return null;
  const draft = {
    checkIn: address.checkIn,
    checkOut: address.checkOut,
    rooms: String(address.rooms ?? 1),
    guests: String(address.guests ?? address.rooms ?? 1),
  };
  if (Object.keys(draftErrors(draft, stayWindow)).length > 0) return null;
  return {
    checkIn: draft.checkIn,
    checkOut: draft.checkOut,
    rooms: Number(draft.rooms),
    guests: Number(draft.guests),
    ...(address.eventId ? { eventId: address.eventId } : {}),
  };
}

// ---- step 1: dates, rooms and guests, and the offers ----

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

// ---- step 2: who stays ----

type TGuest = Omit<TReservationCreate, "quote">;
type TGuestDraft = { guestName: string; email: string; phone: string; team: string };

const ZGuest = ZReservationCreate.omit({ quote: true });

function guestOf(draft: TGuestDraft): { guest: TGuest | null; errors: Partial<TGuestDraft> } {
  const parsed = ZGuest.safeParse({
    guestName: draft.guestName,
    email: draft.email.trim(),
    phone: draft.phone,
    team: draft.team.trim() === "" ? null : draft.team,
  });
  if (parsed.success) return { guest: parsed.data, errors: {} };
  const errors: Partial<TGuestDraft> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "guestName") errors.guestName = "Enter the guest's name.";
    if (field === "email") errors.email = "Enter an e-mail address, like name@example.com.";
    if (field === "phone") errors.phone = "Enter a phone number (at least 3 characters).";
    if (field === "team") errors.team = "At most 200 characters.";
  }
  return { guest: null, errors };
}

function SignInToBook() {
  return (
    <SignInPanel title={SIGN_IN_TO_BOOK}>
      Reservations belong to a Hostfield account, so you can find, change or cancel them later.
    </SignInPanel>
  );
}

function GuestForm({
  initial,
  forTeam = false,
  onBack,
  onNext,
}: {
  initial: TGuest | null;
  /** Booked through a team's link: the link names the team, so no team is typed. */
  forTeam?: boolean;
  onBack: () => void;
  onNext: (guest: TGuest) => void;
}) {
  const auth = useAuth();
  const [draft, setDraft] = useState<TGuestDraft>(() => ({
    guestName: initial?.guestName ?? auth.profile?.name ?? "",
    email: initial?.email ?? auth.profile?.email ?? "",
    phone: initial?.phone ?? "",
    team: initial?.team ?? "",
  }));
  const [shown, setShown] = useState(false);
  if (!isSignedInWithProfile(auth)) {
    if (auth.isLoading) return <Skeleton variant="rounded" height={200} />;
    return (
      <Stack spacing={2}>
        <SignInToBook />
        <Box>
          <Button onClick={onBack}>Back to the rooms</Button>
        </Box>
      </Stack>
    );
  }
  const { guest, errors } = guestOf(draft);
  const visible = shown ? errors : {};
  const set = (name: keyof TGuestDraft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (guest) onNext(guest);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Guest details">
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <TextField
          label="Guest name"
          required
          autoComplete="name"
          value={draft.guestName}
          onChange={set("guestName")}
          error={Boolean(visible.guestName)}
          helperText={visible.guestName}
        />
        <TextField
          label="E-mail"
          type="email"
          required
          autoComplete="email"
          value={draft.email}
          onChange={set("email")}
          error={Boolean(visible.email)}
          helperText={visible.email ?? "The confirmation goes here."}
        />
        <TextField
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
          value={draft.phone}
          onChange={set("phone")}
          error={Boolean(visible.phone)}
          helperText={visible.phone}
        />
        {forTeam ? null : (
          <TextField
            label="Team (optional)"
            value={draft.team}
            onChange={set("team")}
            error={Boolean(visible.team)}
            helperText={visible.team}
          />
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: "space-between" }}>
        <Button onClick={onBack}>Back</Button>
        <Button type="submit" variant="contained">
          Review
        </Button>
      </Stack>
    </Box>
  );
}

// ---- step 3: the price checked again, then the booking (or the change) ----

type TStay = { checkIn: string; checkOut: string; rooms: number; guests: number };

/** What confirming the review does: book for the guest given, or change the reservation's stay. */
type TAction =
  | { kind: "book"; guest: TGuest; onEditGuest: () => void; teamLink?: string }
  | { kind: "change"; reservation: TReservation };

function sendQuote(action: TAction, quote: string): Promise<TReservation> {
  return action.kind === "change"
    ? changeReservation(action.reservation.id, { quote })
    : createReservation({
        quote,
        ...action.guest,
        ...(action.teamLink ? { teamLink: action.teamLink, team: null } : {}),
      });
}

/** The reservation's total as it stands beside the new one, and the difference. */
function TotalsCompared({ before, after }: { before: number; after: number }) {
  const difference = after - before;
  return (
    <Stack spacing={0.5} role="group" aria-label="Old and new totals">
      <Box
        component="dl"
        sx={{ m: 0, display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2 }}
      >
        <Typography component="dt" color="text.secondary">
          Current total
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {formatMoney(before)}
        </Typography>
        <Typography component="dt" sx={{ fontWeight: 700, fontSize: 20 }}>
          New total
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: 20 }}>
          {formatMoney(after)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {difference === 0
          ? "The same total as now."
          : `${formatMoney(Math.abs(difference))} ${difference > 0 ? "more" : "less"} than now.`}
      </Typography>
    </Stack>
  );
}

/** A booking made that a card must hold: the guarantee, opening the card page at once. */
function CardNeeded({ reservation }: { reservation: TReservation }) {
  return (
    <Stack spacing={2}>
      <Alert severity="success">
        Booked: confirmation {reservation.confirmationNumber}. {reservation.hotel.name} holds it
        once a card guarantees it.
      </Alert>
      {reservation.guarantee ? (
        <GuestGuarantee
          reservationId={reservation.id}
          guarantee={reservation.guarantee}
          cancelled={false}
          returnPath={reservationPath(reservation.id)}
          autoStart
        />
      ) : null}
      <Box>
        <Button component={RouterLink} to={reservationPath(reservation.id)}>
          See the reservation
        </Button>
      </Box>
    </Stack>
  );
}

function ReviewStep({
  hotelId,
  offer,
  stay,
  action,
  onBack,
  onUnavailable,
}: {
  hotelId: string;
  offer: TRoomOffer;
  stay: TStay;
  action: TAction;
  onBack: () => void;
  onUnavailable: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [current, setCurrent] = useState<TRoomOffer>(offer);
  /** The total the guest has agreed to: what they chose, or a new one they accepted. */
  const [agreedTotal, setAgreedTotal] = useState(offer.total);
  const [expiredNote, setExpiredNote] = useState(false);
  /** A booking made that awaits its card guarantee: the page asks for the card. */
  const [awaitingCard, setAwaitingCard] = useState<TReservation | null>(null);
  const verify = useMutation({
    mutationFn: (quote: string) => verifyQuote(hotelId, quote),
  });

  const check = (quote: string, reverified = false) => {
    verify.mutate(quote, {
      onSuccess: (result) => {
        if (result.status === "unavailable" || !result.offer.available || !result.offer.quote) {
          onUnavailable(result.offer.reason ?? "These rooms are no longer available.");
          return;
        }
        if (result.status === "expired" && !reverified) {
          // The reply carries a fresh quote; check that one, and show its figures.
          setExpiredNote(true);
          check(result.offer.quote, true);
          return;
        }
        setCurrent(result.offer);
      },
      onError: (error) => {
        if (isErrorCode(error, "QUOTE_INVALID")) {
          onUnavailable(
            apiErrorMessage(error, "This price can no longer be booked. Search again."),
          );
        }
      },
    });
  };

  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks the chosen quote once, on arrival
  useEffect(() => {
    if (started.current || !offer.quote) return;
    started.current = true;
    check(offer.quote);
  }, []);

  const changing = action.kind === "change";
  const book = useMutation({
    mutationFn: (quote: string) => sendQuote(action, quote),
    onSuccess: (reservation) => {
      queryClient.setQueryData(stayKeys.reservation(reservation.id), reservation);
      void queryClient.invalidateQueries({ queryKey: ["stays", "mine"] });
      enqueueSnackbar(
        changing ? STAY_CHANGED : `Booked: confirmation ${reservation.confirmationNumber}.`,
        { variant: "success" },
      );
      if (!changing && reservation.guarantee?.state === "awaiting_card") {
        setAwaitingCard(reservation);
        return;
      }
      navigate(reservationPath(reservation.id));
    },
    onError: (error) => {
      const changed = changedOfferOf(error);
      if (changed) {
        setCurrent(changed);
        return;
      }
      if (isErrorCode(error, "ROOMS_UNAVAILABLE")) {
        onUnavailable(apiErrorMessage(error, "These rooms are no longer available."));
        return;
      }
      if (isErrorCode(error, "QUOTE_INVALID")) {
        onUnavailable(apiErrorMessage(error, "This price can no longer be booked. Search again."));
        return;
      }
      if (isErrorCode(error, "QUOTE_EXPIRED") && current.quote) {
        book.reset();
        check(current.quote);
        return;
      }
      if (action.kind === "change" && isErrorCode(error, "PAST_CUTOFF")) {
        // The reservation page should say so too when the guest goes back to it.
        void queryClient.invalidateQueries({
          queryKey: stayKeys.reservation(action.reservation.id),
        });
      }
    },
  });

  if (awaitingCard?.guarantee) return <CardNeeded reservation={awaitingCard} />;

  const changed = current.total !== agreedTotal;
  const checking = verify.isPending;
  // Past the cut-off no retry can succeed: the change stays refused.
  const pastCutoff = book.isError && isErrorCode(book.error, "PAST_CUTOFF");
  const canBook = !checking && !changed && Boolean(current.quote) && !verify.isError && !pastCutoff;
  const showBookError =
    book.isError && !changedOfferOf(book.error) && !isErrorCode(book.error, "QUOTE_EXPIRED");
  const guest = action.kind === "book" ? action.guest : action.reservation;

  return (
    <Stack spacing={2}>
      {checking ? (
        <Alert severity="info" role="status">
          Checking the price with the hotel…
        </Alert>
      ) : null}
      {verify.isError && !isErrorCode(verify.error, "QUOTE_INVALID") ? (
        <RetryAlert onRetry={() => current.quote && check(current.quote)}>
          {apiErrorMessage(verify.error, "The price could not be checked.")}
        </RetryAlert>
      ) : null}
      {expiredNote && !checking ? (
        <Alert severity="info">
          The price you chose had expired, so it was checked again. These are the figures now.
        </Alert>
      ) : null}
      {changed && !checking ? (
        <Alert
          severity="warning"
          role="alert"
          action={
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              onClick={() => setAgreedTotal(current.total)}
            >
              Accept {formatMoney(current.total)}
            </Button>
          }
        >
          <AlertTitle>The price changed</AlertTitle>
          Was {formatMoney(agreedTotal)}, now {formatMoney(current.total)}. Accept the new total to{" "}
          {changing ? "change the reservation" : "book"}.
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack spacing={1.5}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {current.roomType.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {current.roomType.beds} · Sleeps {current.roomType.maxOccupancy} ·{" "}
            {plural(stay.rooms, "room")}, {plural(stay.guests, "guest")}
          </Typography>
          <Typography variant="body2">{stayLabel(stay.checkIn, stay.checkOut)}</Typography>
          <NightsTable nights={current.nights} rooms={stay.rooms} label="Nightly rates" />
          {action.kind === "change" ? (
            <TotalsCompared before={action.reservation.total} after={current.total} />
          ) : (
            <Typography sx={{ fontWeight: 700, fontSize: 20 }} aria-label="Total">
              Total {formatMoney(current.total)}
            </Typography>
          )}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: "space-between", alignItems: "flex-start" }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              Guest
            </Typography>
            <Typography sx={{ overflowWrap: "anywhere" }}>{guest.guestName}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
              {[guest.email, guest.phone, guest.team].filter(Boolean).join(" · ")}
            </Typography>
            {changing ? (
              <Typography variant="body2" color="text.secondary">
                The guest details stay as they are.
              </Typography>
            ) : null}
          </Box>
          {action.kind === "book" ? (
            <Button size="small" onClick={action.onEditGuest}>
              Edit
            </Button>
          ) : null}
        </Stack>
      </Paper>
      {showBookError ? (
        <Alert
          severity="error"
          role="alert"
          action={
            pastCutoff && action.kind === "change" ? (
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={reservationPath(action.reservation.id)}
              >
                Back to the reservation
              </Button>
            ) : undefined
          }
        >
          {pastCutoff
            ? CHANGE_PAST_CUTOFF
            : isErrorCode(book.error, "TEAM_LINK_BLOCK_ONLY")
              ? TEAM_LINK_BLOCK_ONLY_TEXT
              : apiErrorMessage(
                  book.error,
                  changing
                    ? "The change did not go through. Try again."
                    : "The booking did not go through. Try again.",
                )}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between" }}>
        <Button onClick={onBack} disabled={book.isPending}>
          Back to the rooms
        </Button>
        <Button
          variant="contained"
          disabled={!canBook || book.isPending}
          onClick={() => current.quote && book.mutate(current.quote)}
        >
          {changing
            ? book.isPending
              ? "Changing…"
              : `Change for ${formatMoney(current.total)}`
            : book.isPending
              ? "Booking…"
              : `Book for ${formatMoney(current.total)}`}
        </Button>
      </Stack>
    </Stack>
  );
}

// ---- the page ----

/** Where the flow is; when changing a stay, step 2 has no guest (the reservation keeps its own). */
type TFlow =
  | { step: 0 }
  | { step: 1; offer: TRoomOffer; stay: TStay }
  | { step: 2; offer: TRoomOffer; stay: TStay; guest: TGuest | null };

function ReserveFlow({
  hotelId,
  address,
  changing = null,
}: {
  hotelId: string;
  address: TAddress;
  /** The reservation whose stay this flow changes; null to book a new one. */
  changing?: TReservation | null;
}) {
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [flow, setFlow] = useState<TFlow>({ step: 0 });
  const [guest, setGuest] = useState<TGuest | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const stepHeading = useId();
  const info = useQuery({
    queryKey: stayKeys.event(address.eventId ?? ""),
    queryFn: ({ signal }) => getEventStayInfo(address.eventId ?? "", signal),
    enabled: Boolean(address.eventId),
  });

  if (address.eventId && info.isPending) {
    return <ListSkeleton label="Loading the event's dates" rows={2} height={72} />;
  }
  if (address.eventId && info.isError) {
    return (
      <RetryAlert onRetry={() => void info.refetch()}>
        {apiErrorMessage(info.error, "The event's stay dates did not load.")}
      </RetryAlert>
    );
  }
  const stayWindow: TWindow | null = info.data
    ? { checkIn: info.data.checkIn, checkOut: info.data.checkOut, bookable: info.data.bookable }
    : null;
  const search = searchOf(address, stayWindow);

  const onSearch = (draft: TDraft) => {
    setMessage(null);
    setParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set("checkIn", draft.checkIn);
        next.set("checkOut", draft.checkOut);
        next.set("rooms", String(Number(draft.rooms)));
        next.set("guests", String(Number(draft.guests)));
        return next;
      },
      { replace: true },
    );
  };

  const onUnavailable = (text: string) => {
    setMessage(text);
    setFlow({ step: 0 });
    void queryClient.invalidateQueries({ queryKey: ["stays", "availability", hotelId] });
  };

  const steps = changing ? CHANGE_STEPS : BOOK_STEPS;
  const active = Math.max(
    0,
    steps.findIndex((s) => s.step === flow.step),
  );
  const action: TAction | null = changing
    ? { kind: "change", reservation: changing }
    : flow.step === 2 && flow.guest
      ? {
          kind: "book",
          guest: flow.guest,
          onEditGuest: () => setFlow({ step: 1, offer: flow.offer, stay: flow.stay }),
          teamLink: address.teamLink,
        }
      : null;

  return (
    <Stack spacing={3}>
      {address.teamLink && !changing ? <TeamLinkNotice token={address.teamLink} /> : null}
      <Stepper
        activeStep={active}
        alternativeLabel
        aria-label={changing ? "Change steps" : "Booking steps"}
      >
        {steps.map(({ label }) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box component="section" aria-labelledby={stepHeading}>
        <Typography id={stepHeading} variant="h6" component="h2" sx={{ mb: 2 }}>
          {steps[active]?.heading}
        </Typography>
        {flow.step === 0 ? (
          <Stack spacing={2.5}>
            {changing ? <ChangingNotice reservation={changing} /> : null}
            {message ? (
              <Alert severity="warning" role="alert" onClose={() => setMessage(null)}>
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
            {search ? (
              <Offers
                hotelId={hotelId}
                search={search}
                onChoose={(offer, availability) => {
                  const stay = {
                    checkIn: availability.checkIn,
                    checkOut: availability.checkOut,
                    rooms: availability.rooms,
                    guests: availability.guests,
                  };
                  setFlow(
                    changing ? { step: 2, offer, stay, guest: null } : { step: 1, offer, stay },
                  );
                }}
              />
            ) : null}
          </Stack>
        ) : null}
        {flow.step === 1 ? (
          <GuestForm
            initial={guest}
            forTeam={Boolean(address.teamLink)}
            onBack={() => setFlow({ step: 0 })}
            onNext={(next) => {
              setGuest(next);
              setFlow({ step: 2, offer: flow.offer, stay: flow.stay, guest: next });
            }}
          />
        ) : null}
        {flow.step === 2 && action ? (
          <ReviewStep
            hotelId={hotelId}
            offer={flow.offer}
            stay={flow.stay}
            action={action}
            onBack={() => setFlow({ step: 0 })}
            onUnavailable={onUnavailable}
          />
        ) : null}
      </Box>
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
