// The story service's calls as the web makes them: the published list, one story by slug, my
// stories (and, for admins, those waiting), the listings I may write about, and the author's
// calls: write, change, send, approve, delete, preview and upload an image; the admins' queue of
// new stories waiting for approval; a published story's changes waiting for approval: the admins'
// queue, approve or refuse them, and the author's withdrawal.
import {
  type TMyStory,
  type TStory,
  type TStoryInput,
  type TStoryListing,
  type TStoryPage,
  type TStorySummary,
  ZMyStory,
  ZStory,
  ZStoryImage,
  ZStoryListing,
  ZStoryPage,
  ZStoryPreview,
  ZStorySummary,
} from "@hostfield/domain/contracts";
import {
  apiDelete,
  apiGet,
  apiGetList,
  apiPatch,
  apiPost,
  apiPut,
  apiUpload,
  type TListResult,
} from "../../lib/api";

const enc = encodeURIComponent;
export const STORIES = "/story-mgmt/api/stories";
/** Stories a page of /stories shows. */
export const STORIES_PAGE_SIZE = 12;

export type TStoryFilters = { categories: string[]; tags: string[] };

export const storyKeys = {
  all: ["stories"] as const,
  list: (filters: TStoryFilters, offset: number) =>
    ["stories", "list", filters.categories, filters.tags, offset] as const,
  slug: (slug: string) => ["stories", "slug", slug] as const,
  id: (id: string) => ["stories", "id", id] as const,
  mine: ["stories", "mine"] as const,
  revisions: ["stories", "revisions"] as const,
  pending: ["stories", "pending"] as const,
  listings: ["stories", "listings"] as const,
};

export function fetchStories(
  filters: TStoryFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<TStoryPage> {
  return apiGet(STORIES, {
    query: {
      number: STORIES_PAGE_SIZE,
      offset,
      categories: filters.categories.length ? filters.categories.join(",") : undefined,
      tags: filters.tags.length ? filters.tags.join(",") : undefined,
    },
    schema: ZStoryPage,
    signal,
  });
}

export function fetchStoryBySlug(slug: string, signal?: AbortSignal): Promise<TStory> {
  return apiGet(`${STORIES}/slug/${enc(slug)}`, { schema: ZStory, signal });
}

export function fetchStory(id: string, signal?: AbortSignal): Promise<TStory> {
  return apiGet(`${STORIES}/${enc(id)}`, { schema: ZStory, signal });
}

export function fetchMyStories(signal?: AbortSignal): Promise<TListResult<TMyStory>> {
  return apiGetList(`${STORIES}/mine`, { schema: ZMyStory, signal });
}

/** The destinations, facilities and organizations I manage: what my stories may be about. */
export function fetchWritableListings(signal?: AbortSignal): Promise<TListResult<TStoryListing>> {
  return apiGetList(`${STORIES}/listings`, { schema: ZStoryListing, signal });
}

/** New stories sent for approval, the longest waiting first (admins). */
export function fetchPendingStories(signal?: AbortSignal): Promise<TListResult<TStorySummary>> {
  return apiGetList(`${STORIES}/pending`, { schema: ZStorySummary, signal });
}

/** Published stories whose author's changes wait for approval (admins), each with its `revision`. */
export function fetchStoryRevisions(signal?: AbortSignal): Promise<TListResult<TStory>> {
  return apiGetList(`${STORIES}/revisions`, { schema: ZStory, signal });
}

/** Publishes the changes the admin read (the server refuses them if the author changed them since). */
export function approveStoryRevision(id: string, revisionId: string): Promise<TStory> {
  return apiPut(`${STORIES}/${enc(id)}/revision/approve`, { revisionId }, { schema: ZStory });
}

/** Refuses the changes the admin read, with the reason the author is told. */
export function rejectStoryRevision(
  id: string,
  revisionId: string,
  reason: string,
): Promise<TStory> {
  return apiPost(
    `${STORIES}/${enc(id)}/revision/reject`,
    { revisionId, reason },
    { schema: ZStory },
  );
}

/** The author takes their waiting changes back. */
export function withdrawStoryRevision(id: string): Promise<TStory> {
  return apiDelete(`${STORIES}/${enc(id)}/revision`, { schema: ZStory });
}

export function createStory(input: TStoryInput): Promise<TStory> {
  return apiPost(STORIES, input, { schema: ZStory });
}

/** Replaces every editable field with the editor's (one JSON Patch). */
export function updateStory(id: string, input: TStoryInput): Promise<TStory> {
  const ops = Object.entries(input).map(([key, value]) => ({
    op: "replace",
    path: `/${key}`,
    value: value ?? null,
  }));
  return apiPatch(`${STORIES}/${enc(id)}`, ops, { schema: ZStory });
}

export function submitStory(id: string): Promise<TStory> {
  return apiPost(`${STORIES}/${enc(id)}/submit`, undefined, { schema: ZStory });
}

export function approveStory(id: string): Promise<TStory> {
  return apiPut(`${STORIES}/${enc(id)}/approve`, undefined, { schema: ZStory });
}

export async function deleteStory(id: string): Promise<void> {
  await apiDelete(`${STORIES}/${enc(id)}`);
}

export async function previewStory(body: string, signal?: AbortSignal): Promise<string> {
  return (await apiPost(`${STORIES}/preview`, { body }, { schema: ZStoryPreview, signal }))
    .bodyHtml;
}

export async function uploadStoryImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  return (await apiUpload(`${STORIES}/images`, form, { schema: ZStoryImage })).url;
}
