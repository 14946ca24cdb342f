// Replies wrap payloads as {data}; lists as {data, _meta: {stats: {count}}}.
import type { TDataEnvelope, TListEnvelope } from "@hostfield/domain/contracts";

export function envelope<T>(data: T): TDataEnvelope<T> {
  return { data };
}

/** `capped`: `count` is a lower bound (see ZListMeta). */
export function listEnvelope<T>(data: T[], count: number, capped = false): TListEnvelope<T> {
  return { data, _meta: { stats: capped ? { count, capped } : { count } } };
}
