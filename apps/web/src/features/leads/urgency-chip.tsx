// The urgency of a request (spec §3: Urgent Need, Near Future, Exploring) as a chip whose tooltip
// says what it means; the same chip on the organizer's pages and in the pipeline.
import type { TUrgencyPriority } from "@hostfield/domain/reference";
import Chip from "@mui/material/Chip";
import Tooltip from "@mui/material/Tooltip";
import { urgencyLevel } from "./request-format";

/** The chip colour of an urgency: the hotter, the louder. */
export function urgencyColor(priority: TUrgencyPriority): "error" | "warning" | "default" {
  if (priority === 0) return "error";
  if (priority === 1) return "warning";
  return "default";
}

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
