// Story rows to the API's shapes: dates as ISO strings, the cover image's address, the author's
// name, and the listings as cards (read through the listings' service). A published story's
// waiting changes, and why the last ones were refused, go to its author and admins only.
import {
  STORY_LIST_FIELDS,
  type TMyStory,
  type TStory,
  type TStoryListing,
  type TStoryRevision,
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

/** An item of "my stories": the summary, and since when changes to it wait for approval. */
export function presentMine(row: TStoryRow, authors: TAuthors): TMyStory {
  return { ...presentSummary(row, authors), revisionDate: row.revisionDate?.toISOString() ?? null };
}

/** A list's item narrowed to the asked `fields` (`id` always). */
export function narrowed(summary: TStorySummary, fields: readonly string[] | undefined) {
  if (!fields?.length) return summary;
  const keep = new Set(["id", ...fields.filter((f) => STORY_LIST_FIELDS.includes(f as never))]);
  return Object.fromEntries(
    Object.entries(summary).filter(([key]) => keep.has(key)),
  ) as Partial<TStorySummary> & { id: string };
}

/** The cards of the listings `ids`, in order: the listed ones, and pending ones too when `mine`. */
export async function cardsOf(
  ctx: TStoriesContext,
  ids: readonly string[],
  mine: boolean,
): Promise<TStoryListing[]> {
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
  return ids.flatMap((id) => (cards.has(id) ? [cards.get(id)!] : []));
}

/** The story's waiting changes as its author and admins see them, beside the published story. */
async function presentRevision(
  ctx: TStoriesContext,
  row: TStoryRow,
): Promise<TStoryRevision | null> {
  const revision = row.revision;
  if (!revision || !row.revisionDate) return null;
  return {
    id: revision.id,
    title: revision.title,
    summary: revision.summary,
    coverImage: mediaRef(revision.coverImage),
    categories: revision.categories as TStoryCategory[],
    tags: revision.tags,
    body: revision.body,
    bodyHtml: revision.bodyHtml,
    listings: await cardsOf(ctx, revision.listingIds, true),
    listingIds: revision.listingIds,
    proposedDate: row.revisionDate.toISOString(),
  };
}

/**
 * The whole story as `principal` may see it: pending listings, the waiting changes and why the
 * last ones were refused only for its author and admins (absent for everyone else).
 */
export async function presentStory(
  ctx: TStoriesContext,
  row: TStoryRow,
  principal: TPrincipal | null,
): Promise<TStory> {
  const ids = (await repo.listingIdsOf(ctx.db, [row.id])).get(row.id) ?? [];
  const mine = isAuthor(row, principal);
  const listings = await cardsOf(ctx, ids, mine);
  const story: TStory = {
    ...presentSummary(row, await authorsOf(ctx, [row])),
    body: row.body,
    bodyHtml: row.bodyHtml,
    listings,
    listingIds: mine ? ids : listings.map((l) => l.id),
  };
  if (!mine) return story;
  const rejection = row.revisionRejection;
  return {
    ...story,
    revision: await presentRevision(ctx, row),
    revisionRejection: rejection ? { reason: rejection.reason, date: rejection.date } : null,
  };
}
