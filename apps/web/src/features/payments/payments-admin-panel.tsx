// The admin page's Payments tab: the prices of the tiers on sale and of a boost day, and the ledger of everything the
// provider told us (with a failed webhook's replay). Without payment settings it says so: tiers are
// then set on the Listings tab, as before.
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { AdminBoostPrice } from "./admin-boost-price";
import { AdminLedger } from "./admin-ledger";
import { AdminPrices } from "./admin-prices";
import { getPaymentsConfig, paymentsKeys } from "./payments-api";

export const PAYMENTS_OFF_ADMIN =
  "Payments are off on this server: nothing is sold, and tiers are set on the Listings tab.";

export function PaymentsAdminPanel() {
  const pricesId = useId();
  const boostPriceId = useId();
  const ledgerId = useId();
  const config = useQuery({
    queryKey: paymentsKeys.config,
    queryFn: ({ signal }) => getPaymentsConfig(signal),
  });
  return (
    <Stack spacing={4}>
      {config.data && !config.data.enabled ? (
        <Alert severity="info">{PAYMENTS_OFF_ADMIN}</Alert>
      ) : null}
      <Box component="section" aria-labelledby={pricesId}>
        <Typography id={pricesId} variant="h6" component="h2" gutterBottom>
          Prices
        </Typography>
        <AdminPrices />
      </Box>
      <Box component="section" aria-labelledby={boostPriceId}>
        <Typography id={boostPriceId} variant="h6" component="h2" gutterBottom>
          Boost days
        </Typography>
        <AdminBoostPrice />
      </Box>
      <Box component="section" aria-labelledby={ledgerId}>
        <Typography id={ledgerId} variant="h6" component="h2" gutterBottom>
          Ledger
        </Typography>
        <AdminLedger />
      </Box>
    </Stack>
  );
}
