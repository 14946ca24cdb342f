// The account feature's public face: the account page, the liked and followed listings (home),
// and the listings of every kind with their groups and status (admin, the lead pipeline).
export { LikedAndFollowed } from "./account-listings";
export { AccountPage } from "./account-page";
export { ListingGroups, ListingStatusChip, useListingPages } from "./listing-groups";
export {
  approveListing,
  changeListing,
  getListingKind,
  LISTING_KINDS,
  LISTING_STATUS_LABELS,
  listingPagePath,
  listingPlace,
  listListings,
  loadMyListings,
  type TListing,
  type TListingChange,
  type TListingFilter,
  type TListingKind,
  type TListingLoader,
} from "./listing-kinds";
