// The reserve flow's last step: the price checked again with the hotel (a changed price must be
// accepted), then the booking, or the change of a reservation's stay; a booking a card must hold
// asks for the card at once.
import type { TReservation, TRoomOffer } from "@hostfield/domain/contracts";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useRef, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { apiErrorMessage } from "../../lib/api";
import { RetryAlert } from "../../ui/query-states";
import { GuestGuarantee } from "../payments";
import type { TGuest } from "./reserve-guest-step";
import { NightsTable } from "./stay-offers";
import { reservationPath } from "./stay-paths";
import {
  changedOfferOf,
  changeReservation,
  createReservation,
  isErrorCode,
  stayKeys,
  verifyQuote,
} from "./stays-api";
import { formatMoney, plural, stayLabel } from "./stays-format";
import { TEAM_LINK_BLOCK_ONLY_TEXT } from "./team-link-notice";

export const STAY_CHANGED = "Reservation changed";
export const CHANGE_PAST_CUTOFF =
  "The time to change this reservation online has passed; only the hotel can change it now.";

export type TStay = { checkIn: string; checkOut: string; rooms: number; guests: number };

/** What confirming the review does: book for the guest given, or change the reservation's stay. */
export type TAction =
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

/** The room, the stay and its price (beside the reservation's total when changing). */
function ReviewedStay({
  offer,
  stay,
  action,
}: {
  offer: TRoomOffer;
  stay: TStay;
  action: TAction;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1.5}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {offer.roomType.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {offer.roomType.beds} · Sleeps {offer.roomType.maxOccupancy} ·{" "}
          {plural(stay.rooms, "room")}, {plural(stay.guests, "guest")}
        </Typography>
        <Typography variant="body2">{stayLabel(stay.checkIn, stay.checkOut)}</Typography>
        <NightsTable nights={offer.nights} rooms={stay.rooms} label="Nightly rates" />
        {action.kind === "change" ? (
          <TotalsCompared before={action.reservation.total} after={offer.total} />
        ) : (
          <Typography sx={{ fontWeight: 700, fontSize: 20 }} aria-label="Total">
            Total {formatMoney(offer.total)}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

/** Who stays: the guest given (with the way back to edit them), or the reservation's own. */
function ReviewedGuest({ action }: { action: TAction }) {
  const guest = action.kind === "book" ? action.guest : action.reservation;
  return (
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
          {action.kind === "change" ? (
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
  );
}

/** A price that changed since it was chosen: the old and new totals, and accepting the new one. */
function PriceChanged({
  was,
  now,
  changing,
  onAccept,
}: {
  was: number;
  now: number;
  changing: boolean;
  onAccept: () => void;
}) {
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" variant="outlined" size="small" onClick={onAccept}>
          Accept {formatMoney(now)}
        </Button>
      }
    >
      <AlertTitle>The price changed</AlertTitle>
      Was {formatMoney(was)}, now {formatMoney(now)}. Accept the new total to{" "}
      {changing ? "change the reservation" : "book"}.
    </Alert>
  );
}

/** Why the booking (or the change) did not go through; past the cut-off, the way back. */
function BookFailed({ error, action }: { error: unknown; action: TAction }) {
  const pastCutoff = isErrorCode(error, "PAST_CUTOFF");
  return (
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
        : isErrorCode(error, "TEAM_LINK_BLOCK_ONLY")
          ? TEAM_LINK_BLOCK_ONLY_TEXT
          : apiErrorMessage(
              error,
              action.kind === "change"
                ? "The change did not go through. Try again."
                : "The booking did not go through. Try again.",
            )}
    </Alert>
  );
}

export function ReviewStep({
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
        <PriceChanged
          was={agreedTotal}
          now={current.total}
          changing={changing}
          onAccept={() => setAgreedTotal(current.total)}
        />
      ) : null}
      <ReviewedStay offer={current} stay={stay} action={action} />
      <ReviewedGuest action={action} />
      {showBookError ? <BookFailed error={book.error} action={action} /> : null}
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
