// A hotel's reservations (/hotels/{id}/reservations), for its managers: every booking with the
// guest's contact, filters, paging, cancel and the CSV export.
import BookOnlineIcon from "@mui/icons-material/BookOnline";
import Stack from "@mui/material/Stack";
import { useParams } from "react-router";
import { PageFrame } from "../../ui/page-frame";
import { ManageGate } from "./manage-gate";
import { ReservationsSection } from "./reservations-section";
import { RoomsNav } from "./rooms-nav";

export const HOTEL_RESERVATIONS_TITLE = "Hotel reservations";

export function HotelReservationsPage() {
  const { id = "" } = useParams();
  return (
    <PageFrame title={HOTEL_RESERVATIONS_TITLE} icon={<BookOnlineIcon />}>
      <ManageGate
        kind="hotel"
        id={id}
        what="see its reservations"
        seeWhat="the hotel's reservations"
      >
        {(hotel) => (
          <Stack spacing={4}>
            <RoomsNav hotel={hotel} current="reservations" />
            <ReservationsSection scope="hotel" id={hotel.id} canCancel />
          </Stack>
        )}
      </ManageGate>
    </PageFrame>
  );
}
