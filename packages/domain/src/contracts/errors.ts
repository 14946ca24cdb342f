// The one error shape every API reply uses, and the codes both sides rely on.
import { z } from "zod";
import { ERROR_CODE_LIST } from "../reference/error-codes";

export const ZErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

export * from "../reference/error-codes";

export const ZErrorCode = z.enum(ERROR_CODE_LIST);

/** One problem of a VALIDATION_FAILED: where (part of the request and dotted path) and what. */
export const ZValidationIssue = z.object({
  in: z.enum(["body", "params", "querystring", "headers"]),
  path: z.string().optional(),
  message: z.string(),
});
export type TValidationIssue = z.infer<typeof ZValidationIssue>;

/** The one shape of `details` on VALIDATION_FAILED. */
export const ZValidationDetails = z.object({ issues: z.array(ZValidationIssue) });
export type TValidationDetails = z.infer<typeof ZValidationDetails>;

/** The error reply as the API document describes it: the code is one of ERROR_CODE_LIST. */
export const ZErrorReply = z.object({
  error: z.object({
    code: ZErrorCode,
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
