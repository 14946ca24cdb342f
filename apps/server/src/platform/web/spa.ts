// Serves the built web app at / with history fallback; hashed assets are cached for a year and
// sent pre-compressed (brotli or gzip) where the build made copies.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import { ERROR_CODES } from "@hostfield/domain/contracts";
import { SERVER_PATHS } from "@hostfield/domain/reference";
import type { FastifyInstance } from "fastify";
import { errorBody } from "../http/errors";
import { registerAssetRoutes } from "../http/route-table";
import { allowScriptSource, loadFirstViews, type TFirstViews } from "./first-view";
import { inlineStylesheets, stylesheetReader } from "./inline-styles";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Paths that belong to the API and infrastructure; they never fall back to the SPA. */
export function isServerPath(url: string): boolean {
  return SERVER_PATHS.some(
    (prefix) => url === prefix || url.startsWith(prefix.includes(".") ? prefix : `${prefix}/`),
  );
}

export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string | undefined,
  /** The site's public address, for the absolute links in a first view's head. */
  publicUrl: string,
  /** How long a first view may take before the page goes out plain. */
  firstViewTimeoutMs: number,
): Promise<void> {
  const indexFile = webDistDir ? path.join(webDistDir, "index.html") : undefined;
  const hasSpa = indexFile !== undefined && fs.existsSync(indexFile);
  let firstViews: TFirstViews | null = null;
  const readStylesheet = webDistDir ? stylesheetReader(webDistDir) : () => null;
  if (hasSpa && webDistDir) {
    await registerAssetRoutes(app, "static files of the web app", (scope) =>
      scope.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies of text assets; they go to browsers that take them.
        preCompressed: true,
        // Our setHeaders decides caching; the plugin's own max-age would override it.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const immutable = filePath.startsWith(path.join(webDistDir, "assets") + path.sep);
          res.setHeader(
            "cache-control",
            immutable ? "public, max-age=31536000, immutable" : "no-cache",
          );
          // The body depends on Accept-Encoding (preCompressed): a shared cache must key on it, or
          // it hands a year-long brotli copy to a client that cannot read it.
          res.setHeader("vary", "accept-encoding");
        },
      }),
    );
    firstViews = await loadFirstViews(app, webDistDir, publicUrl, firstViewTimeoutMs);
  } else {
    app.log.warn({ webDistDir }, "web app not built: only the API is served (run `npm run build`)");
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !isServerPath(pathname) &&
      !path.extname(pathname);
    if (indexFile && hasSpa && wantsPage) {
      // Read per request so a rebuilt web app is served without a restart; the file is small.
      // Its stylesheet goes inside: one round trip less before the first paint.
      const index = inlineStylesheets(
        await fs.promises.readFile(indexFile, "utf8"),
        readStylesheet,
      );
      const view = (await firstViews?.render(request, index)) ?? null;
      const html = view ?? index;
      if (view && firstViews) {
        const policy = reply.getHeader("content-security-policy");
        if (typeof policy === "string")
          reply.header(
            "content-security-policy",
            allowScriptSource(policy, firstViews.scriptSource),
          );
      }
      reply.header("cache-control", "no-cache").header("vary", "accept-encoding, cookie");
      reply.type("text/html; charset=utf-8");
      const accepted = String(request.headers["accept-encoding"] ?? "");
      // A first view makes the page some tens of kB of markup: worth compressing on the way out.
      if (/\bbr\b/.test(accepted)) {
        const body = await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
        return reply.header("content-encoding", "br").send(body);
      }
      if (/\bgzip\b/.test(accepted)) {
        return reply.header("content-encoding", "gzip").send(await gzip(html));
      }
      return reply.send(html);
    }
    return reply
      .status(404)
      .send(errorBody(ERROR_CODES.routeNotFound, `No route ${request.method} ${pathname}.`));
  });
}
