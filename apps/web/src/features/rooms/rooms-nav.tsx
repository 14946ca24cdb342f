// The line under a hotel manager's page title: which hotel, and its three rooms pages (rooms and
// rates, reservations, blocks), the one shown marked as current.
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { ListingLine } from "./manage-gate";
import type { TManagedListing } from "./rooms-api";
import { hotelBlocksPath, hotelReservationsPath, hotelRoomsPath } from "./rooms-paths";

const PAGES = [
  { id: "rooms", label: "Rooms and rates", path: hotelRoomsPath },
  { id: "reservations", label: "Reservations", path: hotelReservationsPath },
  { id: "blocks", label: "Room blocks", path: hotelBlocksPath },
] as const;

export function RoomsNav({
  hotel,
  current,
}: {
  hotel: TManagedListing;
  current: (typeof PAGES)[number]["id"];
}) {
  return (
    <Stack spacing={1}>
      <Typography color="text.secondary">
        <ListingLine kind="hotel" listing={hotel} />
      </Typography>
      <Stack
        component="nav"
        aria-label="Hotel management"
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: "wrap" }}
      >
        {PAGES.map((page) => (
          <Button
            key={page.id}
            component={RouterLink}
            to={page.path(hotel.id)}
            size="small"
            variant={page.id === current ? "contained" : "outlined"}
            aria-current={page.id === current ? "page" : undefined}
          >
            {page.label}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
