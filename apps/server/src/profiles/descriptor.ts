// A listing kind as the machinery serves it: the kind's definition (packages/domain/src/kinds),
// read once into the shape the routes, queries and permissions use, with the module's table. Kind
// modules make theirs with `describeKind`; nothing here is written by hand per kind.
import { PROFILE_DETAILS, type TFeaturedDeal } from "@hostfield/domain/contracts";
import {
  defaultsOf,
  KINDS,
  type TChildName,
  type TKindDefinition,
  type TKindExtra,
  type TProfileKind,
} from "@hostfield/domain/kinds";
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { TDb } from "../platform/db/database";

export type { TChildName };

/** A kind's detail table: one row per listing, keyed by the profile id. */
export type TDetailTable = PgTable & { profileId: PgColumn };

/** The names of a kind's own fields, as its definition declares them. */
export type TFieldNameOf<K extends TProfileKind> = Extract<
  keyof (typeof KINDS)[K]["fields"],
  string
>;

/**
 * The detail table of kind `K`: a column named as each of its fields. A field added to the
 * definition without its column does not compile where the kind module names its table.
 */
export type TKindDetailTable<K extends TProfileKind> = TDetailTable & {
  [F in TFieldNameOf<K>]: PgColumn;
};

/**
 * Listings whose owners and managers manage a listing of this kind too (one step, never as
 * owners): a facility's destinations, an event's organization. `link`: the columns of the table
 * that links them, the listing's id and its parent's, and where the link keeps copies of the
 * listing's likes and name, those (`likes`, `name`: a parent's listings most liked first walk the
 * link's index on parent, likes, name and listing);
 * `membersRead`: their other members read it as members.
 */
export type TManagedThrough = {
  link: { child: PgColumn; parent: PgColumn; likes?: { count: PgColumn; name: PgColumn } };
  membersRead: boolean;
};

/**
 * SQL selecting the parents' ids of the listing `profileId` (an id, or SQL naming one: an outer
 * query's column, to ask for many listings in one statement).
 */
export const parentIdsOf = (through: TManagedThrough, profileId: string | SQL): SQL =>
  sql`select ${through.link.parent} from ${through.link.child.table} where ${through.link.child} = ${profileId}`;

/**
 * Whether the listing `profileId` is listed under `parentId`: in the parent's children, read first
 * (`offset 0` keeps the planner from folding the list into a join it may start elsewhere). As an
 * EXISTS, PostgreSQL walked the most-liked index of every listing of the kind and asked each
 * whether it was the parent's: at a million facilities, 8,857 probes for a page of a destination
 * with 2,674 (107-155 ms), against 16 ms reading its 2,674 links and sorting them.
 */
export const isListedUnder = (through: TManagedThrough, profileId: SQL, parentId: SQL): SQL =>
  sql`${profileId} in (select ${through.link.child} from ${through.link.child.table} where ${through.link.parent} = ${parentId} offset 0)`;

export type TKindDescriptor = {
  kind: TProfileKind;
  definition: TKindDefinition;
  /** Catalogue service whose base path serves the kind: `/facility-mgmt/api`. */
  service: string;
  /** Collection path segment: `facilities`. */
  path: string;
  /** How messages name one of them: "facility", "organization". */
  label: string;
  reaction: "likes" | "followers";
  memberWord: "members" | "managers";
  memberFilterAliases: readonly string[];
  children: readonly TChildName[];
  extras: readonly TKindExtra[];
  /**
   * The kind's own fields (zod, from the definition) and the table that stores them. The schema is
   * typed without its fields: the machinery reads them by name, never by a kind's own type.
   */
  detail: { schema: z.ZodObject<Record<never, never>>; table: TDetailTable };
  /** The definition's rules across fields; a message when broken. */
  checkDetail: (detail: Record<string, unknown>) => string | null;
  /** Detail fields that name another listing, and the kinds it must be. */
  detailReferences: readonly {
    field: string;
    kinds: readonly string[];
    what: string;
    membersOnly: boolean;
  }[];
  /** What a new listing starts with where the creator leaves a field out. */
  detailDefaults: Record<string, unknown>;
  managedThrough: TManagedThrough | null;
  /**
   * What a kind's marketplace card adds from its own tables, by listing id (businesses: their
   * featured deal); read for the page of results only.
   */
  cardExtras: TCardExtras | null;
};

/** A kind module's card extras: the featured deal of each listing among `ids` that has one. */
export type TCardExtras = (
  db: TDb,
  ids: readonly string[],
  today: string,
) => Promise<Map<string, { featuredDeal: TFeaturedDeal }>>;

/** The server's view of `kind`: its definition, with the module's detail table and rules. */
export function describeKind<K extends TProfileKind>(
  kind: K,
  server: {
    table: TKindDetailTable<K>;
    managedThrough?: TManagedThrough;
    cardExtras?: TCardExtras;
  },
): TKindDescriptor {
  const definition: TKindDefinition = KINDS[kind];
  const { api, fields } = definition;
  return {
    kind,
    definition,
    service: api.service,
    path: api.path,
    label: definition.label.toLowerCase(),
    reaction: api.reaction,
    memberWord: api.memberWord,
    memberFilterAliases: api.memberFilterAliases ?? [],
    children: definition.children,
    extras: api.extras ?? [],
    detail: { schema: PROFILE_DETAILS[kind], table: server.table },
    checkDetail: (detail) => definition.check?.(detail)?.message ?? null,
    detailReferences: Object.entries(fields).flatMap(([field, f]) =>
      f.type === "profile"
        ? [{ field, kinds: f.kinds, what: f.what, membersOnly: f.membersOnly ?? false }]
        : [],
    ),
    detailDefaults: defaultsOf(fields),
    managedThrough: server.managedThrough ?? null,
    cardExtras: server.cardExtras ?? null,
  };
}

export const reactionKind = (d: TKindDescriptor) => (d.reaction === "likes" ? "like" : "follow");
export const myReactionPath = (d: TKindDescriptor) =>
  d.reaction === "likes" ? "my/liked" : "my/followed";
