// Schemas every module's routes share: path parameters by id, the reply of a delete, the filter
// body of the `…/filtered` calls. Module-specific schemas stay with their module.
import { zDataBody, zDataEnvelope } from "@hostfield/domain/contracts";
import { z } from "zod";
import { ZVersionQuery } from "./route-def";

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

/**
 * The query of the routes whose document says `api-version` is required (the user calls, the
 * status and the client config; the others say optional, as the header may carry it instead).
 */
export const ZRequiredVersionQuery = z.object({ "api-version": z.string() });

/** A switch in the query, `true` or `false`, read as a boolean. */
export const zFlag = () => z.enum(["true", "false"]).transform((v) => v === "true");

/** The query of a call that sets a switch: `?{name}=true|false` and the API version. */
export const zFlagQuery = <N extends string>(name: N) =>
  ZVersionQuery.extend({ [name]: zFlag() } as { [K in N]: ReturnType<typeof zFlag> });
