// The story service's routes (`/story-mgmt/api`): the catalogue's three reads (the published
// list, one story by slug, one by id), and the authors' calls: the listings they may write about,
// write, change (JSON Patch), send for approval, approve (admins, with their queue of new stories
// waiting), delete, preview the Markdown, upload an image; and a published story's changes
// waiting for approval: the admins' queue, approve or refuse (admins), withdraw.
import {
  ZMyStory,
  ZPatchBody,
  ZStory,
  ZStoryImage,
  ZStoryInput,
  ZStoryListing,
  ZStoryListQuery,
  ZStoryPage,
  ZStoryPreview,
  ZStoryPreviewInput,
  ZStoryRevisionApproval,
  ZStoryRevisionRefusal,
  ZStorySummary,
  zDataBody,
  zDataEnvelope,
  zListEnvelope,
} from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { newFileKey, readUpload } from "../../platform/files/upload";
import { access, principalOf } from "../../platform/http/access";
import { envelope, listEnvelope } from "../../platform/http/envelope";
import { routesOf, ZVersionQuery } from "../../platform/http/route-def";
import { ZDeletedReply, ZIdParams, ZRequiredVersionQuery } from "../../platform/http/schemas";
import { renderStoryBody } from "./markdown";
import { storyAuthor, storyReader, storyReaderBySlug, storyWriter } from "./policy";
import {
  authorsOf,
  cardsOf,
  narrowed,
  presentMine,
  presentStory,
  presentSummary,
} from "./presenter";
import * as repo from "./repository";
import * as revisions from "./revisions";
import * as stories from "./service";

const ZListQuery = ZVersionQuery.extend(ZStoryListQuery.shape);
const ZSlugParams = z.object({ slug: z.string().min(1).max(120) });
/** Stories the admins' queue of waiting changes shows at once (it is worked down, not paged). */
const REVISIONS_LISTED = 100;
/** New stories the admins' queue shows at once (the same: it is worked down). */
const PENDING_LISTED = 100;

export async function storyRoutes(
  app: FastifyInstance,
  options: { ctx: stories.TStoriesContext },
): Promise<void> {
  const { ctx } = options;
  const add = routesOf(app, ["stories"]);
  const author = storyAuthor(ctx);

  add({
    method: "GET",
    url: "/stories",
    summary:
      "Published stories, the latest first: `number` a page, from `offset`, in any of `categories`, with any of `tags`, narrowed to `fields`",
    access: access.public,
    query: ZListQuery,
    response: zDataEnvelope(ZStoryPage),
    handler: async (request) => {
      const { number, offset, categories, tags, fields } = request.query;
      const page = await repo.listStories(
        ctx.db,
        { status: "approved", categories, tags },
        { limit: number, offset },
      );
      const authors = await authorsOf(ctx, page.rows);
      return envelope({
        posts: page.rows.map((row) => narrowed(presentSummary(row, authors), fields)),
        count: page.count,
      });
    },
  });

  add({
    method: "GET",
    url: "/stories/mine",
    summary:
      "My stories in every state, and, for admins, every story waiting for approval (new, or changes to a published one)",
    access: access.signedIn,
    response: zListEnvelope(ZMyStory),
    handler: async (request) => {
      const principal = principalOf(request);
      const rows = await repo.storiesOfAuthor(ctx.db, principal.userId, principal.isAdmin);
      const authors = await authorsOf(ctx, rows);
      return listEnvelope(
        rows.map((row) => presentMine(row, authors)),
        rows.length,
      );
    },
  });

  add({
    method: "GET",
    url: "/stories/revisions",
    summary:
      "Published stories whose author's changes wait for approval, the longest waiting first: each as readers see it, with the changes (`revision`) beside it (admins)",
    access: access.admin,
    response: zListEnvelope(ZStory),
    handler: async (request) => {
      const principal = principalOf(request);
      const rows = await repo.storiesWithRevisions(ctx.db, REVISIONS_LISTED);
      const items = await Promise.all(rows.map((row) => presentStory(ctx, row, principal)));
      return listEnvelope(items, items.length);
    },
  });

  add({
    method: "GET",
    url: "/stories/pending",
    summary:
      "Stories sent for approval and not yet published, the longest waiting first (admins; what the Approvals tab lists)",
    access: access.admin,
    response: zListEnvelope(ZStorySummary),
    handler: async () => {
      const rows = await repo.pendingStories(ctx.db, PENDING_LISTED);
      const authors = await authorsOf(ctx, rows);
      return listEnvelope(
        rows.map((row) => presentSummary(row, authors)),
        rows.length,
      );
    },
  });

  add({
    method: "GET",
    url: "/stories/listings",
    summary:
      "The destinations, facilities and organizations the caller manages, pending ones too: what their stories may be about (the editor's choice)",
    access: access.signedIn,
    response: zListEnvelope(ZStoryListing),
    handler: async (request) => {
      const ids = await stories.writableListingIds(ctx, principalOf(request));
      const cards = await cardsOf(ctx, ids, true);
      cards.sort((a, b) => a.name.localeCompare(b.name));
      return listEnvelope(cards, cards.length);
    },
  });

  add({
    method: "GET",
    url: "/stories/slug/:slug",
    summary: "A story by its slug (published; before that, to its author and admins)",
    access: storyReaderBySlug(ctx),
    params: ZSlugParams,
    response: zDataEnvelope(ZStory),
    handler: async (request) => {
      const row = await repo.findStoryBySlug(ctx.db, request.params.slug);
      return envelope(
        await presentStory(ctx, stories.readableStory(row, request.principal), request.principal),
      );
    },
  });

  add({
    method: "GET",
    url: "/stories/:id",
    summary: "A story (published; before that, to its author and admins)",
    access: storyReader(ctx),
    params: ZIdParams,
    response: zDataEnvelope(ZStory),
    handler: async (request) => {
      const row = await repo.findStory(ctx.db, request.params.id);
      return envelope(
        await presentStory(ctx, stories.readableStory(row, request.principal), request.principal),
      );
    },
  });

  add({
    method: "POST",
    url: "/stories",
    summary:
      "Write a story (a draft until sent for approval; its slug comes from this title and stays)",
    access: storyWriter(ctx),
    body: zDataBody(ZStoryInput),
    status: 201,
    response: zDataEnvelope(ZStory),
    handler: async (request) => {
      const principal = principalOf(request);
      const row = await stories.createStory(ctx, request.body.data, principal);
      return envelope(await presentStory(ctx, row, principal));
    },
  });

  add({
    method: "PATCH",
    url: "/stories/:id",
    summary:
      "Change a story (JSON Patch of title, summary, coverImage, body, categories, tags, listingIds; the slug stays). A published story's changes by anyone but an admin wait for approval as its `revision` (the patch applies to them); readers see the approved version meanwhile",
    access: author,
    params: ZIdParams,
    body: ZPatchBody,
    response: zDataEnvelope(ZStory),
    handler: async (request) => {
      const principal = principalOf(request);
      const before = await stories.authoredStory(ctx, request.params.id, principal);
      await stories.patchStory(ctx, before, request.body, principal);
      const after = await repo.findStory(ctx.db, before.id);
      return envelope(await presentStory(ctx, after!, principal));
    },
  });

  add({
    method: "DELETE",
    url: "/stories/:id",
    summary: "Delete a story",
    access: author,
    params: ZIdParams,
    response: ZDeletedReply,
    handler: async (request) => {
      await stories.deleteStory(ctx, request.params.id);
      return envelope({ id: request.params.id, deleted: true as const });
    },
  });

  add({
    method: "POST",
    url: "/stories/:id/submit",
    summary: "Send a draft story for an admin's approval (409 STORY_NOT_DRAFT otherwise)",
    access: author,
    params: ZIdParams,
    query: ZRequiredVersionQuery,
    response: zDataEnvelope(ZStory),
    handler: async (request) => {
      const principal = principalOf(request);
      const story = await stories.authoredStory(ctx, request.params.id, principal);
      await stories.submitStory(ctx, story);
      return envelope(
        await presentStory(ctx, (await repo.findStory(ctx.db, story.id))!, principal),
      );
    },
  });

  add({
    method: "PUT",
    url: "/stories/:id/approve",
    summary: "Approve a story: it is published now (admins; one-way, as a listing's approval)",
    access: access.admin,
    params: ZIdParams,
    query: ZRequiredVersionQuery,
    response: zDataEnvelope(ZStory),
    handler: async (request) => {
      const principal = principalOf(request);
      const row = await stories.approveStory(ctx, request.params.id, principal);
      return envelope(await presentStory(ctx, row, principal));
    },
  });

  add({
    method: "PUT",
    url: "/stories/:id/revision/approve",
    summary:
      "Publish the author's changes the admin read (`revisionId`): they replace what readers see (admins; 409 STORY_NO_REVISION, or STORY_REVISION_CHANGED when changed since)",
    access: access.admin,
    params: ZIdParams,
    query: ZRequiredVersionQuery,
    body: zDataBody(ZStoryRevisionApproval),
    response: zDataEnvelope(ZStory),
    handler: async (request) => {
      const principal = principalOf(request);
      const row = await revisions.approveRevision(
        ctx,
        request.params.id,
        request.body.data.revisionId,
        principal,
      );
      return envelope(await presentStory(ctx, row, principal));
    },
  });

  add({
    method: "POST",
    url: "/stories/:id/revision/reject",
    summary:
      "Refuse the author's changes the admin read, saying why (the author is told): readers keep the published story (admins; 409 as approving)",
    access: access.admin,
    params: ZIdParams,
    query: ZRequiredVersionQuery,
    body: zDataBody(ZStoryRevisionRefusal),
    response: zDataEnvelope(ZStory),
    handler: async (request) => {
      const principal = principalOf(request);
      const row = await revisions.rejectRevision(
        ctx,
        request.params.id,
        request.body.data,
        principal,
      );
      return envelope(await presentStory(ctx, row, principal));
    },
  });

  add({
    method: "DELETE",
    url: "/stories/:id/revision",
    summary:
      "Withdraw my changes waiting for approval: the published story stays as it is (409 STORY_NO_REVISION when none wait)",
    access: author,
    params: ZIdParams,
    response: zDataEnvelope(ZStory),
    handler: async (request) => {
      const principal = principalOf(request);
      const row = await revisions.withdrawRevision(ctx, request.params.id);
      return envelope(await presentStory(ctx, row, principal));
    },
  });

  add({
    method: "POST",
    url: "/stories/preview",
    summary: "The HTML a story's Markdown shows as (sanitized as a stored story's)",
    access: access.signedIn,
    body: zDataBody(ZStoryPreviewInput),
    response: zDataEnvelope(ZStoryPreview),
    handler: async (request) => envelope({ bodyHtml: renderStoryBody(request.body.data.body) }),
  });

  add({
    method: "POST",
    url: "/stories/images",
    summary:
      "Upload an image for a story (multipart field 'file'): its address, for the cover or the body",
    access: access.signedIn,
    query: ZRequiredVersionQuery,
    status: 201,
    response: zDataEnvelope(ZStoryImage),
    handler: async (request) => {
      const upload = await readUpload(request, "image");
      const key = newFileKey("stories", upload.extension);
      await ctx.files.put(key, upload.body);
      return envelope({ url: `/media/${key}` });
    },
  });
}
