// Every listing kind, in one list: the order is the one the API's kinds and the admin lists use.
// A new kind is a file beside these and a line here; the server and the web then require their
// own entry for it (a missing one does not compile).
import { business } from "./business";
import { company } from "./company";
import type { TKindDefinition } from "./define";
import { destination } from "./destination";
import { event } from "./event";
import { facility } from "./facility";
import { hotel } from "./hotel";
import { organization } from "./organization";

export const KINDS = {
  hotel,
  destination,
  facility,
  business,
  company,
  organization,
  event,
} as const;

export type TProfileKind = keyof typeof KINDS;
export const PROFILE_KINDS = Object.keys(KINDS) as unknown as readonly [
  TProfileKind,
  ...TProfileKind[],
];

/** The definition of a kind; `KINDS[kind]` with the plain definition type. */
export const kindDefinition = (kind: TProfileKind): TKindDefinition => KINDS[kind];

export const isProfileKind = (value: unknown): value is TProfileKind =>
  typeof value === "string" && Object.hasOwn(KINDS, value);

/** The web path of a kind's pages: `/facilities`. */
export const kindPagePath = (kind: TProfileKind) => `/${KINDS[kind].api.path}`;

/** The API collection of a kind: `/facility-mgmt/api/facilities`. */
export const kindApiBase = (kind: TProfileKind) =>
  `/${KINDS[kind].api.service}/api/${KINDS[kind].api.path}`;

export * from "./define";
export * from "./fields";
