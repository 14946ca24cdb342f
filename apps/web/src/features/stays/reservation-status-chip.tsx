// A reservation's status as a chip: Confirmed (green) or Cancelled.
import type { TReservation } from "@hostfield/domain/contracts";
import Chip from "@mui/material/Chip";

export function ReservationStatusChip({ reservation }: { reservation: TReservation }) {
  return reservation.status === "Confirmed" ? (
    <Chip size="small" color="success" label="Confirmed" />
  ) : (
    <Chip size="small" color="default" variant="outlined" label="Cancelled" />
  );
}
