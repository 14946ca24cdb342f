// The API's wire conventions shared by server and web: api-version, envelopes, paging.
import { z } from "zod";

export { API_VERSION, SUPPORTED_API_VERSIONS } from "../reference/api-version";

export const PAGING_DEFAULT_TAKE = 20;
export const PAGING_MAX_TAKE = 100;

export const ZPaging = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(PAGING_MAX_TAKE).default(PAGING_DEFAULT_TAKE),
});
export type TPaging = z.infer<typeof ZPaging>;

/**
 * A list's total before paging; `capped`: at least `count` (a search stops counting there, since an
 * exact count would read every match: "1,000+").
 */
export const ZListMeta = z.object({
  stats: z.object({ count: z.number().int().min(0), capped: z.boolean().optional() }),
});
export type TListMeta = z.infer<typeof ZListMeta>;

/** `{data}`: every single-object reply. */
export function zDataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/** `{data, _meta: {stats: {count}}}`: every list reply; count is the total before paging. */
export function zListEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), _meta: ZListMeta });
}

/** `{data}` request body of creates, filtered and search calls. */
export function zDataBody<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export type TDataEnvelope<T> = { data: T };
export type TListEnvelope<T> = { data: T[]; _meta: TListMeta };
