// Story rows to the API's shapes: dates as ISO strings, the cover image's address, the author's
// name, and the listings as cards (read through the listings' service).
import {
  STORY_LIST_FIELDS,
  type TStory,
  type TStoryListing,
  type TStorySummary,
} from "@hostfield/domain/contracts";
import type { TProfileKind, TStoryCategory } from "@hostfield/domain/reference";
import type { TPrincipal } from "../../platform/http/access";
import { mediaRef } from "../../profiles";
import type { TStoryRow } from "./repository";
import * as repo from "./repository";
import { isAuthor, type TStoriesContext } from "./service";

type TAuthors = Map<string, { id: string; name: string }>;

/** The authors of `rows`, by id (a deleted account leaves its stories without one). */
export async function authorsOf(
  ctx: TStoriesContext,
  rows: readonly TStoryRow[],
): Promise<TAuthors> {
  const ids = [...new Set(rows.flatMap((r) => (r.authorId ? [r.authorId] : [])))];
  const people = await Promise.all(ids.map((id) => ctx.users().person(id)));
  return new Map(people.flatMap((p) => (p ? [[p.id, { id: p.id, name: p.name }] as const] : [])));
}

export function presentSummary(row: TStoryRow, authors: TAuthors): TStorySummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    coverImage: mediaRef(row.coverImage),
    categories: row.categories as TStoryCategory[],
    tags: row.tags,
    status: row.status,
    author: (row.authorId && authors.get(row.authorId)) || null,
    publishedDate: row.publishedDate?.toISOString() ?? null,
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

/** A list's item narrowed to the asked `fields` (`id` always). */
export function narrowed(summary: TStorySummary, fields: readonly string[] | undefined) {
  if (!fields?.length) return summary;
  const keep = new Set(["id", ...fields.filter((f) => STORY_LIST_FIELDS.includes(f as never))]);
  return Object.fromEntries(
    Object.entries(summary).filter(([key]) => keep.has(key)),
  ) as Partial<TStorySummary> & { id: string };
}

/** The whole story as `principal` may see it: pending listings only for its author and admins. */
export async function presentStory(
  ctx: TStoriesContext,
  row: TStoryRow,
  principal: TPrincipal | null,
): Promise<TStory> {
  const ids = (await repo.listingIdsOf(ctx.db, [row.id])).get(row.id) ?? [];
  const mine = isAuthor(row, principal);
  const kinds = await ctx.profiles().kindsOf(ids);
  const byKind = new Map<TProfileKind, string[]>();
  for (const id of ids) {
    const kind = kinds.get(id);
    if (kind) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
  }
  const cards = new Map<string, TStoryListing>();
  for (const [kind, kindIds] of byKind) {
    const found = await ctx.profiles().profilesByIds(kind, kindIds, { listedOnly: !mine });
    for (const p of found.values()) {
      cards.set(p.id, {
        id: p.id,
        kind,
        name: p.name,
        logo: mediaRef(p.logo, p.status !== "approved"),
        headerImage: mediaRef(p.headerImage, p.status !== "approved"),
        address: p.city && p.state ? { city: p.city, state: p.state } : null,
      });
    }
  }
  const listings = ids.flatMap((id) => (cards.has(id) ? [cards.get(id)!] : []));
  return {
    ...presentSummary(row, await authorsOf(ctx, [row])),
    body: row.body,
    bodyHtml: row.bodyHtml,
    listings,
    listingIds: mine ? ids : listings.map((l) => l.id),
  };
}
