// The urgency of a request (spec §3: Urgent Need, Near Future, Exploring) as a chip whose tooltip
// says what it means.
import Chip from "@mui/material/Chip";
import Tooltip from "@mui/material/Tooltip";
import { urgencyColor, urgencyLevel } from "./lead-rules";

export function UrgencyChip({ priority }: { priority: number | null | undefined }) {
  const level = urgencyLevel(priority);
  if (!level) return null;
  return (
    <Tooltip title={level.tag} describeChild>
      <Chip
        size="small"
        label={level.label}
        color={urgencyColor(level.priority)}
        variant={level.priority === 2 ? "outlined" : "filled"}
        sx={{ fontWeight: 600 }}
      />
    </Tooltip>
  );
}
