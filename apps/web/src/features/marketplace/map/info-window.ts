// The info window of a map marker (spec §2 "Map view"): 250-400 px wide, the profile image at
// width 384 and height 60 px on mobile or 90 px on desktop, name, address and one link.
import { MAP_INFO_WINDOW, MEDIA_BOXES } from "@hostfield/domain/reference";

export const SEE_MORE_INFO = "See More Info";
export const VIEW_ON_GOOGLE_MAPS = "View on Google Maps";

export const INFO_WINDOW_WIDTH = MAP_INFO_WINDOW;
export const INFO_WINDOW_IMAGE = {
  width: MEDIA_BOXES.infoWindow.w,
  mobileHeight: MEDIA_BOXES.infoWindowMobile.h,
  desktopHeight: MEDIA_BOXES.infoWindow.h,
} as const;

export function infoWindowImageSize(mobile: boolean): { width: number; height: number } {
  return {
    width: INFO_WINDOW_IMAGE.width,
    height: mobile ? INFO_WINDOW_IMAGE.mobileHeight : INFO_WINDOW_IMAGE.desktopHeight,
  };
}

/** A maps search for the address, pinned to the place when its id is known. */
export function googleMapsSearchUrl(address: string, placeId?: string | null): string {
  const params = new URLSearchParams({ api: "1", query: address });
  if (placeId) params.set("query_place_id", placeId);
  return `https://www.google.com/maps/search/?${params.toString()}`;
}

export type TInfoWindowLink =
  | { label: typeof SEE_MORE_INFO; href: string; external: false }
  | { label: typeof VIEW_ON_GOOGLE_MAPS; href: string; external: true };

/**
 * "The link reads 'See More Info' when a link target is supplied, otherwise 'View on Google Maps'
 * pointing to a maps search built from the address and place id (place id optional)."
 * Null when there is neither a target nor an address to search for.
 */
export function infoWindowLink(
  point: { address: string | null; googlePlaceId?: string | null },
  linkTarget?: string | null,
): TInfoWindowLink | null {
  if (linkTarget) return { label: SEE_MORE_INFO, href: linkTarget, external: false };
  if (!point.address) return null;
  return {
    label: VIEW_ON_GOOGLE_MAPS,
    href: googleMapsSearchUrl(point.address, point.googlePlaceId),
    external: true,
  };
}

/** Within the spec's 250-400 px, and never wider than the screen allows. */
export function infoWindowWidths(viewportWidth: number): { minWidth: number; maxWidth: number } {
  const room = Math.max(INFO_WINDOW_WIDTH.minWidth, viewportWidth - 64);
  return {
    minWidth: INFO_WINDOW_WIDTH.minWidth,
    maxWidth: Math.min(INFO_WINDOW_WIDTH.maxWidth, room),
  };
}
