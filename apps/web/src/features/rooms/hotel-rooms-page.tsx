// A hotel's rooms and rates (/hotels/{id}/rooms), for its managers: the room types it sells, the
// rate grid of their nights, and how it takes bookings (a card guarantee).
import HotelIcon from "@mui/icons-material/Hotel";
import Stack from "@mui/material/Stack";
import { useParams } from "react-router";
import { PageFrame } from "../../ui/page-frame";
import { ManageGate } from "./manage-gate";
import { RateGrid } from "./rate-grid";
import { RoomTypesSection } from "./room-types-section";
import { RoomsNav } from "./rooms-nav";
import { StaySettingsSection } from "./stay-settings-section";

export const ROOMS_TITLE = "Rooms and rates";

export function HotelRoomsPage() {
  const { id = "" } = useParams();
  return (
    <PageFrame title={ROOMS_TITLE} icon={<HotelIcon />}>
      <ManageGate
        kind="hotel"
        id={id}
        what="manage its rooms and rates"
        seeWhat="the hotel's rooms and rates"
      >
        {(hotel) => (
          <Stack spacing={4}>
            <RoomsNav hotel={hotel} current="rooms" />
            <RoomTypesSection hotelId={hotel.id} />
            <RateGrid hotelId={hotel.id} />
            <StaySettingsSection hotelId={hotel.id} />
          </Stack>
        )}
      </ManageGate>
    </PageFrame>
  );
}
