// offset/take paging for every list: the query schema (with the API version) and the SQL window.
import { type TPaging, ZPaging, ZSearchPaging } from "@hostfield/domain/contracts";
import { z } from "zod";
import type { TWindow } from "../db/database";

/** The query string of a paged list; `api-version` is declared so it shows in the API docs. */
export const ZPagedQuery = ZPaging.extend({ "api-version": z.string().optional() });

/** A search's query string: its offset is bounded (SEARCH_MAX_OFFSET). */
export const ZSearchPagedQuery = ZSearchPaging.extend({ "api-version": z.string().optional() });

export type { TWindow };

export function toWindow(paging: TPaging): TWindow {
  return { limit: paging.take, offset: paging.offset };
}
