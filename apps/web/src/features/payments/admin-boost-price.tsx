// The admin's price of a boost day: what a listing's people pay for each boost day beyond the days
// their tier includes a month (`PUT /payments/admin/boost-price`). Empty: boost days are not on
// sale, and a boost beyond the included days is simply refused.
import type { TBoostDayPrice } from "@hostfield/domain/contracts";
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
import { boostPaymentKeys, getBoostDayPrice, setBoostDayPrice } from "./boost-api";
import { formatMoney } from "./payments-format";

export const BOOST_PRICE_SAVED = "Boost day price saved.";
export const BOOST_PRICE_INVALID = "Enter dollars from $1 to $10,000, with at most 2 decimals.";
export const BOOST_PRICE_LABEL = "Price of a boost day ($)";

/** A typed price: dollars, the reason it is refused, or null for an empty field. */
export function parseBoostPrice(text: string): number | string | null {
  const trimmed = text.trim().replace(/^\$/, "").replaceAll(",", "");
  if (trimmed === "") return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return BOOST_PRICE_INVALID;
  const amount = Number(trimmed);
  return amount < 1 || amount > 10_000 ? BOOST_PRICE_INVALID : amount;
}

export function AdminBoostPrice() {
  const query = useQuery({
    queryKey: boostPaymentKeys.dayPrice,
    queryFn: ({ signal }) => getBoostDayPrice(signal),
  });
  if (query.isPending) return <ListSkeleton label="Loading the boost day price" rows={1} />;
  if (query.isError) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        {apiErrorMessage(query.error, "The boost day price did not load.")}
      </RetryAlert>
    );
  }
  return <BoostPriceForm key={JSON.stringify(query.data)} price={query.data} />;
}

function BoostPriceForm({ price }: { price: TBoostDayPrice }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useState(price.amount === null ? "" : String(price.amount));
  const [checked, setChecked] = useState(false);
  const parsed = parseBoostPrice(draft);
  const error = checked && typeof parsed === "string" ? parsed : null;
  const save = useMutation({
    mutationFn: (amount: number | null) => setBoostDayPrice({ amount }),
    onSuccess: (next) => {
      queryClient.setQueryData(boostPaymentKeys.dayPrice, next);
      enqueueSnackbar(BOOST_PRICE_SAVED, { variant: "success" });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (typeof parsed === "string" || parsed === price.amount) return;
    save.mutate(parsed);
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Boost day price">
      <Typography variant="body2" color="text.secondary">
        What a listing pays for each boost day beyond those its tier includes a month (Bronze and
        Legacy 3, Silver 7, Gold 15, a listing without a tier 3). Leave it empty to sell none.
        {price.updatedDate ? ` Last changed ${formatDateTime(price.updatedDate)}.` : ""}
      </Typography>
      {save.isError ? (
        <RetryAlert onRetry={() => save.reset()}>
          {apiErrorMessage(save.error, "The boost day price was not saved. Try again.")}
        </RetryAlert>
      ) : null}
      <TextField
        size="small"
        label={BOOST_PRICE_LABEL}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        error={!!error}
        helperText={
          error ?? (price.amount === null ? "Not on sale" : `Now ${formatMoney(price.amount)}`)
        }
        slotProps={{ htmlInput: { inputMode: "decimal" } }}
        sx={{ maxWidth: 280 }}
      />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save boost day price"}
        </Button>
        {checked && !error && parsed === price.amount ? (
          <Typography variant="body2" color="text.secondary" role="status">
            The price did not change.
          </Typography>
        ) : null}
      </Stack>
    </Stack>
  );
}
