// The five marketplace sections (spec §2): one list drives the Search menu, the landing cards,
// the routes and the marketplace page, so adding a section is one entry here.
import AttractionsIcon from "@mui/icons-material/Attractions";
import EmojiEventsIcon from "@mui/icons-material/EmojiEvents";
import GroupsIcon from "@mui/icons-material/Groups";
import StadiumIcon from "@mui/icons-material/Stadium";
import TravelExploreIcon from "@mui/icons-material/TravelExplore";
import type SvgIcon from "@mui/material/SvgIcon";

export type TMarketplaceSectionId =
  | "events"
  | "organizations"
  | "facilities"
  | "destinations"
  | "businesses";

export type TMarketplaceSection = {
  id: TMarketplaceSectionId;
  title: string;
  description: string;
  path: string;
  Icon: typeof SvgIcon;
};

export const MARKETPLACE_SECTIONS: readonly TMarketplaceSection[] = [
  {
    id: "events",
    title: "Events",
    description: "Look for new events",
    path: "/events/marketplace",
    Icon: EmojiEventsIcon,
  },
  {
    id: "organizations",
    title: "Event Organizations",
    description: "Follow new event organizers",
    path: "/organizations/directory",
    Icon: GroupsIcon,
  },
  {
    id: "facilities",
    title: "Facilities",
    description: "Explore facilities across the country",
    path: "/facilities/marketplace",
    Icon: StadiumIcon,
  },
  {
    id: "destinations",
    title: "Destinations",
    // The spec gives no description for this section; this one says what the page is for.
    description: "Find a destination to host your event",
    path: "/destinations/marketplace",
    Icon: TravelExploreIcon,
  },
  {
    id: "businesses",
    title: "Attractions & Things to Do",
    description: "Best places to eat and play near events",
    path: "/businesses/marketplace",
    Icon: AttractionsIcon,
  },
];

export const FIND_EVENT_HOST_PATH = "/destinations/marketplace";

export function getMarketplaceSection(id: TMarketplaceSectionId): TMarketplaceSection {
  const section = MARKETPLACE_SECTIONS.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`Unknown marketplace section "${id}".`);
  return section;
}
