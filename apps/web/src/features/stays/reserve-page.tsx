// /hotels/{hotelId}/reserve?eventId=&checkIn=&checkOut=&rooms=&guests=: booking a room in three
// steps. 1: dates (inside the event's stay window when an event is given), rooms and guests, and
// the hotel's offers for them; 2: who stays (signing in is required); 3: the price checked again
// (a changed price must be accepted), then the booking, which opens its confirmation page.
import {
  RESERVATION_MAX_ROOMS,
  STAY_MAX_NIGHTS,
  type TEventStayInfo,
  type TReservationCreate,
  type TRoomOffer,
  type TStayAvailability,
  ZId,
  ZReservationCreate,
} from "@hostfield/domain/contracts";
import { diffDays, isIsoDate, profileLink } from "@hostfield/domain/rules";
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
import {
  Link as RouterLink,
  useNavigate,
  useParams,
  useSearchParams,
} from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { isSignedInWithProfile, useAuth } from "../../lib/auth";
import { NoticePanel } from "../../ui/notice-panel";
import { PageFrame } from "../../ui/page-frame";
import { ListSkeleton, RetryAlert } from "../../ui/query-states";
import { SignInPanel } from "../../ui/require-sign-in";
import { NightsTable, OfferCard } from "./stay-offers";
import { reservationPath } from "./stay-paths";
import {
  changedOfferOf,
  createReservation,
  getAvailability,
  getEventStayInfo,
  getListingName,
  getRoomTypes,
  isErrorCode,
  stayKeys,
  type TStaySearch,
  verifyQuote,
} from "./stays-api";
import { formatDay, formatMoney, plural, stayLabel } from "./stays-format";

export const RESERVE_STEPS = ["Dates and rooms", "Guest details", "Review and book"] as const;
/** The stepper's labels: short, so that three fit side by side on a phone. */
const STEP_LABELS = ["Rooms", "Guest", "Review"] as const;
export const NO_OFFERS_TITLE = "No rooms for these dates";
export const SIGN_IN_TO_BOOK = "Sign in to book";

// ---- the search, as the address keeps it ----

const positiveInt = (value: string | null, max: number): number | undefined => {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
};

type TAddress = {
  eventId?: string;
  checkIn?: string;
  checkOut?: string;
  rooms?: number;
  guests?: number;
};

function readAddress(params: URLSearchParams): TAddress {
  const eventId = params.get("eventId");
  const date = (name: string) => {
    const value = params.get(name);
    return value && isIsoDate(value) ? value : undefined;
  };
  return {
    eventId: eventId && ZId.safeParse(eventId).success ? eventId : undefined,
    checkIn: date("checkIn"),
    checkOut: date("checkOut"),
    rooms: positiveInt(params.get("rooms"), RESERVATION_MAX_ROOMS),
    guests: positiveInt(params.get("guests"), RESERVATION_MAX_ROOMS * 20),
  };
}

type TWindow = Pick<TEventStayInfo, "checkIn" | "checkOut">;
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
    if (stayWindow && draft.checkIn < stayWindow.checkIn) {
      errors.checkIn = `Check in on ${formatDay(stayWindow.checkIn)} or later: the event's stay.`;
    }
    if (stayWindow && draft.checkOut > stayWindow.checkOut) {
      errors.checkOut = `Check out on ${formatDay(stayWindow.checkOut)} or earlier: the event's stay.`;
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
  const dateLimits = stayWindow ? { min: stayWindow.checkIn, max: stayWindow.checkOut } : {};
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
          The event's stay: {stayLabel(stayWindow.checkIn, stayWindow.checkOut)}. Your nights must
          fall inside it.
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
  onBack,
  onNext,
}: {
  initial: TGuest | null;
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
        <TextField
          label="Team (optional)"
          value={draft.team}
          onChange={set("team")}
          error={Boolean(visible.team)}
          helperText={visible.team}
        />
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

// ---- step 3: the price checked again, then the booking ----

type TStay = { checkIn: string; checkOut: string; rooms: number; guests: number };

function ReviewStep({
  hotelId,
  offer,
  stay,
  guest,
  onBack,
  onEditGuest,
  onUnavailable,
}: {
  hotelId: string;
  offer: TRoomOffer;
  stay: TStay;
  guest: TGuest;
  onBack: () => void;
  onEditGuest: () => void;
  onUnavailable: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [current, setCurrent] = useState<TRoomOffer>(offer);
  /** The total the guest has agreed to: what they chose, or a new one they accepted. */
  const [agreedTotal, setAgreedTotal] = useState(offer.total);
  const [expiredNote, setExpiredNote] = useState(false);
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

  const book = useMutation({
    mutationFn: (quote: string) => createReservation({ quote, ...guest }),
    onSuccess: (reservation) => {
      queryClient.setQueryData(stayKeys.reservation(reservation.id), reservation);
      void queryClient.invalidateQueries({ queryKey: ["stays", "mine"] });
      enqueueSnackbar(`Booked: confirmation ${reservation.confirmationNumber}.`, {
        variant: "success",
      });
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
      }
    },
  });

  const changed = current.total !== agreedTotal;
  const checking = verify.isPending;
  const canBook = !checking && !changed && Boolean(current.quote) && !verify.isError;
  const showBookError =
    book.isError && !changedOfferOf(book.error) && !isErrorCode(book.error, "QUOTE_EXPIRED");

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
          Was {formatMoney(agreedTotal)}, now {formatMoney(current.total)}. Accept the new total to
          book.
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
          <Typography sx={{ fontWeight: 700, fontSize: 20 }} aria-label="Total">
            Total {formatMoney(current.total)}
          </Typography>
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
          </Box>
          <Button size="small" onClick={onEditGuest}>
            Edit
          </Button>
        </Stack>
      </Paper>
      {showBookError ? (
        <Alert severity="error" role="alert">
          {apiErrorMessage(book.error, "The booking did not go through. Try again.")}
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
          {book.isPending ? "Booking…" : `Book for ${formatMoney(current.total)}`}
        </Button>
      </Stack>
    </Stack>
  );
}

// ---- the page ----

type TFlow =
  | { step: 0 }
  | { step: 1; offer: TRoomOffer; stay: TStay }
  | { step: 2; offer: TRoomOffer; stay: TStay; guest: TGuest };

function ReserveFlow({ hotelId, address }: { hotelId: string; address: TAddress }) {
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
    ? { checkIn: info.data.checkIn, checkOut: info.data.checkOut }
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

  return (
    <Stack spacing={3}>
      <Stepper activeStep={flow.step} alternativeLabel aria-label="Booking steps">
        {STEP_LABELS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box component="section" aria-labelledby={stepHeading}>
        <Typography id={stepHeading} variant="h6" component="h2" sx={{ mb: 2 }}>
          {RESERVE_STEPS[flow.step]}
        </Typography>
        {flow.step === 0 ? (
          <Stack spacing={2.5}>
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
                onChoose={(offer, availability) =>
                  setFlow({
                    step: 1,
                    offer,
                    stay: {
                      checkIn: availability.checkIn,
                      checkOut: availability.checkOut,
                      rooms: availability.rooms,
                      guests: availability.guests,
                    },
                  })
                }
              />
            ) : null}
          </Stack>
        ) : null}
        {flow.step === 1 ? (
          <GuestForm
            initial={guest}
            onBack={() => setFlow({ step: 0 })}
            onNext={(next) => {
              setGuest(next);
              setFlow({ step: 2, offer: flow.offer, stay: flow.stay, guest: next });
            }}
          />
        ) : null}
        {flow.step === 2 ? (
          <ReviewStep
            hotelId={hotelId}
            offer={flow.offer}
            stay={flow.stay}
            guest={flow.guest}
            onBack={() => setFlow({ step: 0 })}
            onEditGuest={() => setFlow({ step: 1, offer: flow.offer, stay: flow.stay })}
            onUnavailable={onUnavailable}
          />
        ) : null}
      </Box>
    </Stack>
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
      title={name ? `Reserve at ${name}` : "Reserve a room"}
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
      <ReserveFlow hotelId={validHotel} address={address} />
    </PageFrame>
  );
}
