// The completeness checklist of the listings a user runs (home summary): photos, spaces, amenities
// and description, each done or not with the listing page's section where it is edited, for the
// items the listing's kind has. The least complete come first; complete ones are left out.
import {
  HOME_DESCRIPTION_MIN_LENGTH,
  type TCompletenessItem,
  type TListingCompleteness,
} from "@hostfield/domain/contracts";
import type { TChildName, TProfileKind } from "@hostfield/domain/kinds";
import { profileLink } from "@hostfield/domain/rules";
import type { TProfilesContext } from "../service";
import { managedListingContents, type TCompletenessRow } from "./repository";

/** Each item: the child collection a kind needs to have it, the page section, and the test. */
const ITEMS: readonly {
  item: TCompletenessItem;
  child: TChildName | null;
  section: string;
  done: (row: TCompletenessRow) => boolean;
}[] = [
  { item: "photos", child: "images", section: "images", done: (r) => r.hasPhotos },
  { item: "spaces", child: "spaceTypes", section: "spaceTypes", done: (r) => r.hasSpaces },
  { item: "amenities", child: "amenities", section: "amenities", done: (r) => r.hasAmenities },
  {
    item: "description",
    child: null,
    section: "about",
    done: (r) => (r.description?.trim().length ?? 0) >= HOME_DESCRIPTION_MIN_LENGTH,
  },
];

export function checklistOf(
  row: TCompletenessRow,
  children: readonly TChildName[],
): TListingCompleteness {
  const kind = row.kind as TProfileKind;
  const items = ITEMS.filter((spec) => spec.child === null || children.includes(spec.child)).map(
    (spec) => ({
      item: spec.item,
      done: spec.done(row),
      href: `${profileLink(kind, row.id)}#${spec.section}`,
    }),
  );
  return {
    profile: { id: row.id, kind, name: row.name },
    items,
    done: items.filter((i) => i.done).length,
    total: items.length,
  };
}

const missingShare = (c: TListingCompleteness) => (c.total - c.done) / Math.max(1, c.total);

/**
 * The user's listings (owner or manager, events aside) as checklists: how many there are, how
 * many miss something, and the `limit` least complete (most missing share first, then by name).
 */
export async function listingCompleteness(ctx: TProfilesContext, userId: string, limit: number) {
  const rows = await managedListingContents(ctx.db, userId);
  const lists = rows.map((row) =>
    checklistOf(row, ctx.kinds.find((d) => d.kind === row.kind)?.children ?? []),
  );
  const incomplete = lists
    .filter((c) => c.done < c.total)
    .sort(
      (a, b) =>
        missingShare(b) - missingShare(a) ||
        a.profile.name.localeCompare(b.profile.name) ||
        a.profile.id.localeCompare(b.profile.id),
    );
  return {
    listingCount: lists.length,
    incompleteCount: incomplete.length,
    listings: incomplete.slice(0, limit),
  };
}
