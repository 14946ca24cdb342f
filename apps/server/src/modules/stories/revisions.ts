// A published story's waiting changes (its revision, held by `patchStory`): an admin approves them
// (copied onto the story, which readers then see) or refuses them with a reason (dropped; the
// author is told through `StoryRevisionRejected` and the story keeps the reason for them), and the
// author may withdraw them. An answer names the changes the admin read: changes replaced since
// answer 409 STORY_REVISION_CHANGED, so nothing unread is ever published.
import type { TStoryRevisionRefusal } from "@hostfield/domain/contracts";
import { inTransaction } from "../../platform/db/database";
import type { TPrincipal } from "../../platform/http/access";
import { conflict, notFound } from "../../platform/http/errors";
import * as repo from "./repository";
import type { TStoredStoryRevision } from "./schema";
import type { TStoriesContext } from "./service";

/** The story's waiting changes, when they are those the admin read; else 404 or 409. */
function waitingChanges(
  story: repo.TStoryRow | undefined,
  revisionId: string | null,
): { story: repo.TStoryRow; revision: TStoredStoryRevision } {
  if (!story) throw notFound("The story");
  if (!story.revision) {
    throw conflict("No changes to this story wait for approval.", "STORY_NO_REVISION");
  }
  if (revisionId !== null && story.revision.id !== revisionId) {
    throw conflict(
      "The author changed the story again since you read it: read the new changes first.",
      "STORY_REVISION_CHANGED",
    );
  }
  return { story, revision: story.revision };
}

/**
 * Publishes the waiting changes the admin read: their fields go onto the story (a listing deleted
 * meanwhile left out), the story is approved again by this admin now, and nothing waits.
 */
export async function approveRevision(
  ctx: TStoriesContext,
  id: string,
  revisionId: string,
  principal: TPrincipal,
): Promise<repo.TStoryRow> {
  const { revision } = waitingChanges(await repo.findStory(ctx.db, id), revisionId);
  // Read before the transaction: the listings are another module's, asked through its service.
  const kinds = await ctx.profiles().kindsOf(revision.listingIds);
  const listingIds = revision.listingIds.filter((listingId) => kinds.has(listingId));
  await inTransaction(ctx.db, async (tx) => {
    waitingChanges(await repo.lockStory(tx, id), revisionId);
    await repo.updateStory(tx, id, {
      title: revision.title,
      summary: revision.summary,
      coverImage: revision.coverImage,
      body: revision.body,
      bodyHtml: revision.bodyHtml,
      categories: revision.categories,
      tags: revision.tags,
      approvedBy: principal.userId,
      approvedDate: ctx.now(),
      revision: null,
      revisionDate: null,
      revisionRejection: null,
    });
    await repo.replaceListings(tx, id, listingIds);
  });
  return (await repo.findStory(ctx.db, id))!;
}

/**
 * Drops the waiting changes the admin read, keeping why for the author (shown with the story until
 * they edit again), and records `StoryRevisionRejected` in the same transaction to tell them.
 */
export async function rejectRevision(
  ctx: TStoriesContext,
  id: string,
  refusal: TStoryRevisionRefusal,
  principal: TPrincipal,
): Promise<repo.TStoryRow> {
  await inTransaction(ctx.db, async (tx) => {
    const { story } = waitingChanges(await repo.lockStory(tx, id), refusal.revisionId);
    await repo.setRevision(tx, id, {
      revision: null,
      revisionDate: null,
      revisionRejection: {
        reason: refusal.reason,
        date: ctx.now().toISOString(),
        by: principal.userId,
      },
    });
    await ctx.events.record(tx, "StoryRevisionRejected", {
      storyId: id,
      slug: story.slug,
      title: story.title,
      authorId: story.authorId,
      reason: refusal.reason,
      rejectedBy: principal.userId,
    });
  });
  return (await repo.findStory(ctx.db, id))!;
}

/** The author (or an admin) takes the waiting changes back: the published story stays as it is. */
export async function withdrawRevision(ctx: TStoriesContext, id: string): Promise<repo.TStoryRow> {
  await inTransaction(ctx.db, async (tx) => {
    waitingChanges(await repo.lockStory(tx, id), null);
    await repo.setRevision(tx, id, { revision: null, revisionDate: null });
  });
  return (await repo.findStory(ctx.db, id))!;
}
