// A hotel's booking settings on its rooms page, for its managers: "Require a card guarantee" (each
// booking is held only once the guest saves a card; cancelling is free until the day before
// check-in, after it a late cancellation or a no-show may be charged up to the first night's rate
// × rooms). A block's terms may say otherwise. Without payments on this server the switch is off
// and disabled, with a note that guarantees need payments set up.
import Alert from "@mui/material/Alert";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useId } from "react";
import { apiErrorMessage } from "../../lib/api";
import { RetryAlert } from "../../ui/query-states";
import { usePaymentsEnabled } from "../payments";
import { getStaySettings, roomsKeys, saveStaySettings } from "./rooms-api";

export const STAY_SETTINGS_TITLE = "Booking settings";
export const REQUIRE_GUARANTEE_LABEL = "Require a card guarantee";
export const GUARANTEES_NEED_PAYMENTS =
  "Card guarantees need payments set up on Hostfield; until then bookings are taken without a card.";

export function StaySettingsSection({ hotelId }: { hotelId: string }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const paymentsEnabled = usePaymentsEnabled();
  const key = roomsKeys.staySettings(hotelId);
  const settings = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getStaySettings(hotelId, signal),
  });
  const save = useMutation({
    mutationFn: (requireCardGuarantee: boolean) =>
      saveStaySettings(hotelId, { requireCardGuarantee }),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      enqueueSnackbar(
        next.requireCardGuarantee
          ? "Bookings now need a card guarantee."
          : "Bookings no longer need a card guarantee.",
        { variant: "success" },
      );
    },
  });
  const enabled = paymentsEnabled && (settings.data?.paymentsEnabled ?? true);
  const on = Boolean(settings.data?.requireCardGuarantee) && enabled;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={titleId} variant="h5" component="h2" sx={{ mb: 1 }}>
        {STAY_SETTINGS_TITLE}
      </Typography>
      {settings.isPending ? (
        <Skeleton width="50%" role="status" aria-label="Loading the booking settings" />
      ) : settings.isError ? (
        <RetryAlert onRetry={() => void settings.refetch()}>
          {apiErrorMessage(settings.error, "The booking settings did not load.")}
        </RetryAlert>
      ) : (
        <Stack spacing={1}>
          <FormControlLabel
            control={
              <Switch
                checked={on}
                disabled={!enabled || save.isPending}
                onChange={(e) => save.mutate(e.target.checked)}
              />
            }
            label={REQUIRE_GUARANTEE_LABEL}
          />
          <Typography variant="body2" color="text.secondary">
            Guests save a card when they book; a booking without one within 30 minutes is cancelled.
            Cancelling is free until the day before check-in (or the block's cut-off); after it, a
            late cancellation or a no-show may be charged up to the first night's rate × rooms. A
            room block's terms may say otherwise.
          </Typography>
          {!enabled ? <Alert severity="info">{GUARANTEES_NEED_PAYMENTS}</Alert> : null}
          {save.isError ? (
            <Alert severity="error" role="alert">
              {apiErrorMessage(save.error, "The setting was not saved. Try again.")}
            </Alert>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
