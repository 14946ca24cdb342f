// A hotel's room blocks (/hotels/{id}/blocks), for its managers: the blocks events asked for or
// it offered, to accept, decline or answer with new terms, and new blocks to propose to events;
// and, as a second view (?view=forward), the forward pickup of its open blocks up to their cut-off.
import MeetingRoomIcon from "@mui/icons-material/MeetingRoom";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useId } from "react";
import { useParams, useSearchParams } from "react-router";
import { PageFrame } from "../../ui/page-frame";
import { BlocksSection } from "./blocks-section";
import { ForwardPickup } from "./forward-pickup";
import { ManageGate } from "./manage-gate";
import { RoomsNav } from "./rooms-nav";

export const HOTEL_BLOCKS_TITLE = "Room blocks";

type TView = "blocks" | "forward";

export function HotelBlocksPage() {
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const view: TView = params.get("view") === "forward" ? "forward" : "blocks";
  const tabsId = useId();
  const show = (next: TView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === "forward") updated.set("view", "forward");
        else updated.delete("view");
        return updated;
      },
      { replace: true },
    );
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
            <Stack spacing={2}>
              <Tabs
                value={view}
                onChange={(_, next: TView) => show(next)}
                aria-label="Room block views"
                variant="scrollable"
                allowScrollButtonsMobile
              >
                <Tab
                  value="blocks"
                  label="Blocks"
                  id={`${tabsId}-blocks`}
                  aria-controls={`${tabsId}-panel`}
                />
                <Tab
                  value="forward"
                  label="Forward pickup"
                  id={`${tabsId}-forward`}
                  aria-controls={`${tabsId}-panel`}
                />
              </Tabs>
              <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${view}`}>
                {view === "forward" ? (
                  <ForwardPickup hotelId={hotel.id} />
                ) : (
                  <BlocksSection side="hotel" hotelId={hotel.id} />
                )}
              </div>
            </Stack>
          </Stack>
        )}
      </ManageGate>
    </PageFrame>
  );
}
