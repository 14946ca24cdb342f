// Every listing kind, in one list (the order of the API and the admin lists). A new kind is a file
// beside these, a line here and a line in api.ts; the server and the web then require their own
// entry for it (a missing one does not compile).
import { KIND_API, type TProfileKind } from "./api";
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
} as const satisfies Record<TProfileKind, TKindDefinition>;

/** The definition of a kind; `KINDS[kind]` with the plain definition type. */
export const kindDefinition = (kind: TProfileKind): TKindDefinition => KINDS[kind];

export * from "./api";
export * from "./define";
export * from "./fields";
export { KIND_API };
