// The admin's prices: each tier on sale by the month and by the year, in dollars. An empty field is
// a plan not on sale; a price set can be changed, not taken off sale. Saving sends the prices that
// changed (`PUT /payments/admin/prices`): each makes a new price at the provider, and running
// subscriptions keep theirs until they change.
import {
  BILLING_INTERVALS,
  SOLD_TIERS,
  type TBillingInterval,
  type TSoldTier,
  type TTierPrice,
  type TTierPricesInput,
} from "@hostfield/domain/contracts";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, useState } from "react";
import { apiErrorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/date-format";
import { ListSkeleton, RetryAlert } from "../../ui/query-states";
import { getPrices, paymentsKeys, setPrices } from "./payments-api";
import { formatMoney } from "./payments-format";

export const PRICES_SAVED = "Prices saved.";
export const AMOUNT_INVALID = "Enter dollars from $1 to $100,000, with at most 2 decimals.";
export const AMOUNT_REQUIRED = "This plan is on sale: enter its price.";

const MIN_AMOUNT = 1;
const MAX_AMOUNT = 100_000;

type TSlot = `${TSoldTier}/${TBillingInterval}`;
const slotOf = (tier: TSoldTier, interval: TBillingInterval): TSlot => `${tier}/${interval}`;
const SLOTS = SOLD_TIERS.flatMap((tier) =>
  BILLING_INTERVALS.map((interval) => ({ tier, interval, slot: slotOf(tier, interval) })),
);

/** The field's label: "Bronze, monthly ($)". */
export const priceLabel = (tier: TSoldTier, interval: TBillingInterval) =>
  `${tier}, ${interval === "month" ? "monthly" : "yearly"} ($)`;

/** A typed amount: dollars, or the reason it is refused; null for an empty field. */
export function parseAmount(text: string): number | string | null {
  const trimmed = text.trim().replace(/^\$/, "").replaceAll(",", "");
  if (trimmed === "") return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return AMOUNT_INVALID;
  const amount = Number(trimmed);
  return amount < MIN_AMOUNT || amount > MAX_AMOUNT ? AMOUNT_INVALID : amount;
}

const draftOf = (prices: readonly TTierPrice[]): Record<TSlot, string> =>
  Object.fromEntries(
    SLOTS.map(({ tier, interval, slot }) => {
      const price = prices.find((p) => p.tier === tier && p.interval === interval);
      return [slot, price ? String(price.amount) : ""];
    }),
  ) as Record<TSlot, string>;

export function AdminPrices() {
  const query = useQuery({
    queryKey: paymentsKeys.prices,
    queryFn: ({ signal }) => getPrices(signal),
  });
  if (query.isPending) return <ListSkeleton label="Loading the prices" rows={3} />;
  if (query.isError) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        {apiErrorMessage(query.error, "The prices did not load.")}
      </RetryAlert>
    );
  }
  // A new form once other prices come back (saved here or elsewhere), starting from them.
  return <PricesForm key={JSON.stringify(query.data)} prices={query.data} />;
}

function PricesForm({ prices }: { prices: TTierPrice[] }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState(() => draftOf(prices));
  const [checked, setChecked] = useState(false);
  const saved = draftOf(prices);

  const errors = Object.fromEntries(
    SLOTS.map(({ slot }) => {
      const parsed = parseAmount(draft[slot]);
      if (typeof parsed === "string") return [slot, parsed];
      if (parsed === null && saved[slot] !== "") return [slot, AMOUNT_REQUIRED];
      return [slot, null];
    }),
  ) as Record<TSlot, string | null>;
  const changed = SLOTS.filter(({ slot }) => {
    const parsed = parseAmount(draft[slot]);
    return typeof parsed === "number" && String(parsed) !== saved[slot];
  });

  const save = useMutation({
    mutationFn: (input: TTierPricesInput) => setPrices(input),
    onSuccess: (next) => {
      queryClient.setQueryData(paymentsKeys.prices, next);
      enqueueSnackbar(PRICES_SAVED, { variant: "success" });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.values(errors).some(Boolean) || changed.length === 0) return;
    save.mutate({
      prices: changed.map(({ tier, interval, slot }) => ({
        tier,
        interval,
        amount: parseAmount(draft[slot]) as number,
      })),
    });
  };

  const updated = prices
    .map((p) => p.updatedDate)
    .sort()
    .at(-1);
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Prices">
      <Typography variant="body2" color="text.secondary">
        Dollars per month and per year. Leave a plan empty to keep it off sale. A new price applies
        to new subscriptions; running ones keep theirs until they change.
        {updated ? ` Last changed ${formatDateTime(updated)}.` : ""}
      </Typography>
      {save.isError ? (
        <RetryAlert onRetry={() => save.reset()}>
          {apiErrorMessage(save.error, "The prices were not saved. Try again.")}
        </RetryAlert>
      ) : null}
      <Stack spacing={2}>
        {SOLD_TIERS.map((tier) => (
          <Stack
            key={tier}
            direction={{ xs: "column", sm: "row" }}
            spacing={2}
            sx={{ alignItems: { sm: "flex-start" } }}
          >
            <Typography sx={{ fontWeight: 600, minWidth: 80, pt: { sm: 1 } }}>{tier}</Typography>
            {BILLING_INTERVALS.map((interval) => {
              const slot = slotOf(tier, interval);
              const error = checked ? errors[slot] : null;
              const before = prices.find((p) => p.tier === tier && p.interval === interval);
              return (
                <TextField
                  key={slot}
                  size="small"
                  label={priceLabel(tier, interval)}
                  value={draft[slot]}
                  onChange={(event) => setDraft({ ...draft, [slot]: event.target.value })}
                  error={!!error}
                  helperText={
                    error ?? (before ? `Now ${formatMoney(before.amount)}` : "Not on sale")
                  }
                  slotProps={{ htmlInput: { inputMode: "decimal" } }}
                  sx={{ flex: 1, minWidth: 0 }}
                />
              );
            })}
          </Stack>
        ))}
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save prices"}
        </Button>
        {checked && changed.length === 0 && !Object.values(errors).some(Boolean) ? (
          <Typography variant="body2" color="text.secondary" role="status">
            No price changed.
          </Typography>
        ) : null}
      </Stack>
    </Stack>
  );
}
