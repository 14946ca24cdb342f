// The button that buys a boost's days beyond what the listing's tier includes ("Buy 2 extra days for
// $25"), shown under the refusal of such a boost: it asks the payment service for the provider's
// hosted checkout and sends the browser there; the boost runs once the payment is confirmed.

import type { TProfileKind } from "@hostfield/domain/reference";
import type { TBoostDates } from "@hostfield/domain/rules";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useMutation } from "@tanstack/react-query";
import { apiErrorMessage } from "../../lib/api";
import { startBoostCheckout } from "./boost-api";
import { formatMoney } from "./payments-format";

export const BOOST_CHECKOUT_FAILED = "The checkout could not be opened. Try again.";

/** "Buy 2 extra days for $25". */
export const buyBoostLabel = (extraDays: number, amount: number) =>
  `Buy ${extraDays} extra ${extraDays === 1 ? "day" : "days"} for ${formatMoney(amount)}`;

export function BuyBoostDays(props: {
  kind: TProfileKind;
  listingId: string;
  dates: TBoostDates;
  extraDays: number;
  /** Dollars the extra days cost. */
  amount: number;
  /** Where the browser comes back to after the checkout (a path of this site). */
  returnPath: string;
}) {
  const buy = useMutation({
    mutationFn: () =>
      startBoostCheckout(props.kind, props.listingId, {
        ...props.dates,
        returnPath: props.returnPath,
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  // Once the checkout's address came back the browser is on its way there.
  const busy = buy.isPending || buy.isSuccess;
  return (
    <Stack spacing={1} sx={{ mt: 1, alignItems: "flex-start" }}>
      <Button variant="contained" onClick={() => buy.mutate()} disabled={busy}>
        {busy ? "Opening the checkout…" : buyBoostLabel(props.extraDays, props.amount)}
      </Button>
      {buy.isError ? (
        <Alert severity="error">{apiErrorMessage(buy.error, BOOST_CHECKOUT_FAILED)}</Alert>
      ) : null}
    </Stack>
  );
}
