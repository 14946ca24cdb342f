// The five marketplace sections (spec §2, the domain's list) with their kinds' icons: one list
// drives the Search menu, the landing cards, the routes and the marketplace page.
import {
  MARKETPLACE_SECTIONS as SECTIONS,
  type TMarketplaceSectionId,
} from "@hostfield/domain/reference";
import type SvgIcon from "@mui/material/SvgIcon";
import { KIND_ICONS } from "../../ui/kind-icons";

export type { TMarketplaceSectionId };

export type TMarketplaceSection = {
  id: TMarketplaceSectionId;
  title: string;
  description: string;
  path: string;
  Icon: typeof SvgIcon;
};

export const MARKETPLACE_SECTIONS: readonly TMarketplaceSection[] = SECTIONS.map(
  ({ id, kind, title, description, path }) => ({
    id,
    title,
    description,
    path,
    Icon: KIND_ICONS[kind],
  }),
);

export const FIND_EVENT_HOST_PATH = "/destinations/marketplace";

export function getMarketplaceSection(id: TMarketplaceSectionId): TMarketplaceSection {
  const section = MARKETPLACE_SECTIONS.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`Unknown marketplace section "${id}".`);
  return section;
}
