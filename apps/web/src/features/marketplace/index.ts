// The marketplaces' public face: the page, the five sections (the shell's Search menu, the landing
// cards, the routes), the entry points and kinds (home), and a page's first call (the first view).
export { EntryPoints } from "./entry-points";
export { marketplaceFirstCall } from "./first-call";
export { searchProfiles } from "./marketplace-api";
export { MARKETPLACE_KINDS } from "./marketplace-kinds";
export { EMPTY_MARKETPLACE_TEXT, MarketplacePage } from "./marketplace-page";
export {
  FIND_EVENT_HOST_PATH,
  MARKETPLACE_SECTIONS,
  type TMarketplaceSection,
  type TMarketplaceSectionId,
} from "./marketplace-sections";
