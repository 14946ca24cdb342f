// The marketplaces' public face: the page, the five sections (the shell's Search menu, the landing
// cards, the routes), and the entry points and kinds (home).
export { EntryPoints } from "./entry-points";
export { MARKETPLACE_KINDS } from "./marketplace-kinds";
export { EMPTY_MARKETPLACE_TEXT, MarketplacePage } from "./marketplace-page";
export {
  FIND_EVENT_HOST_PATH,
  MARKETPLACE_SECTIONS,
  type TMarketplaceSection,
  type TMarketplaceSectionId,
} from "./marketplace-sections";
