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

/**
 * The venues: the listings that receive requests and leads (a request may go to one directly, and
 * each has a pipeline), destinations first. Their owner type is the inverse of OWNER_TYPE_KINDS.
 */
export const VENUE_KINDS = ["destination", "facility"] as const;
export type TVenueKind = (typeof VENUE_KINDS)[number];
export const isVenueKind = (kind: string): kind is TVenueKind =>
  (VENUE_KINDS as readonly string[]).includes(kind);
export const VENUE_OWNER_TYPES = {
  destination: "Destination",
  facility: "Facility",
} as const satisfies { [K in TVenueKind]: keyof typeof OWNER_TYPE_KINDS };

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
