// Links to a profile's page, from an owner reference or from a profile kind.
import { kindPagePath, PROFILE_KINDS, type TProfileKind } from "../kinds/api";
import type { TOwnerType } from "../reference/profiles";

/** Base path of each kind's pages (its API path); a profile page is `{base}/{id}`. */
export const PROFILE_BASE_PATHS = Object.fromEntries(
  PROFILE_KINDS.map((kind) => [kind, kindPagePath(kind)]),
) as Record<TProfileKind, string>;

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
