// A listing kind, described once: the machinery in this folder builds its routes, queries and
// permissions from this. Adding a kind is a descriptor, a detail table and the kind's own routes.
import type { TProfileKind } from "@hostfield/domain/reference";
import type { z } from "zod";
import type { TDetailTable } from "./repository";

/** The shared child collections a kind can have, by their path segment. */
export type TChildName =
  | "images"
  | "documents"
  | "members"
  | "boosts"
  | "partners"
  | "sports"
  | "amenities"
  | "spaceTypes";

export type TKindDescriptor = {
  kind: TProfileKind;
  /** Catalogue service whose base path serves the kind: `/facility-mgmt/api`. */
  service: string;
  /** Collection path segment: `facilities`. */
  path: string;
  /** How messages name one of them: "facility", "event organization". */
  label: string;
  /** `likes` (my/liked) or `followers` (my/followed). */
  reaction: "likes" | "followers";
  /** The path of the member collection: `members` or `managers`. */
  memberWord: "members" | "managers";
  /** Extra paths the catalogue uses for the member filter (organizations: `managers`). */
  memberFilterAliases?: readonly string[];
  children: readonly TChildName[];
  /** Calls some kinds share: `places/{placeId}`, `{id}/companies/{companyId}`, `ai/description`. */
  extras?: readonly ("placeLookup" | "companyLinks" | "descriptionDraft")[];
  /** The kind's own fields (zod) and the table that stores them, keyed by profile id. */
  detail: { schema: z.ZodObject; table: TDetailTable };
  /** Rules across the kind's fields (events end after they start); a message when broken. */
  checkDetail?: (detail: Record<string, unknown>) => string | null;
  /**
   * Detail fields that name another profile, and the kinds it must be. `membersOnly`: only that
   * profile's people (any role) may name it (admins excepted), e.g. an event's organization.
   */
  detailReferences?: readonly {
    field: string;
    kinds: readonly string[];
    what: string;
    membersOnly?: boolean;
  }[];
  /** Fields every new profile of the kind starts with when the creator leaves them out. */
  detailDefaults: Record<string, unknown>;
};

export const reactionKind = (d: TKindDescriptor) => (d.reaction === "likes" ? "like" : "follow");
export const myReactionPath = (d: TKindDescriptor) =>
  d.reaction === "likes" ? "my/liked" : "my/followed";
