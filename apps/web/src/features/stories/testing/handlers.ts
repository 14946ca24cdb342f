// Test-only MSW handlers for the stories: the published list answers the stories a test gives it
// (filtered by category and tag, paged as asked), a story by slug answers one of them or 404, and
// "my stories" answers none; the listings the signed-in member may write about; the admins' queue
// of new stories waiting for approval, which approving empties.
import {
  type TStory,
  type TStoryListing,
  type TStorySummary,
  ZStory,
  ZStoryListing,
  ZStoryPage,
  ZStorySummary,
} from "@hostfield/domain/contracts";
import { http } from "msw";
import { dataReply, errorReply, listReply } from "../../../test/msw";

const BASE = "/story-mgmt/api/stories";

export function buildStory(overrides: Partial<TStory> & { id: string; title: string }): TStory {
  const slug = overrides.title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return {
    slug,
    summary: "",
    coverImage: null,
    categories: [],
    tags: [],
    status: "approved",
    author: null,
    publishedDate: "2026-11-01T12:00:00.000Z",
    createdDate: "2026-10-30T12:00:00.000Z",
    updatedDate: "2026-11-01T12:00:00.000Z",
    body: "",
    bodyHtml: "",
    listings: [],
    listingIds: [],
    ...overrides,
  };
}

/** The stories of a test world; `failList` makes the list answer 500. */
export function storyHandlers(stories: readonly TStory[], options: { failList?: boolean } = {}) {
  return [
    http.get(`${BASE}/mine`, () => dataReply(ZStory.array(), [])),
    http.get(`${BASE}/slug/:slug`, ({ params }) => {
      const story = stories.find((s) => s.slug === params.slug);
      return story
        ? dataReply(ZStory, story)
        : errorReply(404, "NOT_FOUND", "The story was not found.");
    }),
    http.get(BASE, ({ request }) => {
      if (options.failList) return errorReply(500, "INTERNAL_ERROR", "Something went wrong.");
      const q = new URL(request.url).searchParams;
      const categories = q.get("categories")?.split(",") ?? [];
      const tags = q.get("tags")?.split(",") ?? [];
      const matching = stories.filter(
        (s) =>
          (!categories.length || s.categories.some((c) => categories.includes(c))) &&
          (!tags.length || s.tags.some((t) => tags.includes(t))),
      );
      const offset = Number(q.get("offset") ?? 0);
      const number = Number(q.get("number") ?? 12);
      return dataReply(ZStoryPage, {
        posts: matching.slice(offset, offset + number),
        count: matching.length,
      });
    }),
  ];
}

/** A listing a story may be about, as the server's cards show it. */
export function buildStoryListing(
  overrides: Partial<TStoryListing> & { id: string; name: string },
): TStoryListing {
  return { kind: "destination", logo: null, headerImage: null, address: null, ...overrides };
}

/** The listings the signed-in member manages: what the editor offers. */
export function writableListings(listings: readonly TStoryListing[]) {
  return http.get(`${BASE}/listings`, () => listReply(ZStoryListing, listings));
}

/** The admins' queue of new stories waiting for approval; an approved one leaves it. */
export function pendingStories(waiting: readonly TStorySummary[]) {
  let queue = [...waiting];
  return [
    http.get(`${BASE}/pending`, () => listReply(ZStorySummary, queue)),
    http.put(`${BASE}/:id/approve`, ({ params }) => {
      const story = queue.find((s) => s.id === params.id);
      if (!story) return errorReply(404, "NOT_FOUND", "The story was not found.");
      queue = queue.filter((s) => s.id !== params.id);
      return dataReply(ZStory, buildStory({ ...story, status: "approved" }));
    }),
  ];
}
