// "My reservations" on the account page: my bookings, upcoming stays first (soonest first), then
// past and cancelled ones, each with its status and a link to its page; "Load more" past 20.
import type { TReservation } from "@hostfield/domain/contracts";
import { todayUtc } from "@hostfield/domain/rules";
import HotelIcon from "@mui/icons-material/Hotel";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import { Link as RouterLink } from "react-router";
import { useOffsetPages } from "../../lib/offset-pages";
import { LoadMoreFooter, QueryStates } from "../../ui/query-states";
import { ReservationStatusChip } from "./reservation-status-chip";
import { reservationPath } from "./stay-paths";
import { listMyReservations, RESERVATIONS_PAGE_SIZE, stayKeys } from "./stays-api";
import { formatMoney, isUpcoming, plural, sortReservations, stayLabel } from "./stays-format";

export const NO_RESERVATIONS = "No reservations yet";

function ReservationRow({ reservation, today }: { reservation: TReservation; today: string }) {
  const upcoming = isUpcoming(reservation, today);
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, listStyle: "none" }}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={reservationPath(reservation.id)}
            sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
          >
            {reservation.hotel.name}
          </Link>
          <Typography variant="body2">
            {stayLabel(reservation.checkIn, reservation.checkOut)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
            {[
              reservation.event?.name,
              `${reservation.roomType.name}, ${plural(reservation.rooms, "room")}`,
              formatMoney(reservation.total),
              `Confirmation ${reservation.confirmationNumber}`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Typography>
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
          {reservation.status === "Confirmed" && !upcoming ? (
            <Chip size="small" variant="outlined" label="Past" />
          ) : null}
          <ReservationStatusChip reservation={reservation} />
        </Stack>
      </Stack>
    </Paper>
  );
}

export function MyReservations({ userId }: { userId: string }) {
  const { query, items, count } = useOffsetPages({
    queryKey: stayKeys.mine(userId),
    load: listMyReservations,
    pageSize: RESERVATIONS_PAGE_SIZE,
  });
  const today = todayUtc();
  const sorted = useMemo(() => sortReservations(items, today), [items, today]);
  return (
    <QueryStates
      query={query}
      isEmpty={items.length === 0}
      loadingLabel="Loading your reservations"
      failedTitle="Your reservations did not load."
      empty={{
        icon: <HotelIcon />,
        title: NO_RESERVATIONS,
        text: "Hotel rooms you book for events show up here. Find them on an event's page, under its hotels.",
      }}
    >
      {() => (
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary" role="status">
            {count === 1 ? "1 reservation." : `${count} reservations.`}
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="My reservations">
            {sorted.map((reservation) => (
              <ReservationRow key={reservation.id} reservation={reservation} today={today} />
            ))}
          </Stack>
          <LoadMoreFooter query={query} failedText="More reservations did not load." />
        </Stack>
      )}
    </QueryStates>
  );
}
