// Schemas every module's routes share: path parameters by id, the reply of a delete, the filter
// body of the `…/filtered` calls. Module-specific schemas stay with their module.
import { zDataBody, zDataEnvelope } from "@hostfield/domain/contracts";
import { z } from "zod";

/** `/:id` */
export const ZIdParams = z.object({ id: z.uuid() });
/** `/:id/…/:childId` */
export const ZChildParams = z.object({ id: z.uuid(), childId: z.uuid() });
/** `/:id/…/:{name}`, for a child addressed by another name (`leadId`, `threadId`). */
export const zIdAndParams = <N extends string>(name: N) =>
  z.object({ id: z.uuid() }).extend({ [name]: z.uuid() } as { [K in N]: z.ZodUUID });

/** The reply of a DELETE: which record went. */
export const ZDeletedReply = zDataEnvelope(z.object({ id: z.uuid(), deleted: z.literal(true) }));

/** The body of a `…/filtered` call whose filter may be left out: `{data?: filter}` or nothing. */
export const zOptionalFilterBody = <T extends z.ZodType>(filter: T) =>
  zDataBody(filter.optional()).optional();
