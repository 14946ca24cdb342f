// What each marketplace section lists and how, read from the kinds' definitions: the profile kind,
// its search and reaction calls, the filters that make sense for it, its type list.
import {
  KINDS,
  PROFILE_KINDS,
  type TFilterName,
  type TKindDefinition,
  type TProfileKind,
} from "@hostfield/domain/kinds";
import type { TMarketplaceSectionId } from "@hostfield/domain/reference";

export type { TFilterName };

export type TMarketplaceKind = {
  sectionId: TMarketplaceSectionId;
  kind: TProfileKind;
  /** Service base, e.g. `facility-mgmt`: calls go to `/{service}/api/{path}`. */
  service: string;
  path: string;
  /** The kind's reaction word: `likes` or `followers`. */
  reaction: "likes" | "followers";
  noun: { one: string; many: string };
  filters: readonly TFilterName[];
  /** The kind's own type list, sent as `types`. */
  types: { label: string; options: readonly string[] } | null;
  /** Whether the sport categories make sense as entry points (businesses have no sports). */
  sportCategories: boolean;
};

/** The options of the kind's type list: its `types` field's reference list. */
function typeOptions(kind: TProfileKind): readonly string[] | null {
  const d: TKindDefinition = KINDS[kind];
  const f = d.search?.types ? d.fields[d.search.types] : undefined;
  return f && (f.type === "choice" || f.type === "tags") ? f.options : null;
}

function marketplaceKindOf(kind: TProfileKind): TMarketplaceKind[] {
  const { api, marketplace } = KINDS[kind];
  if (!marketplace) return [];
  const options = typeOptions(kind);
  return [
    {
      sectionId: marketplace.section,
      kind,
      service: api.service,
      path: api.path,
      reaction: api.reaction,
      noun: marketplace.noun,
      filters: marketplace.filters,
      types: options ? { label: marketplace.typesLabel, options } : null,
      sportCategories: marketplace.sportCategories,
    },
  ];
}

export const MARKETPLACE_KINDS = Object.fromEntries(
  PROFILE_KINDS.flatMap(marketplaceKindOf).map((m) => [m.sectionId, m]),
) as Record<TMarketplaceSectionId, TMarketplaceKind>;

export function marketplaceKind(sectionId: TMarketplaceSectionId): TMarketplaceKind {
  return MARKETPLACE_KINDS[sectionId];
}

/** `/{service}/api/{path}`: the base of a kind's calls. */
export function kindApiBase(kind: Pick<TMarketplaceKind, "service" | "path">): string {
  return `/${kind.service}/api/${kind.path}`;
}
