// Every listing kind by how the API addresses it, in the API's order: the kinds' names, and what
// links, menus and paths need. It is part of each kind's definition (kinds/<kind>.ts takes its
// `api` from here), kept apart from the fields so that code needing only addresses (the web's
// shell, every link to a listing) loads without every kind's fields and reference lists.
import type { TKindApi } from "./define";

export const KIND_API = {
  hotel: {
    service: "hotel-mgmt",
    path: "hotels",
    reaction: "likes",
    memberWord: "members",
    extras: ["placeLookup", "companyLinks", "descriptionDraft"],
  },
  destination: {
    service: "destination-mgmt",
    path: "destinations",
    reaction: "followers",
    memberWord: "members",
  },
  facility: {
    service: "facility-mgmt",
    path: "facilities",
    reaction: "likes",
    memberWord: "managers",
  },
  business: {
    service: "business-mgmt",
    path: "businesses",
    reaction: "likes",
    memberWord: "members",
    extras: ["placeLookup", "companyLinks", "descriptionDraft"],
  },
  company: {
    service: "company-mgmt",
    path: "companies",
    reaction: "followers",
    memberWord: "members",
  },
  organization: {
    service: "event-mgmt",
    path: "organizations",
    reaction: "followers",
    memberWord: "members",
    // The catalogue filters an organization's members at /managers/filtered.
    memberFilterAliases: ["managers"],
  },
  event: {
    service: "event-mgmt",
    path: "events",
    reaction: "likes",
    memberWord: "managers",
    extras: ["descriptionDraft"],
  },
} as const satisfies Record<string, TKindApi>;

export type TProfileKind = keyof typeof KIND_API;
export const PROFILE_KINDS = Object.keys(KIND_API) as unknown as readonly [
  TProfileKind,
  ...TProfileKind[],
];

/** A record over every kind, each entry `of(kind)`. */
export const kindRecord = <T>(of: (kind: TProfileKind) => T): Record<TProfileKind, T> =>
  Object.fromEntries(PROFILE_KINDS.map((kind) => [kind, of(kind)])) as Record<TProfileKind, T>;

export const isProfileKind = (value: unknown): value is TProfileKind =>
  typeof value === "string" && Object.hasOwn(KIND_API, value);

/** The web path of a kind's pages: `/facilities`. */
export const kindPagePath = (kind: TProfileKind) => `/${KIND_API[kind].path}`;

/** The API collection of a kind: `/facility-mgmt/api/facilities`. */
export const kindApiBase = (kind: TProfileKind) =>
  `/${KIND_API[kind].service}/api/${KIND_API[kind].path}`;
