// Who may do what with a story: anyone reads a published one; its author and admins read it
// before that and change it (everyone else 404 before publication, 403 after); admins and the
// managers of the destinations, facilities and organizations a story is about write one; admins
// approve it, and approve or refuse its author's later changes (which only its author and admins
// see, and its author may withdraw). Routes ask here; nothing else decides.
import type { FastifyRequest } from "fastify";
import { access, principalOf } from "../../platform/http/access";
import * as repo from "./repository";
import { authoredStory, readableStory, type TStoriesContext, vetListings } from "./service";

type TById = FastifyRequest & { params: { id: string } };

/** Anyone reads a published story; its author and admins one not yet published; else 404. */
export const storyReader = (ctx: TStoriesContext) =>
  access.policy<TById>(
    "story.read: anyone once published; before that its author and admins (404 for the rest)",
    async (request) => {
      readableStory(await repo.findStory(ctx.db, request.params.id), request.principal);
    },
  );

/** The same rule for a story addressed by its slug. */
export const storyReaderBySlug = (ctx: TStoriesContext) =>
  access.policy<FastifyRequest & { params: { slug: string } }>(
    "story.read: anyone once published; before that its author and admins (404 for the rest)",
    async (request) => {
      readableStory(await repo.findStoryBySlug(ctx.db, request.params.slug), request.principal);
    },
  );

/** The story's author and admins; 401 for visitors, 404 or 403 for the rest. */
export const storyAuthor = (ctx: TStoriesContext) =>
  access.policy<TById>("story.write: the story's author, or an admin", async (request) => {
    await authoredStory(ctx, request.params.id, principalOf(request));
  });

/**
 * Writing a new story: admins, and managers of a destination, facility or organization the story
 * is about (403 STORY_LISTING_REQUIRED for anyone else signed in).
 */
export const storyWriter = (ctx: TStoriesContext) =>
  access.policy<FastifyRequest & { body: { data: { listingIds?: string[] } } }>(
    "story.create: an admin, or a manager of a destination, facility or organization the story is about",
    async (request) => {
      await vetListings(ctx, request.body.data.listingIds ?? [], principalOf(request));
    },
  );
