// Errors are values with codes; this file maps every error, ours or Fastify's, to the one reply shape.
import {
  ERROR_CODES,
  type TErrorBody,
  type TErrorCode,
  type TValidationDetails,
  type TValidationIssue,
} from "@hostfield/domain/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from "fastify-type-provider-zod";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/unavailable";

export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: TErrorCode,
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/**
 * 429: too many calls (or another status and code that says "later": a provider that is down,
 * 503); the reply's Retry-After says how many seconds until the next may pass.
 */
export class RetryLater extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code: TErrorCode = ERROR_CODES.rateLimited,
    status = 429,
  ) {
    super(code, status, message, { retryAfterSeconds });
  }
}

export const badRequest = (code: TErrorCode, message: string, details?: unknown) =>
  new AppError(code, 400, message, details);

/** Zod's issues (or our own) as the one `details` shape of VALIDATION_FAILED. */
export function validationDetails(
  issues: readonly { path?: readonly PropertyKey[] | string; message: string }[],
  where: TValidationIssue["in"] = "body",
): TValidationDetails {
  return {
    issues: issues.map((issue) => {
      const path = typeof issue.path === "string" ? issue.path : issue.path?.map(String).join(".");
      return { in: where, ...(path ? { path } : {}), message: issue.message };
    }),
  };
}

/** 400 VALIDATION_FAILED, with the issues that say where when there are any. */
export const validationFailed = (
  message: string,
  issues?: Parameters<typeof validationDetails>[0],
  where?: TValidationIssue["in"],
) =>
  new AppError(
    ERROR_CODES.validationFailed,
    400,
    message,
    issues ? validationDetails(issues, where) : undefined,
  );
export const notFound = (what: string) =>
  new AppError(ERROR_CODES.notFound, 404, `${what} was not found.`);
export const unauthorized = () =>
  new AppError(ERROR_CODES.unauthorized, 401, "Sign in to do this.");
export const forbidden = (message = "You are not allowed to do this.") =>
  new AppError(ERROR_CODES.forbidden, 403, message);
export const conflict = (message: string, code: TErrorCode = ERROR_CODES.conflict) =>
  new AppError(code, 409, message);

export function errorBody(code: TErrorCode, message: string, details?: unknown): TErrorBody {
  return details === undefined
    ? { error: { code, message } }
    : { error: { code, message, details } };
}

// Fastify's own client errors, mapped to our codes and plain words.
const FASTIFY_CODES: Record<string, { code: TErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: ERROR_CODES.invalidJson,
    message: "The body is not valid JSON.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: ERROR_CODES.invalidJson,
    message: "The body is empty but the content type says JSON.",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: ERROR_CODES.payloadTooLarge,
    message: "The request body is too large.",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ERROR_CODES.unsupportedMediaType,
    message: "This content type is not accepted here.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: ERROR_CODES.validationFailed,
    message: "The content length does not match the body.",
  },
};

/**
 * SQLSTATE of constraint violations and of text PostgreSQL cannot store: the database refused
 * what bad input led to. JSON and zod accept a NUL character (U+0000) in any string; PostgreSQL
 * refuses it in text (22021) and in jsonb (22P05), so every free-text field would otherwise be
 * a 500 away from its first `\u0000`.
 */
const CONSTRAINTS: Record<string, { status: number; code: TErrorCode; message: string }> = {
  "22021": {
    status: 400,
    code: ERROR_CODES.validationFailed,
    message: "Text may not contain a NUL character (U+0000).",
  },
  "22P05": {
    status: 400,
    code: ERROR_CODES.validationFailed,
    message: "Text may not contain a NUL character (U+0000).",
  },
  "23505": { status: 409, code: ERROR_CODES.conflict, message: "That value is already taken." },
  "23503": {
    status: 400,
    code: ERROR_CODES.validationFailed,
    message: "The change names a record that does not exist.",
  },
  "23514": { status: 400, code: ERROR_CODES.validationFailed, message: "A value is out of range." },
};

/** The SQLSTATE of a database error, also when drizzle wrapped it. */
function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    // Five digits or capitals: a class like 23 (constraints) or 22 with a letter (22P05).
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function toReply(error: FastifyError | AppError | Error): {
  status: number;
  body: TErrorBody;
  unexpected: boolean;
} {
  // Not the caller's fault nor a bug of ours: the database did not answer. Nothing was written
  // (a transaction that lost its connection is rolled back), so the same request may come again.
  // A statement past DATABASE_STATEMENT_TIMEOUT_MS was cancelled: the database is too slow to
  // answer now. Said the same way to the caller, and logged as unexpected (a query to look at).
  const timedOut = sqlStateOf(error) === "57014";
  if (timedOut || isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: errorBody(
        ERROR_CODES.databaseUnavailable,
        "The service is briefly unavailable; try again in a few seconds.",
        { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
      ),
      unexpected: timedOut,
    };
  }
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: errorBody(error.code, error.message, error.details),
      unexpected: false,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = validationDetails(
      error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: v.message ?? "bad value",
      })),
      (error.validationContext ?? "body") as TValidationIssue["in"],
    );
    const first = details.issues[0];
    const where = first?.path ? `${first.in} ${first.path}` : (first?.in ?? "request");
    return {
      status: 400,
      body: errorBody(
        ERROR_CODES.validationFailed,
        `Invalid ${where}: ${first?.message ?? "bad value"}`,
        details,
      ),
      unexpected: false,
    };
  }
  // A last line of defence: services check what they can, but two requests can still race to
  // the same unique value, and that is the caller's conflict, not our failure.
  const constraint = CONSTRAINTS[sqlStateOf(error) ?? ""];
  if (constraint) {
    return {
      status: constraint.status,
      body: errorBody(constraint.code, constraint.message),
      unexpected: false,
    };
  }
  if (isResponseSerializationError(error)) {
    return {
      status: 500,
      body: errorBody(ERROR_CODES.internal, "Something went wrong on our side."),
      unexpected: true,
    };
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  const status = fastifyError.statusCode ?? 500;
  if (known) return { status, body: errorBody(known.code, known.message), unexpected: false };
  if (status >= 400 && status < 500) {
    const code = status === 429 ? ERROR_CODES.rateLimited : ERROR_CODES.validationFailed;
    return { status, body: errorBody(code, fastifyError.message), unexpected: false };
  }
  return {
    status: 500,
    body: errorBody(ERROR_CODES.internal, "Something went wrong on our side."),
    unexpected: true,
  };
}

/** What an error answers (its status and the one body shape), logged as refused or unexpected. */
export function errorReply(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
): { status: number; body: TErrorBody; retryAfterSeconds?: number } {
  const { status, body, unexpected } = toReply(error);
  if (unexpected) request.log.error({ err: error }, "unexpected error");
  else if (body.error.code === ERROR_CODES.databaseUnavailable)
    request.log.warn({ err: error }, "the database did not answer");
  else request.log.info({ code: body.error.code, status }, "request refused");
  const retryAfterSeconds =
    error instanceof RetryLater
      ? error.retryAfterSeconds
      : body.error.code === ERROR_CODES.databaseUnavailable
        ? DATABASE_RETRY_AFTER_SECONDS
        : undefined;
  return { status, body, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, retryAfterSeconds } = errorReply(error, request);
    if (retryAfterSeconds !== undefined) reply.header("retry-after", String(retryAfterSeconds));
    return reply.status(status).type("application/json").send(body);
  });
}
