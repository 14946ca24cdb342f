// Replies wrap payloads as {data}; lists as {data, _meta: {stats: {count}}}.
import type { TDataEnvelope, TListEnvelope } from "@hostfield/domain/contracts";

export function envelope<T>(data: T): TDataEnvelope<T> {
  return { data };
}

export function listEnvelope<T>(data: T[], count: number): TListEnvelope<T> {
  return { data, _meta: { stats: { count } } };
}
