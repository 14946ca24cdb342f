// What the web adds to each listing kind's definition (packages/domain/src/kinds): its icon. The
// entries stand in the order the create flow offers the kinds. A kind without one does not compile.
import type { TProfileKind } from "@hostfield/domain/kinds";
import AttractionsIcon from "@mui/icons-material/Attractions";
import BusinessIcon from "@mui/icons-material/Business";
import EmojiEventsIcon from "@mui/icons-material/EmojiEvents";
import GroupsIcon from "@mui/icons-material/Groups";
import HotelIcon from "@mui/icons-material/Hotel";
import StadiumIcon from "@mui/icons-material/Stadium";
import TravelExploreIcon from "@mui/icons-material/TravelExplore";
import type SvgIcon from "@mui/material/SvgIcon";

export type TKindIcon = typeof SvgIcon;

export const KIND_ICONS = {
  event: EmojiEventsIcon,
  facility: StadiumIcon,
  destination: TravelExploreIcon,
  organization: GroupsIcon,
  business: AttractionsIcon,
  hotel: HotelIcon,
  company: BusinessIcon,
} as const satisfies Record<TProfileKind, TKindIcon>;
