// The kinds of listing (profile) and the owner types that can publish requests and leads.
import { KIND_API, PROFILE_KINDS, type TProfileKind } from "../kinds/api";

export { PROFILE_KINDS, type TProfileKind } from "../kinds/api";

/** How the API addresses a kind: its catalogue service, collection path, reaction and member words. */
export type TProfileApi = {
  service: string;
  path: string;
  reaction: "likes" | "followers";
  memberWord: "members" | "managers";
};

/** Each kind's address, read from its definition (kinds/). */
export const PROFILE_API = Object.fromEntries(
  PROFILE_KINDS.map((kind) => {
    const { service, path, reaction, memberWord } = KIND_API[kind];
    return [kind, { service, path, reaction, memberWord }];
  }),
) as Record<TProfileKind, TProfileApi>;

/** Owners of requests and leads; a Vendor is shown as an organization. */
export const OWNER_TYPES = ["Destination", "Facility", "Vendor"] as const;
export type TOwnerType = (typeof OWNER_TYPES)[number];

export const PROFILE_STATUSES = ["pending", "approved"] as const;
export type TProfileStatus = (typeof PROFILE_STATUSES)[number];
