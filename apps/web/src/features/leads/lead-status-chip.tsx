// A lead's status as a chip, in one set of colours on both sides: decided leads stand out, open
// ones stay quiet.
import type { TLeadStatus } from "@hostfield/domain/reference";
import Chip from "@mui/material/Chip";
import { isFinalStatus } from "./lead-rules";

export const LEAD_STATUS_COLORS: Readonly<
  Record<TLeadStatus, "default" | "primary" | "success" | "error" | "warning">
> = {
  Open: "default",
  Interested: "primary",
  Passed: "warning",
  Won: "success",
  Lost: "error",
};

export function LeadStatusChip({
  status,
  size = "small",
  markFinal = false,
}: {
  status: TLeadStatus;
  size?: "small" | "medium";
  /** "Won · final": where the reader may think a decided lead can still change. */
  markFinal?: boolean;
}) {
  return (
    <Chip
      size={size}
      color={LEAD_STATUS_COLORS[status]}
      label={markFinal && isFinalStatus(status) ? `${status} · final` : status}
      sx={{ fontWeight: 700 }}
    />
  );
}
