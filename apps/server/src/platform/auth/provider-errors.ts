// What the sign-in provider answers when the fault is neither its protocol's nor ours: a database
// that does not answer (503 temporarily_unavailable with Retry-After, so a client keeps its session
// and tries again) and input PostgreSQL cannot store (400 invalid_request). The adapter and the
// account directory raise these; oidc-provider renders them as OAuth errors (JSON) or as our page.
import type { FastifyBaseLogger } from "fastify";
import type Provider from "oidc-provider";
import { errors, type KoaContextWithOIDC } from "oidc-provider";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/unavailable";
import { containsNul, NUL_REFUSED } from "./nul";
import { renderError } from "./pages";

export const TEMPORARILY_UNAVAILABLE = "temporarily_unavailable";
const UNAVAILABLE_DESCRIPTION = "Sign-in is briefly unavailable; try again in a few seconds.";

/**
 * 503 temporarily_unavailable, caused by `cause`. Never redirected to the client: the browser is
 * shown a page to try again from, and the client's session stays as it was.
 */
export function temporarilyUnavailable(cause: unknown): errors.OIDCProviderError {
  const error = new errors.OIDCProviderError(503, TEMPORARILY_UNAVAILABLE, { cause });
  error.error_description = UNAVAILABLE_DESCRIPTION;
  // Rendered as the client may read it (the provider hides the words of a 5xx otherwise).
  error.expose = true;
  error.allow_redirect = false;
  return error;
}

/** Runs a storage call; a database that could not be reached becomes temporarily_unavailable. */
export async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isDatabaseUnavailable(error) ? temporarilyUnavailable(error) : error;
  }
}

/** 400 invalid_request when a value headed for storage holds a NUL character. */
export function refuseNul(...values: unknown[]): void {
  if (values.some((value) => containsNul(value))) throw new errors.InvalidRequest(NUL_REFUSED);
}

/** The "try again in a moment" page of the provider's own endpoints. */
export const renderTryAgain = () =>
  renderError({ title: "Try again in a moment", message: UNAVAILABLE_DESCRIPTION, homeUrl: "/" });

function answerUnavailable(ctx: KoaContextWithOIDC) {
  ctx.status = 503;
  if (ctx.accepts("json", "html") === "html") {
    ctx.type = "html";
    ctx.body = renderTryAgain();
  } else {
    ctx.body = { error: TEMPORARILY_UNAVAILABLE, error_description: UNAVAILABLE_DESCRIPTION };
  }
}

/**
 * Wraps every provider request: a 503 says when to come back (Retry-After) and is logged as a
 * warning; an unreachable database that escaped the provider's own error handling (its session
 * save, after the action answered) is answered the same way; the provider's own failures (its
 * server_error, which it answers with a bare 500) are logged as errors.
 */
export function answerProviderFaults(provider: Provider, log: FastifyBaseLogger): void {
  provider.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      answerUnavailable(ctx as KoaContextWithOIDC);
    }
    if (ctx.status === 503) {
      ctx.set("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      log.warn({ path: ctx.path }, "the database did not answer the sign-in provider");
    }
  });
  provider.on("server_error", (ctx: KoaContextWithOIDC, error: Error) => {
    log.error({ err: error, path: ctx.path }, "the sign-in provider failed");
  });
}
