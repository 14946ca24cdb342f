// Turning an event into a new request for proposals (spec §3).

/** Fields of an event that a request copied from it must not inherit. */
export const RFP_COPY_DROPPED_FIELDS = [
  "id",
  "organization",
  "logo",
  "headerImage",
  "featuredVideo",
  "createdDate",
  "updatedDate",
  "createdBy",
  "updatedBy",
] as const;
export type TRfpCopyDroppedField = (typeof RFP_COPY_DROPPED_FIELDS)[number];

/**
 * "Copying an event into a new request drops its id, organization, logo, header image,
 * featured video and audit fields." The source object is not changed.
 */
export function copyEventForRequest<T extends object>(event: T): Omit<T, TRfpCopyDroppedField> {
  const copy = { ...event } as Record<string, unknown>;
  for (const field of RFP_COPY_DROPPED_FIELDS) delete copy[field];
  return copy as Omit<T, TRfpCopyDroppedField>;
}
