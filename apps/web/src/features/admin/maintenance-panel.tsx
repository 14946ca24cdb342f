// Maintenance mode: the switch behind /status.json and the top bar's Maintenance Alert chip.
import Alert from "@mui/material/Alert";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { apiErrorMessage } from "../../lib/api";
import { MAINTENANCE_ALERT_LABEL, STATUS_QUERY_KEY } from "../../lib/maintenance-mode";
import { LoadFailedPanel } from "../../ui/query-states";
import { readStatus, setMaintenanceMode } from "./admin-api";

export const MAINTENANCE_LABEL = "Maintenance mode";
export const MAINTENANCE_ON = "Maintenance mode is on.";
export const MAINTENANCE_OFF = "Maintenance mode is off.";
export const MAINTENANCE_TURNED_ON = "Maintenance mode turned on: members see the alert.";
export const MAINTENANCE_TURNED_OFF = "Maintenance mode turned off.";

export function MaintenancePanel() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  // The same query as the top bar's chip reads, so both show one value.
  const status = useQuery({
    queryKey: STATUS_QUERY_KEY,
    queryFn: ({ signal }) => readStatus(signal),
    staleTime: 5 * 60_000,
  });
  const change = useMutation({
    mutationFn: setMaintenanceMode,
    onSuccess: async (maintenanceMode) => {
      queryClient.setQueryData(STATUS_QUERY_KEY, maintenanceMode);
      enqueueSnackbar(maintenanceMode ? MAINTENANCE_TURNED_ON : MAINTENANCE_TURNED_OFF, {
        variant: "success",
      });
      // Read the document back, as everyone else will see it.
      await queryClient.invalidateQueries({ queryKey: STATUS_QUERY_KEY });
    },
  });

  if (status.isPending) {
    return (
      <Skeleton variant="rounded" height={140} role="status" aria-label="Loading the site status" />
    );
  }

  if (status.isError) {
    return (
      <LoadFailedPanel
        title="The site status did not load"
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  }

  const on = (change.isPending ? change.variables : undefined) ?? status.data;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Stack spacing={2}>
        <div>
          <Typography variant="h6" component="h2">
            Maintenance
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
            While it is on, every signed-in member sees a “{MAINTENANCE_ALERT_LABEL}” in the top
            bar. Turn it on before planned work and off when it is done.
          </Typography>
        </div>
        <FormControlLabel
          control={
            <Switch
              checked={on}
              disabled={change.isPending}
              onChange={(event) => change.mutate(event.target.checked)}
            />
          }
          label={MAINTENANCE_LABEL}
        />
        <Typography role="status" variant="body2" color={on ? "warning.main" : "text.secondary"}>
          {on ? MAINTENANCE_ON : MAINTENANCE_OFF}
        </Typography>
        {change.isError ? (
          <Alert severity="error">
            {apiErrorMessage(change.error, "Maintenance mode could not be changed. Try again.")}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
