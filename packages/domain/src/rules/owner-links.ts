// Links to a profile's page, from an owner reference or from a profile kind.
import type { TOwnerType, TProfileKind } from "../reference/profiles";

/** Base path of each kind's pages; a profile page is `{base}/{id}`. */
export const PROFILE_BASE_PATHS = {
  hotel: "/hotels",
  destination: "/destinations",
  facility: "/facilities",
  business: "/businesses",
  company: "/companies",
  organization: "/organizations",
  event: "/events",
} as const satisfies Record<TProfileKind, string>;

/** Vendors are industry-partner organizations, so their pages live under /organizations. */
export const OWNER_TYPE_KINDS = {
  Destination: "destination",
  Facility: "facility",
  Vendor: "organization",
} as const satisfies Record<TOwnerType, TProfileKind>;

export function profileLink(kind: TProfileKind, id: string): string {
  return `${PROFILE_BASE_PATHS[kind]}/${encodeURIComponent(id)}`;
}

/**
 * "Destination gives /destinations/{ownerId}, Facility gives /facilities/{ownerId}, Vendor
 * gives /organizations/{ownerId}."
 */
export function ownerLink(owner: { ownerType: TOwnerType; ownerId: string }): string {
  return profileLink(OWNER_TYPE_KINDS[owner.ownerType], owner.ownerId);
}
