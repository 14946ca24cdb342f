// Server-rendered HTML pages outside the API (the sign-in pages, the e-mail unsubscribe page):
// not in the API's document, no api-version, HTML in every answer, their refusals pages too, and
// HTML forms read as application/x-www-form-urlencoded.
import fs from "node:fs";
import type { FastifyError, FastifyInstance } from "fastify";
import { z } from "zod";
import { containsNul, NUL_REFUSED } from "../auth/nul";
import { renderError } from "../auth/pages";
import { PAGE_FONT_PATH, pageFontFile } from "../auth/pages/fonts";
import { access } from "./access";
import { errorReply, notFound, validationFailed } from "./errors";
import { addRoute, type TRouteReply } from "./route-def";

/** A page route's options: anyone may open it, and it stays out of the API. */
export const page = {
  access: access.public,
  hidden: true,
  config: { apiVersioned: false },
} as const;

/** A page's replies: HTML, whatever the status. */
export const htmlReplies = {
  response: z.string(),
  otherResponses: { 400: z.string(), 404: z.string(), 429: z.string() },
};
export type TPageReply = TRouteReply<200 | 400 | 404 | 429>;

/** Sets the reply up for a page and gives its HTML as the body. */
export function htmlPage(reply: TPageReply, body: string, status: 200 | 400 | 404 | 429 = 200) {
  reply.status(status).header("cache-control", "no-store").type("text/html; charset=utf-8");
  return body;
}

/** Makes this plugin's routes pages: errors answered as pages, form posts parsed. */
export function servePages(app: FastifyInstance) {
  // A page's refusals are pages too: a malformed form or link (400), too many requests (429).
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body, retryAfterSeconds } = errorReply(error, request);
    const title =
      status === 429
        ? "Too many requests"
        : status === 503
          ? "Briefly unavailable"
          : status < 500
            ? "This page could not read the request"
            : "Something went wrong";
    if (retryAfterSeconds !== undefined) reply.header("retry-after", String(retryAfterSeconds));
    return reply
      .status(status)
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(
        renderError({ title, message: `${body.error.message} (${body.error.code})`, homeUrl: "/" }),
      );
  });

  // A NUL character in a link or a form (`%00`) is refused before any page reads it: PostgreSQL
  // could not store it, and nothing of such a request is kept.
  app.addHook("preValidation", async (request) => {
    if ([request.params, request.query, request.body].some((part) => containsNul(part)))
      throw validationFailed(NUL_REFUSED);
  });

  // HTML forms post application/x-www-form-urlencoded.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 16 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/** A week: the files change only with a new version of the font package. */
const FONT_MAX_AGE_SECONDS = 7 * 86_400;

/** Serves the pages' font files (`PAGE_FONT_CSS` names them); any other name is a 404. */
export function registerPageFonts(app: FastifyInstance) {
  addRoute(app, ["pages"], {
    ...page,
    // A page loads several: not counted against the API's limit, like the web app's own files.
    config: { apiVersioned: false, rateLimit: false },
    method: "GET",
    url: `${PAGE_FONT_PATH}/:file`,
    summary: "A font file of the server's own pages",
    params: z.object({ file: z.string().max(100) }),
    // Bytes, not JSON.
    response: z.any(),
    handler: async (request, reply) => {
      const file = pageFontFile(request.params.file);
      if (!file) throw notFound("The file");
      reply.header("cache-control", `public, max-age=${FONT_MAX_AGE_SECONDS}`).type("font/woff2");
      return fs.createReadStream(file);
    },
  });
}
