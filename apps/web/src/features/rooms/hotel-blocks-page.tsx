// A hotel's room blocks (/hotels/{id}/blocks), for its managers: the blocks events asked for or
// it offered, to accept, decline or answer with new terms, and new blocks to propose to events.
import MeetingRoomIcon from "@mui/icons-material/MeetingRoom";
import Stack from "@mui/material/Stack";
import { useParams } from "react-router";
import { PageFrame } from "../../ui/page-frame";
import { BlocksSection } from "./blocks-section";
import { ManageGate } from "./manage-gate";
import { RoomsNav } from "./rooms-nav";

export const HOTEL_BLOCKS_TITLE = "Room blocks";

export function HotelBlocksPage() {
  const { id = "" } = useParams();
  return (
    <PageFrame title={HOTEL_BLOCKS_TITLE} icon={<MeetingRoomIcon />}>
      <ManageGate
        kind="hotel"
        id={id}
        what="manage its room blocks"
        seeWhat="the hotel's room blocks"
      >
        {(hotel) => (
          <Stack spacing={4}>
            <RoomsNav hotel={hotel} current="blocks" />
            <BlocksSection side="hotel" hotelId={hotel.id} />
          </Stack>
        )}
      </ManageGate>
    </PageFrame>
  );
}
