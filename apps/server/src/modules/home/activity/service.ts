// The activity feed of /home: one page of rows from the repository (repeats folded into groups),
// or one group's items, with the listings they name and the people who acted, as `TActivityItem`s.
import type { TActivityItem, TActivityTab, TPublicUser } from "@hostfield/domain/contracts";
import type { TDb } from "../../../platform/db/database";
import { mediaRef, type TProfileName } from "../../../profiles";
import { findActivityGroup, findActivityPage, type TActivityGroupRow } from "./repository";

export type THomeContext = {
  db: TDb;
  /** Names and pictures of those of `ids` who let others see them (the users module answers). */
  people: (ids: string[]) => Promise<Map<string, TPublicUser>>;
  /** How listings are named where an item points at them (the profiles module answers). */
  listings: (ids: readonly string[]) => Promise<Map<string, TProfileName>>;
};

const presentListing = (p: TProfileName): TActivityItem["profile"] => ({
  id: p.id,
  kind: p.kind as TActivityItem["profile"]["kind"],
  name: p.name,
  city: p.city,
  state: p.state,
  logo: mediaRef(p.logo),
});

/** The item of one row; none when its listing was deleted between the two reads. */
function presentItem(
  row: TActivityGroupRow,
  listings: Map<string, TProfileName>,
  people: Map<string, TPublicUser>,
): TActivityItem[] {
  const profile = listings.get(row.profile_id);
  if (!profile) return [];
  const actor = row.actor_id ? people.get(row.actor_id) : undefined;
  const context = row.context_id ? listings.get(row.context_id) : undefined;
  const grouped = row.group_count > 1;
  return [
    {
      id: grouped ? `g:${row.group_key}` : row.id,
      type: row.type,
      at: new Date(row.at).toISOString(),
      actor: actor ? { id: actor.id, name: actor.name, avatarUrl: actor.avatarUrl } : null,
      profile: presentListing(profile),
      context: context ? presentListing(context) : null,
      count: row.group_count,
      groupKey: grouped ? row.group_key : null,
    },
  ];
}

/** The items of a page of rows, with the listings and people they name. */
async function presentPage(
  ctx: THomeContext,
  page: { rows: TActivityGroupRow[]; count: number },
): Promise<{ rows: TActivityItem[]; count: number }> {
  const profileIds = [
    ...new Set(page.rows.flatMap((row) => [row.profile_id, row.context_id ?? []].flat())),
  ];
  const actorIds = [...new Set(page.rows.flatMap((row) => row.actor_id ?? []))];
  const [listings, actors] = await Promise.all([
    ctx.listings(profileIds),
    actorIds.length ? ctx.people(actorIds) : Promise.resolve(new Map<string, TPublicUser>()),
  ]);
  return {
    rows: page.rows.flatMap((row) => presentItem(row, listings, actors)),
    count: page.count,
  };
}

/**
 * One page of `me`'s feed, newest first, repeats folded into one row. Hidden people are left out
 * by `people`, so their items read as anonymous.
 */
export async function listActivity(
  ctx: THomeContext,
  me: string,
  tab: TActivityTab,
  window: { limit: number; offset: number },
): Promise<{ rows: TActivityItem[]; count: number }> {
  return presentPage(ctx, await findActivityPage(ctx.db, me, tab, window));
}

/** One page of the items of one group of `me`'s feed, newest first (none for a key not theirs). */
export async function listActivityGroup(
  ctx: THomeContext,
  me: string,
  tab: TActivityTab,
  key: string,
  window: { limit: number; offset: number },
): Promise<{ rows: TActivityItem[]; count: number }> {
  return presentPage(ctx, await findActivityGroup(ctx.db, me, tab, key, window));
}
