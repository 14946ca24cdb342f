// The one error shape every API reply uses, and the codes both sides rely on.
import { z } from "zod";

export const ZErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/** Error names of JSON Patch failures (spec §8), returned as `error.code`. */
export const PATCH_ERROR_NAMES = [
  "TEST_OPERATION_FAILED",
  "OPERATION_OP_INVALID",
  "OPERATION_PATH_INVALID",
  "OPERATION_PATH_UNRESOLVABLE",
  "OPERATION_VALUE_REQUIRED",
  "OPERATION_FROM_REQUIRED",
  "SEQUENCE_NOT_AN_ARRAY",
] as const;
export type TPatchErrorName = (typeof PATCH_ERROR_NAMES)[number];

/**
 * Further names fast-json-patch gives to cases spec §5 also rejects (an out-of-range array
 * index is OPERATION_VALUE_OUT_OF_BOUNDS); rules/patch.ts maps each onto the nearest of the
 * spec's seven, so clients only ever see those.
 */
export const PATCH_EXTRA_ERROR_NAMES = [
  "OPERATION_VALUE_OUT_OF_BOUNDS",
  "OPERATION_PATH_ILLEGAL_ARRAY_INDEX",
  "OPERATION_PATH_CANNOT_ADD",
  "OPERATION_FROM_UNRESOLVABLE",
  "OPERATION_NOT_AN_OBJECT",
  "OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED",
] as const;
export type TAnyPatchErrorName = TPatchErrorName | (typeof PATCH_EXTRA_ERROR_NAMES)[number];

export const ERROR_CODES = {
  apiVersionUnsupported: "API_VERSION_UNSUPPORTED",
  validationFailed: "VALIDATION_FAILED",
  invalidJson: "INVALID_JSON",
  notFound: "NOT_FOUND",
  routeNotFound: "ROUTE_NOT_FOUND",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  conflict: "CONFLICT",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  rateLimited: "RATE_LIMITED",
  maintenance: "MAINTENANCE",
  internal: "INTERNAL_ERROR",
  unavailable: "SERVICE_UNAVAILABLE",
} as const;
