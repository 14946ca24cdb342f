// Security headers, optional CORS and rate limiting (shared by the processes through Redis when
// REDIS_URL is set), configured once for every route.
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import { ERROR_CODES } from "@hostfield/domain/contracts";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { AppError } from "./errors";
import { redisRateLimitStore } from "./rate-limit-store";

export async function registerSecurity(
  app: FastifyInstance,
  options: {
    publicUrl: string;
    corsOrigins: string[];
    rateLimit: { max: number; timeWindow: string };
    /** Where every process counts the rate limits together; unset, each counts on its own. */
    redisUrl?: string | undefined;
    /** The map's tile server and PMTiles archive: the pages may load from their hosts. */
    map?: { tileUrl: string | null; pmtilesUrl: string | null };
  },
): Promise<void> {
  const tileHosts = originsOf([options.map?.tileUrl]);
  const archiveHosts = originsOf([options.map?.pmtilesUrl]);
  // helmet itself, made once: @fastify/helmet builds every header middleware again (parsing the
  // policy's directives) on each request, about 50 µs of CPU a call.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        // MUI (emotion) injects style elements at run time.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", ...tileHosts],
        "font-src": ["'self'", "data:"],
        // protomaps-leaflet reads the archive with fetch (byte ranges).
        "connect-src": ["'self'", ...archiveHosts],
        "frame-ancestors": ["'self'"],
        "form-action": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "upgrade-insecure-requests": options.publicUrl.startsWith("https:") ? [] : null,
      },
    },
    // Cross-origin isolation would break sign-in popups.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    // Our own pages learn the page a member came from (the sign-out page's "Stay signed in" goes
    // back to it); other sites still learn nothing, as with helmet's no-referrer.
    referrerPolicy: { policy: "same-origin" },
    hsts: options.publicUrl.startsWith("https:"),
  });
  app.addHook("onRequest", (request, reply, done) => {
    // helmet 8 throws rather than passing errors on; it calls back once its headers are set.
    securityHeaders(request.raw, reply.raw, () => done());
  });

  // Same origin by default: the SPA is served by this process.
  if (options.corsOrigins.length > 0) {
    await app.register(cors, { origin: options.corsOrigins, credentials: true });
  }

  // Counted in Redis when there is one, so that N processes allow a client the limit, not N times
  // it (rate-limit-store.ts); else in this process's memory, the plugin's own store.
  const shared = options.redisUrl ? redisRateLimitStore(options.redisUrl, app.log) : undefined;
  if (shared) app.addHook("onClose", shared.close);
  await app.register(rateLimit, {
    global: true,
    ...(shared ? { store: shared.Store } : {}),
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.timeWindow,
    // A client that hung up before its request was read has no address left; it still counts.
    keyGenerator: (request) => request.ip ?? "unknown",
    // `rateLimit: false` in a route's config exempts it, also when another hook set it after this
    // plugin saw the route (registerAssetRoutes: the web app's files).
    allowList: (request) =>
      (request.routeOptions.config as { rateLimit?: unknown } | undefined)?.rateLimit === false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        ERROR_CODES.rateLimited,
        429,
        `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s.`,
      ),
  });
}

/** The origins of the absolute URLs among `urls` (a path on this host needs none). */
function originsOf(urls: (string | null | undefined)[]): string[] {
  return urls.flatMap((url) => (url && /^https?:\/\//.test(url) ? [new URL(url).origin] : []));
}
