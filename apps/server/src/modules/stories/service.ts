// The stories' rules: who writes a story (admins; managers of the destinations, facilities and
// organizations it is about), who reads it (anyone once approved; before that its author and
// admins, everyone else 404), its slug (made once from the first title, unique), its HTML (made
// and sanitized when written), and its way to publication: draft, sent for approval, approved.
// Approval is not a one-time gate: a published story's changes by anyone but an admin are held as
// its revision (revisions.ts approves or refuses them) and readers keep the approved version.

import { type TStoryInput, ZStoryInput } from "@hostfield/domain/contracts";
import {
  STORY_AUTHOR_KINDS,
  type TProfileKind,
  type TStoryCategory,
} from "@hostfield/domain/reference";
import { slugify } from "@hostfield/domain/rules";
import { inTransaction, type TDb } from "../../platform/db/database";
import type { TEventBus } from "../../platform/events/bus";
import type { TFileStore } from "../../platform/files/store";
import type { TPrincipal } from "../../platform/http/access";
import {
  AppError,
  conflict,
  forbidden,
  notFound,
  validationFailed,
} from "../../platform/http/errors";
import { applyJsonPatch } from "../../platform/http/json-patch";
import type { TModuleServices } from "../../platform/module";
import { plainText, renderStoryBody } from "./markdown";
import * as repo from "./repository";
import type { TStoredStoryRevision } from "./schema";

export type TStoriesContext = {
  db: TDb;
  /** Where a story's pictures are kept (`stories/`). */
  files: TFileStore;
  events: TEventBus;
  now: () => Date;
  profiles: () => TModuleServices["profiles"];
  users: () => TModuleServices["users"];
};

type TParsedInput = ReturnType<typeof ZStoryInput.parse>;

export const isAuthor = (story: repo.TStoryRow, principal: TPrincipal | null) =>
  Boolean(principal && (principal.isAdmin || story.authorId === principal.userId));

/**
 * The story, when the caller may read it: anyone an approved one; its author and admins one not
 * yet approved; 404 for everyone else (nothing is said of a story that is not published).
 */
export function readableStory(
  story: repo.TStoryRow | undefined,
  principal: TPrincipal | null,
): repo.TStoryRow {
  if (!story || (story.status !== "approved" && !isAuthor(story, principal))) {
    throw notFound("The story");
  }
  return story;
}

/** The story, when the caller may change it (its author, admins); 404 or 403 for the rest. */
export async function authoredStory(ctx: TStoriesContext, id: string, principal: TPrincipal) {
  const story = readableStory(await repo.findStory(ctx.db, id), principal);
  if (!isAuthor(story, principal)) throw forbidden("Only the story's author and admins change it.");
  return story;
}

/**
 * The listings a story may be about, in order: each must exist and be listed or one the author
 * manages; a manager's story must be about at least one destination, facility or organization
 * they manage (admins write about any).
 */
export async function vetListings(
  ctx: TStoriesContext,
  ids: readonly string[],
  principal: TPrincipal,
): Promise<string[]> {
  const wanted = [...new Set(ids)];
  const kinds = await ctx.profiles().kindsOf(wanted);
  const missing = wanted.findIndex((id) => !kinds.has(id));
  if (missing >= 0) {
    throw validationFailed("A listing of the story was not found.", [
      { path: ["listingIds", String(missing)], message: "No such listing" },
    ]);
  }
  let ownsOne = false;
  for (const [index, id] of wanted.entries()) {
    const kind = kinds.get(id) as TProfileKind;
    const abilities = await ctx.profiles().abilitiesOn(kind, id, principal);
    const manages = abilities.includes("profile.update");
    if (manages && (STORY_AUTHOR_KINDS as readonly string[]).includes(kind)) ownsOne = true;
    if (!manages && !principal.isAdmin) {
      const listed = await ctx.profiles().profilesByIds(kind, [id], { listedOnly: true });
      if (!listed.has(id)) {
        throw validationFailed("A listing of the story is not listed yet.", [
          { path: ["listingIds", String(index)], message: "Not a listed listing" },
        ]);
      }
    }
  }
  if (!principal.isAdmin && !ownsOne) {
    throw new AppError(
      "STORY_LISTING_REQUIRED",
      403,
      "A story is about one of your own destinations, facilities or organizations: add it to the story's listings.",
    );
  }
  return wanted;
}

/**
 * The destinations, facilities and organizations `principal` manages, by id: what their stories
 * may be about (vetListings' rule: a manager's story is about at least one of them).
 */
export async function writableListingIds(
  ctx: TStoriesContext,
  principal: TPrincipal,
): Promise<string[]> {
  const ids: string[] = [];
  for (const kind of STORY_AUTHOR_KINDS) {
    for (const listing of await ctx.profiles().myListings(kind, principal)) {
      if (listing.abilities.includes("profile.update")) ids.push(listing.id);
    }
  }
  return ids;
}

/** `base`, or `base-2`, `base-3`, … : the first not taken. */
async function freeSlug(db: TDb, title: string): Promise<string> {
  const base = slugify(title, "story");
  const taken = await repo.slugsLike(db, base);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string } | null)?.code === "23505" ||
  (error as { cause?: { code?: string } } | null)?.cause?.code === "23505";

/** A story's columns from its input: the summary from the body when none, the body's HTML. */
export function columnsOf(input: TParsedInput) {
  return {
    title: input.title,
    summary: input.summary || plainText(input.body).slice(0, 200),
    coverImage: input.coverImage,
    body: input.body,
    bodyHtml: renderStoryBody(input.body),
    categories: input.categories,
    tags: [...new Set(input.tags)],
  };
}

/** A new draft by the caller; its slug is made from this title and kept for good. */
export async function createStory(
  ctx: TStoriesContext,
  input: TParsedInput,
  principal: TPrincipal,
  options: { status?: "draft" | "approved" } = {},
): Promise<repo.TStoryRow> {
  const listingIds = await vetListings(ctx, input.listingIds, principal);
  // Two stories of the same title at once: the second's slug is taken between look and write.
  for (let attempt = 0; ; attempt++) {
    try {
      return await inTransaction(ctx.db, async (tx) => {
        const slug = await freeSlug(tx, input.title);
        const approved = options.status === "approved";
        const row = await repo.insertStory(tx, {
          ...columnsOf(input),
          slug: attempt < 2 ? slug : `${slug}-${crypto.randomUUID().slice(0, 8)}`,
          authorId: principal.userId,
          status: options.status ?? "draft",
          publishedDate: approved ? ctx.now() : null,
          approvedDate: approved ? ctx.now() : null,
          approvedBy: approved ? principal.userId : null,
        });
        await repo.replaceListings(tx, row.id, listingIds);
        return row;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** What a JSON Patch of a story edits: the input's fields as readers see them now. */
export async function editableOf(ctx: TStoriesContext, story: repo.TStoryRow) {
  const listingIds = (await repo.listingIdsOf(ctx.db, [story.id])).get(story.id) ?? [];
  return {
    title: story.title,
    summary: story.summary,
    coverImage: story.coverImage,
    body: story.body,
    categories: story.categories as TStoryCategory[],
    tags: story.tags,
    listingIds,
  } satisfies TStoryInput;
}

/** The input's fields as the waiting changes have them. */
function editableOfRevision(revision: TStoredStoryRevision) {
  return {
    title: revision.title,
    summary: revision.summary,
    coverImage: revision.coverImage,
    body: revision.body,
    categories: revision.categories as TStoryCategory[],
    tags: revision.tags,
    listingIds: revision.listingIds,
  } satisfies TStoryInput;
}

/**
 * Whether `principal`'s edit of `story` waits for an admin: every edit of a published story but an
 * admin's. Every field waits (title, summary, cover, body, categories, tags and the listings it is
 * about, which decide where it shows): all of them are public. A draft or a story sent for approval
 * changes at once, as no reader sees it yet.
 */
export const editWaits = (story: repo.TStoryRow, principal: TPrincipal) =>
  story.status === "approved" && !principal.isAdmin;

/**
 * Applies a JSON Patch of the input's fields; the slug stays whatever the title becomes. An edit
 * that waits for approval patches the waiting changes (or, with none, the published story) and
 * replaces them; one that makes the story what readers see already leaves nothing waiting. An
 * admin's edit of a published story is approved as it is made.
 */
export async function patchStory(
  ctx: TStoriesContext,
  story: repo.TStoryRow,
  operations: unknown,
  principal: TPrincipal,
): Promise<void> {
  const waits = editWaits(story, principal);
  const published = await editableOf(ctx, story);
  const before = waits && story.revision ? editableOfRevision(story.revision) : published;
  const parsed = ZStoryInput.safeParse(applyJsonPatch(before, operations));
  if (!parsed.success) {
    throw validationFailed(
      `The story is not valid after the patch: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      parsed.error.issues,
    );
  }
  const listingIds = await vetListings(ctx, parsed.data.listingIds, principal);
  const columns = columnsOf(parsed.data);
  if (waits) {
    await holdForApproval(ctx, story.id, { ...columns, listingIds }, published, principal);
    return;
  }
  const approvedNow =
    story.status === "approved" ? { approvedBy: principal.userId, approvedDate: ctx.now() } : {};
  await inTransaction(ctx.db, async (tx) => {
    await repo.updateStory(tx, story.id, { ...columns, ...approvedNow });
    await repo.replaceListings(tx, story.id, listingIds);
  });
}

type TEdit = Omit<TStoredStoryRevision, "id" | "by">;

/** The fields readers see, and those the edit would give them, are the same. */
function sameAsPublished(edit: TEdit, published: TStoryInput): boolean {
  const { bodyHtml: _html, ...fields } = edit;
  return (Object.keys(fields) as (keyof typeof fields)[]).every(
    (key) => JSON.stringify(fields[key]) === JSON.stringify(published[key]),
  );
}

/**
 * Keeps the edit as the story's changes waiting for approval (a new id, so an admin's answer names
 * what they read), in place of any before; readers' columns stay. An edit back to what readers see
 * leaves nothing waiting. Either way a refusal's reason has been read: it goes.
 */
async function holdForApproval(
  ctx: TStoriesContext,
  storyId: string,
  edit: TEdit,
  published: TStoryInput,
  principal: TPrincipal,
): Promise<void> {
  const nothingNew = sameAsPublished(edit, published);
  await repo.setRevision(ctx.db, storyId, {
    revision: nothingNew ? null : { ...edit, id: crypto.randomUUID(), by: principal.userId },
    revisionDate: nothingNew ? null : ctx.now(),
    revisionRejection: null,
  });
}

/** A draft goes to the admins for approval (409 STORY_NOT_DRAFT from any other status). */
export async function submitStory(ctx: TStoriesContext, story: repo.TStoryRow): Promise<void> {
  if (story.status !== "draft") {
    throw conflict(
      story.status === "pending"
        ? "The story already waits for an admin's approval."
        : "The story is already published.",
      "STORY_NOT_DRAFT",
    );
  }
  await repo.updateStory(ctx.db, story.id, { status: "pending" });
}

/** One-way, as a listing's approval: the story is published now; approving again changes nothing. */
export async function approveStory(
  ctx: TStoriesContext,
  id: string,
  principal: TPrincipal,
): Promise<repo.TStoryRow> {
  const story = await repo.findStory(ctx.db, id);
  if (!story) throw notFound("The story");
  if (story.status !== "approved") {
    const now = ctx.now();
    await repo.updateStory(ctx.db, id, {
      status: "approved",
      publishedDate: now,
      approvedDate: now,
      approvedBy: principal.userId,
    });
  }
  return (await repo.findStory(ctx.db, id))!;
}

/** Deletes a story (its listings' links cascade); the reports forget its views (StoryDeleted). */
export async function deleteStory(ctx: TStoriesContext, id: string): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    await repo.deleteStory(tx, id);
    await ctx.events.record(tx, "StoryDeleted", { storyId: id });
  });
}

/** A story's report subject, for the reports module: its author and admins read it. */
export async function storyReportSubject(
  ctx: TStoriesContext,
  id: string,
  principal: TPrincipal,
): Promise<{ id: string; name: string }> {
  const story = readableStory(await repo.findStory(ctx.db, id), principal);
  if (!isAuthor(story, principal)) {
    throw forbidden("Only the story's author and admins read its report.");
  }
  return { id: story.id, name: story.title };
}
