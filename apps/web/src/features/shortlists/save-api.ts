// The Save control's calls (my lists, adding, taking off, a new list), checked by hand: the
// control sits on marketplace cards and listing pages, which load no zod (lib/reply-shape).
import type { TShortlistKind } from "@hostfield/domain/reference";
import { apiDelete, apiGetList, apiPost, type TListResult } from "../../lib/api";
import { shapeParser } from "../../lib/reply-shape";

/** What the Save menu reads of a shortlist. */
export type TShortlistSummary = {
  id: string;
  name: string;
  itemCount: number;
  entries: { kind: TShortlistKind; id: string }[];
  /** The read-only link's token, or null while not shared. */
  shareToken: string | null;
  updatedDate: string;
};

const summary = shapeParser<TShortlistSummary>("A shortlist", {
  id: "string",
  name: "string",
  itemCount: "number",
  entries: "array",
  shareToken: "string?",
  updatedDate: "string",
});

const enc = encodeURIComponent;
export const SHORTLISTS_API = "/user-mgmt/api/shortlists";
const list = (id: string) => `${SHORTLISTS_API}/${enc(id)}`;

export const shortlistKeys = {
  all: ["shortlists"] as const,
  mine: () => ["shortlists", "mine"] as const,
  detail: (id: string, from: string) => ["shortlists", "detail", id, from] as const,
  shared: (token: string, from: string) => ["shortlists", "shared", token, from] as const,
};

/** Mine, the last changed first (at most SHORTLISTS_PER_USER, so one call). */
export function listMyShortlists(signal?: AbortSignal): Promise<TListResult<TShortlistSummary>> {
  return apiGetList(SHORTLISTS_API, { schema: summary, signal });
}

export function createShortlist(name: string): Promise<TShortlistSummary> {
  return apiPost(SHORTLISTS_API, { name }, { schema: summary });
}

export function addToShortlist(
  id: string,
  item: { kind: TShortlistKind; id: string },
): Promise<TShortlistSummary> {
  return apiPost(`${list(id)}/items`, item, { schema: summary });
}

export function removeFromShortlist(id: string, listingId: string): Promise<TShortlistSummary> {
  return apiDelete(`${list(id)}/items/${enc(listingId)}`, { schema: summary });
}
