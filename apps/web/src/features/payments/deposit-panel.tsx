// The deposit of an awarded proposal, as each side of the lead sees it: the organizer (on the
// event's proposals page) reads "Deposit: $2,000 (20%) due by …" and pays it through the provider's
// hosted checkout, and takes it back while the proposal's terms allow; the venue (on the lead's
// page) reads whether it is paid ("Deposit paid $2,000 on …") and refunds any part of it. Without
// payments the deposit is only shown as agreed, collected outside Hostfield. Back from the
// checkout, the panel asks again until the payment service confirms the payment.
import type { TLeadDeposit } from "@hostfield/domain/contracts";
import { formatEventDate, formatProposalMoney } from "@hostfield/domain/rules";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useId, useState } from "react";
import { useLocation } from "react-router";
import { ApiError, apiErrorMessage } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { useConfirm } from "../../ui/confirm";
import { depositKeys, getDeposit, refundDeposit, startDepositCheckout } from "./deposits-api";
import { PAYMENTS_UNAVAILABLE, refusedWith } from "./payments-api";

export const DEPOSIT_TITLE = "Deposit";
export const DEPOSIT_PROVIDER_DOWN =
  "The payment service is not answering, so nothing was charged or refunded. Try again in a moment.";
export const DEPOSIT_UNREACHABLE =
  "The payment service is not answering, so the deposit cannot be shown right now. Try again in a moment.";
export const DEPOSIT_OUTSIDE = "collected outside Hostfield";
export const DEPOSIT_CONFIRMING =
  "Payment received; the deposit shows as paid as soon as the payment service confirms it.";
export const DEPOSIT_LOAD_FAILED = "The deposit did not load.";
/** How often, and how long, the deposit is asked again after the checkout. */
export const DEPOSIT_POLL_MS = 2_000;
export const DEPOSIT_POLL_LIMIT_MS = 60_000;

/** The query parameter the checkout comes back with (`?deposit=paid` or `cancelled`). */
const RETURN_PARAM = "deposit";

export type TDepositSide = "organizer" | "venue";

const money = (deposit: TLeadDeposit, amount: number) =>
  formatProposalMoney(amount, deposit.currency);
/** The deposit's dates are calendar days (ISO dates), its payment and refund moments. */
const day = (date: string) => formatEventDate(date);

/** What a failed payment or refund says: the provider down, or the server's words. */
function failureText(error: unknown, fallback: string): string {
  if (refusedWith(error, PAYMENTS_UNAVAILABLE)) return DEPOSIT_PROVIDER_DOWN;
  return apiErrorMessage(error, fallback);
}

/** "Fully refundable until …" or "Non-refundable". */
const termsText = (deposit: TLeadDeposit) =>
  deposit.refundableUntil
    ? `Fully refundable until ${day(deposit.refundableUntil)}`
    : "Non-refundable once paid";

/** Where the deposit stands, in one line for this side. */
function standing(deposit: TLeadDeposit, side: TDepositSide): string {
  const amount = money(deposit, deposit.amount);
  const due = day(deposit.dueDate);
  if (deposit.paidAmount !== null) {
    return `Deposit paid ${money(deposit, deposit.paidAmount)} on ${formatDate(deposit.paidDate)}`;
  }
  if (!deposit.paymentsEnabled) {
    return `Deposit: ${amount} (${deposit.percent}%) due by ${due}, ${DEPOSIT_OUTSIDE}`;
  }
  return side === "organizer"
    ? `Deposit: ${amount} (${deposit.percent}%) due by ${due}`
    : `Deposit of ${amount} due by ${due}, not paid yet`;
}

/** The venue's refund of part of the deposit: an amount up to what is left. */
function RefundPartDialog({
  deposit,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  deposit: TLeadDeposit;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (amount: number) => void;
}) {
  const left = Math.round(((deposit.paidAmount ?? 0) - deposit.refundedAmount) * 100) / 100;
  const [typed, setTyped] = useState(String(left));
  const [touched, setTouched] = useState(false);
  const amount = Number(typed);
  const cents = amount * 100;
  const problem =
    typed.trim() === "" || !Number.isFinite(amount) || amount <= 0
      ? "Enter an amount above 0."
      : Math.abs(cents - Math.round(cents)) > 1e-6
        ? "Enter the amount to the cent."
        : amount > left
          ? `At most ${money(deposit, left)} is left to refund.`
          : null;
  const titleId = useId();
  return (
    <Dialog open onClose={pending ? undefined : onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Refund part of the deposit</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {money(deposit, left)} of the deposit is left; what you refund goes back to the
            organizer's card.
          </Typography>
          <TextField
            type="number"
            label={`Amount (${deposit.currency})`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && problem !== null}
            helperText={(touched && problem) || " "}
            slotProps={{ htmlInput: { min: 0.01, max: left, step: 0.01 } }}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={pending}
          onClick={() => {
            setTouched(true);
            if (problem === null) onConfirm(amount);
          }}
        >
          Refund
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DepositView({
  deposit,
  side,
  returnPath,
  confirming,
}: {
  deposit: TLeadDeposit;
  side: TDepositSide;
  returnPath: string;
  confirming: boolean;
}) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const [failure, setFailure] = useState<string | null>(null);
  const [refundingPart, setRefundingPart] = useState(false);
  const key = depositKeys.deposit(deposit.leadId);
  const onFailed = (error: unknown, fallback: string) => {
    setFailure(failureText(error, fallback));
    // A conflict (paid meanwhile, the window closed): the deposit is not what the page thought.
    if (error instanceof ApiError && error.status === 409) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };
  const pay = useMutation({
    mutationFn: () => startDepositCheckout(deposit.leadId, { returnPath }),
    onMutate: () => setFailure(null),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => onFailed(error, "The payment could not start. Try again."),
  });
  const refund = useMutation({
    mutationFn: (amount: number | undefined) => refundDeposit(deposit.leadId, amount),
    onMutate: () => setFailure(null),
    onSuccess: (next, amount) => {
      queryClient.setQueryData(key, next);
      setRefundingPart(false);
      enqueueSnackbar(`${money(next, amount ?? next.refundedAmount)} of the deposit is refunded.`, {
        variant: "success",
      });
    },
    onError: (error) => onFailed(error, "The refund did not go through. Try again."),
  });
  const busy = pay.isPending || pay.isSuccess || refund.isPending;

  const askRefund = async () => {
    const result = await confirm({
      title: "Refund the deposit?",
      description: `${money(deposit, deposit.refundDue)} goes back to the card it was paid with, as the proposal's terms allow until ${deposit.refundableUntil ? day(deposit.refundableUntil) : "now"}.`,
      confirmText: "Refund the deposit",
      cancelText: "Keep it paid",
    });
    if (result === "confirmed") refund.mutate(undefined);
  };

  return (
    <Stack spacing={1.5}>
      <Typography sx={{ fontWeight: 600 }}>{standing(deposit, side)}</Typography>
      {deposit.refundedAmount > 0 ? (
        <Typography>
          Refunded {money(deposit, deposit.refundedAmount)}
          {deposit.refundedDate ? ` on ${formatDate(deposit.refundedDate)}` : ""}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {deposit.percent}% of the proposal's total · {termsText(deposit)}
      </Typography>
      {confirming && deposit.paidAmount === null ? (
        <Alert severity="info" role="status" icon={<CircularProgress size={20} aria-hidden />}>
          {DEPOSIT_CONFIRMING}
        </Alert>
      ) : null}
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      {deposit.actions.pay || deposit.actions.refund || deposit.actions.refundPart ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          {deposit.actions.pay ? (
            <Button variant="contained" disabled={busy} onClick={() => pay.mutate()}>
              Pay deposit
            </Button>
          ) : null}
          {deposit.actions.refund ? (
            <Button variant="outlined" disabled={busy} onClick={() => void askRefund()}>
              Refund deposit
            </Button>
          ) : null}
          {deposit.actions.refundPart ? (
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => {
                refund.reset();
                setFailure(null);
                setRefundingPart(true);
              }}
            >
              Refund…
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {refundingPart ? (
        <RefundPartDialog
          deposit={deposit}
          pending={refund.isPending}
          error={
            refund.isError ? failureText(refund.error, "The refund did not go through.") : null
          }
          onCancel={() => setRefundingPart(false)}
          onConfirm={(amount) => refund.mutate(amount)}
        />
      ) : null}
    </Stack>
  );
}

/**
 * The lead's deposit for `side`, or nothing when the lead has none to show; `returnPath` is where
 * the checkout comes back to (this page).
 */
export function DepositPanel({
  leadId,
  side,
  returnPath,
}: {
  leadId: string;
  side: TDepositSide;
  returnPath: string;
}) {
  const location = useLocation();
  const returned = new URLSearchParams(location.search).get(RETURN_PARAM) === "paid";
  const [since] = useState(() => Date.now());
  const deposit = useQuery({
    queryKey: depositKeys.deposit(leadId),
    queryFn: ({ signal }) => getDeposit(leadId, signal),
    // Back from the checkout: asked again until the payment is confirmed (for a minute at most).
    refetchInterval: (query) =>
      returned &&
      query.state.data?.paidAmount === null &&
      Date.now() - since < DEPOSIT_POLL_LIMIT_MS
        ? DEPOSIT_POLL_MS
        : false,
  });
  const titleId = useId();
  if (deposit.isSuccess && deposit.data === null) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, minWidth: 0 }}
    >
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {DEPOSIT_TITLE}
      </Typography>
      {deposit.isPending ? (
        <Box role="status" aria-label="Loading the deposit">
          <Skeleton width="60%" />
          <Skeleton width="40%" />
        </Box>
      ) : deposit.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void deposit.refetch()}>
              Retry
            </Button>
          }
        >
          {refusedWith(deposit.error, PAYMENTS_UNAVAILABLE)
            ? DEPOSIT_UNREACHABLE
            : apiErrorMessage(deposit.error, DEPOSIT_LOAD_FAILED)}
        </Alert>
      ) : deposit.data ? (
        <DepositView
          deposit={deposit.data}
          side={side}
          returnPath={returnPath}
          confirming={returned}
        />
      ) : null}
    </Paper>
  );
}
