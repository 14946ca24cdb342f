// A reservation's card guarantee, as each side sees it. The guest (the reservation page, and the
// reserve page right after booking) reads the terms and where the guarantee stands: "Card needed
// to hold this booking" with "Add a card" (the provider's hosted page saves it: card data never
// reaches Hostfield), then "Guaranteed by Visa ending 4242". The hotel's managers (its
// reservations list) read the same line and charge a no-show or a late cancellation when the rules
// allow (the reservation says which), an amount up to the limit, confirmed in a dialog, with the
// result or the provider's refusal; a charge made shows in place of the buttons.
import type { TGuaranteeCard, TReservationGuarantee } from "@hostfield/domain/contracts";
import {
  formatGuaranteeMoney,
  GUARANTEE_CHARGE_REASON_LABELS,
  type TGuaranteeChargeReason,
  toCents,
} from "@hostfield/domain/rules";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useId, useRef, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { formatDate, formatDateTime } from "../../lib/date-format";
import { chargeGuarantee, startGuaranteeCheckout } from "./guarantee-api";
import { PAYMENTS_UNAVAILABLE, refusedWith } from "./payments-api";

export const GUARANTEE_TITLE = "Card guarantee";
export const CARD_NEEDED = "Card needed to hold this booking";
export const ADD_CARD = "Add a card";
export const GUARANTEE_CONFIRMING =
  "Card saved; the booking shows as guaranteed as soon as the payment service confirms it.";
export const GUARANTEE_PROVIDER_DOWN =
  "The payment service is not answering, so nothing was saved or charged. Try again in a moment.";
export const GUARANTEE_REDIRECTING = "Taking you to the card page…";
/** The query parameter the card page comes back with (`?guarantee=saved` or `cancelled`). */
export const GUARANTEE_RETURN_PARAM = "guarantee";

const BUTTON_LABELS: Record<TGuaranteeChargeReason, string> = {
  no_show: "Charge no-show",
  late_cancellation: "Charge late cancellation",
};

/** "Visa ending 4242". */
export const cardText = (card: TGuaranteeCard) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}`;

const money = (amount: number) => formatGuaranteeMoney(toCents(amount));

/** Where the guarantee stands, in one line. */
export function guaranteeStanding(guarantee: TReservationGuarantee): string {
  const card = guarantee.card ? cardText(guarantee.card) : "the saved card";
  switch (guarantee.state) {
    case "awaiting_card":
      return CARD_NEEDED;
    case "secured":
      return `Guaranteed by ${card}`;
    case "charged": {
      const charge = guarantee.charge;
      return charge
        ? `Charged ${money(charge.amount)} for a ${GUARANTEE_CHARGE_REASON_LABELS[charge.reason].toLowerCase()} to ${card}`
        : `Charged to ${card}`;
    }
    default:
      return "No card came in time: the booking was cancelled";
  }
}

/** What a failed call says: the provider down, or the server's words. */
function failureText(error: unknown, fallback: string): string {
  if (refusedWith(error, PAYMENTS_UNAVAILABLE)) return GUARANTEE_PROVIDER_DOWN;
  return apiErrorMessage(error, fallback);
}

/**
 * The guest's view of the guarantee: where it stands, the terms, and "Add a card" while one is
 * needed (the booking confirmed); `returnPath` is where the card page comes back to. `autoStart`
 * (right after booking) opens the card page at once; `confirming` (back from it) says the card is
 * on its way.
 */
export function GuestGuarantee({
  reservationId,
  guarantee,
  cancelled,
  returnPath,
  confirming = false,
  autoStart = false,
}: {
  reservationId: string;
  guarantee: TReservationGuarantee;
  cancelled: boolean;
  returnPath: string;
  confirming?: boolean;
  autoStart?: boolean;
}) {
  const titleId = useId();
  const needsCard = guarantee.state === "awaiting_card" && !cancelled;
  const checkout = useMutation({
    mutationFn: () => startGuaranteeCheckout(reservationId, { returnPath }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens the card page once, on arrival
  useEffect(() => {
    if (!autoStart || !needsCard || started.current) return;
    started.current = true;
    checkout.mutate();
  }, []);
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, minWidth: 0 }}
    >
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {GUARANTEE_TITLE}
      </Typography>
      <Stack spacing={1.5}>
        {needsCard ? (
          <Alert severity="warning" role="status">
            <Typography sx={{ fontWeight: 600 }}>{CARD_NEEDED}</Typography>
            The hotel requires a card to guarantee this booking. Add one
            {guarantee.secureBy ? ` by ${formatDateTime(guarantee.secureBy)}` : ""}, or the booking
            is cancelled. Your card is saved by the payment service; nothing is charged now.
          </Alert>
        ) : (
          <Typography sx={{ fontWeight: 600 }}>{guaranteeStanding(guarantee)}</Typography>
        )}
        {confirming && needsCard ? (
          <Alert severity="info" role="status" icon={<CircularProgress size={20} aria-hidden />}>
            {GUARANTEE_CONFIRMING}
          </Alert>
        ) : null}
        {guarantee.charge?.state === "succeeded" ? (
          <Typography variant="body2">
            Charged on {formatDate(guarantee.charge.date)} · charge {guarantee.charge.id}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {guarantee.terms}
        </Typography>
        {checkout.isError ? (
          <Alert severity="error" role="alert">
            {failureText(checkout.error, "The card page could not open. Try again.")}
          </Alert>
        ) : null}
        {needsCard ? (
          <Box>
            <Button variant="contained" disabled={busy} onClick={() => checkout.mutate()}>
              {busy ? GUARANTEE_REDIRECTING : ADD_CARD}
            </Button>
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The hotel's charge of the guarantee: an amount up to the limit, confirmed here. */
function ChargeDialog({
  reason,
  guarantee,
  guestName,
  confirmationNumber,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  reason: TGuaranteeChargeReason;
  guarantee: TReservationGuarantee;
  guestName: string;
  confirmationNumber: string;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (amount: number) => void;
}) {
  const limit = guarantee.chargeLimit;
  const [typed, setTyped] = useState(String(limit));
  const amount = Number(typed);
  const cents = amount * 100;
  const problem =
    typed.trim() === "" || !Number.isFinite(amount) || amount <= 0
      ? "Enter an amount above 0."
      : Math.abs(cents - Math.round(cents)) > 1e-6
        ? "Enter the amount to the cent."
        : amount > limit
          ? `At most ${money(limit)} may be charged: the first night's rate × rooms.`
          : null;
  const titleId = useId();
  const label = GUARANTEE_CHARGE_REASON_LABELS[reason].toLowerCase();
  return (
    <Dialog open onClose={pending ? undefined : onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Charge a {label}?</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {guestName}'s {guarantee.card ? cardText(guarantee.card) : "saved card"} is charged now
            for the {label} of reservation {confirmationNumber}, at most {money(limit)}. The guest
            and the hotel's managers are mailed a receipt.
          </Typography>
          <TextField
            type="number"
            label="Amount (USD)"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={problem !== null}
            helperText={problem ?? " "}
            slotProps={{ htmlInput: { min: 0.01, max: limit, step: 0.01 } }}
          />
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={pending || problem !== null}
          onClick={() => onConfirm(amount)}
        >
          {pending ? "Charging…" : problem === null ? `Charge ${money(amount)}` : "Charge"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The hotel's view of a reservation's guarantee (its reservations list): where it stands, the last
 * declined attempt, and a charge button for each reason the rules allow now.
 */
export function HotelGuarantee({
  reservationId,
  confirmationNumber,
  guestName,
  guarantee,
  onCharged,
}: {
  reservationId: string;
  confirmationNumber: string;
  guestName: string;
  guarantee: TReservationGuarantee;
  /** The guarantee after a charge (the list refreshes). */
  onCharged: (guarantee: TReservationGuarantee) => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [charging, setCharging] = useState<TGuaranteeChargeReason | null>(null);
  const charge = useMutation({
    mutationFn: (input: { reason: TGuaranteeChargeReason; amount: number }) =>
      chargeGuarantee(reservationId, input),
    onSuccess: (next) => {
      setCharging(null);
      enqueueSnackbar(
        `${guaranteeStanding(next)}. The guest and the hotel's managers are mailed a receipt.`,
        { variant: "success" },
      );
      onCharged(next);
    },
  });
  const declined = guarantee.charge?.state === "failed" ? guarantee.charge : null;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Typography variant="body2">{guaranteeStanding(guarantee)}</Typography>
      {declined ? (
        <Typography variant="caption" color="error">
          Last charge declined: {declined.failure}
        </Typography>
      ) : null}
      {guarantee.chargeableFor.length > 0 ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          {guarantee.chargeableFor.map((reason) => (
            <Button
              key={reason}
              size="small"
              variant="outlined"
              aria-label={`${BUTTON_LABELS[reason]} for reservation ${confirmationNumber}`}
              onClick={() => {
                charge.reset();
                setCharging(reason);
              }}
            >
              {BUTTON_LABELS[reason]}
            </Button>
          ))}
        </Stack>
      ) : null}
      {charging ? (
        <ChargeDialog
          reason={charging}
          guarantee={guarantee}
          guestName={guestName}
          confirmationNumber={confirmationNumber}
          pending={charge.isPending}
          error={
            charge.isError ? failureText(charge.error, "The charge did not go through.") : null
          }
          onCancel={() => setCharging(null)}
          onConfirm={(amount) => charge.mutate({ reason: charging, amount })}
        />
      ) : null}
    </Stack>
  );
}
