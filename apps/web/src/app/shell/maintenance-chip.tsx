import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import { Link as RouterLink } from "react-router";
import { MAINTENANCE_ALERT_LABEL, useMaintenanceMode } from "../../lib/maintenance-mode";
import { HOME_PATH } from "./nav-items";

/** Shown only when signed in, the profile is loaded and maintenanceMode is on; links to /home. */
export function MaintenanceChip({ compact }: { compact: boolean }) {
  const maintenance = useMaintenanceMode();
  if (!maintenance) return null;
  if (compact) {
    return (
      <IconButton
        component={RouterLink}
        to={HOME_PATH}
        color="warning"
        aria-label={MAINTENANCE_ALERT_LABEL}
        title={MAINTENANCE_ALERT_LABEL}
      >
        <WarningAmberIcon />
      </IconButton>
    );
  }
  return (
    <Chip
      component={RouterLink}
      to={HOME_PATH}
      clickable
      color="warning"
      variant="outlined"
      icon={<WarningAmberIcon />}
      label={MAINTENANCE_ALERT_LABEL}
    />
  );
}
