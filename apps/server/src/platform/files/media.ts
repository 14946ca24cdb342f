// GET /media/<key>?w=&h=&fit=&format=: stored images resized with sharp to the sizes the web shows
// (MEDIA_VARIANTS, never larger than the original), format by Accept; variants cached on local disk
// whatever the store (disk or S3), the cache capped and pruned least recently used first. Making
// variants is bounded: a few at once, a short line fair between clients (./fair-queue; past its
// share, 503 with Retry-After), and so many uncached ones per client a minute (then 429). Without a size, and for other files, the stored
// file as it is. Keys never change content, so caches keep them.
import { createHash } from "node:crypto";
import path from "node:path";
import { ERROR_CODES } from "@hostfield/domain/contracts";
import { isMediaVariant, MEDIA_DEFAULTS, MEDIA_VARIANTS } from "@hostfield/domain/reference";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { z } from "zod";
import type { TMediaConfig } from "../config";
import { access, type TPrincipal } from "../http/access";
import { AppError, notFound } from "../http/errors";
import { addRoute } from "../http/route-def";
import { createFairQueue, QueueFullError, type TFairQueue } from "./fair-queue";
import { createVariantCache, type TCachePruned } from "./media-cache";
import { isMediaGrant } from "./media-grant";
import { typeOfKey } from "./sniff";
import type { TFileStore } from "./store";
import { UPLOAD_LIMITS } from "./upload";

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Files only some may see: kept by the browser, never by a shared cache. */
const PRIVATE = "private, max-age=3600";
const FITS = ["scale-down", "cover", "contain", "fill", "inside", "outside"] as const;
const FORMATS = ["auto", "webp", "avif", "jpeg", "png"] as const;
/** Seconds a client is asked to wait when the resize queue is full. */
const BUSY_RETRY_SECONDS = 5;
const MINUTE_MS = 60_000;
/** Hourly, at a minute other upkeep does not use. */
export const PRUNE_MEDIA_CACHE_CRON = "41 * * * *";

// One libvips thread per resize (the queue decides how many run) and no operation cache, so the
// memory of a burst is given back.
sharp.concurrency(1);
sharp.cache(false);

const ZMediaQuery = z.object({
  w: z.coerce.number().int().min(1).max(10_000).optional(),
  h: z.coerce.number().int().min(1).max(10_000).optional(),
  q: z.coerce.number().int().min(1).max(100).optional(),
  fit: z.enum(FITS).optional(),
  format: z.enum(FORMATS).default(MEDIA_DEFAULTS.format as (typeof FORMATS)[number]),
  /** Opens a file its rules hide (./media-grant). */
  grant: z.string().max(64).optional(),
});
type TMediaQuery = z.infer<typeof ZMediaQuery>;

function outputFormat(
  query: TMediaQuery,
  accept: string,
  original: string,
): "webp" | "avif" | "jpeg" | "png" {
  if (query.format !== "auto") return query.format;
  if (accept.includes("image/avif")) return "avif";
  if (accept.includes("image/webp")) return "webp";
  return original === "image/png" ? "png" : "jpeg";
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Counts per client in fixed one-minute windows; `take` says how long to wait when over. */
function createClientBudget(perMinute: number, now: () => number = Date.now) {
  let windowStart = now();
  let used = new Map<string, number>();
  return {
    /** null when the client may go on; else the seconds until its budget renews. */
    take(client: string): number | null {
      const time = now();
      if (time - windowStart >= MINUTE_MS) {
        windowStart = time;
        used = new Map();
      }
      const count = (used.get(client) ?? 0) + 1;
      if (count > perMinute) return Math.max(1, Math.ceil((windowStart + MINUTE_MS - time) / 1000));
      used.set(client, count);
      return null;
    },
  };
}

/**
 * Who may see the files under a prefix: "public" (anyone; shared caches may keep them), true (this
 * caller, privately) or false (hidden: 404).
 */
export type TMediaRule = (key: string, principal: TPrincipal | null) => Promise<"public" | boolean>;

/** The rule of a folder whose files anyone may see (and shared caches keep). */
export const anyone: TMediaRule = async () => "public";

/** The rule of a folder whose files only their own routes serve: the public route hides them. */
export const nobody: TMediaRule = async () => false;

export type TMedia = {
  /** The resize queue, fair between client addresses (tests fill it). */
  resizes: TFairQueue;
  pruneCache(): Promise<TCachePruned>;
  /**
   * Sets who may see the files whose keys start with `prefix`, by the module that stores them
   * there. A folder no module names is hidden: a new folder is private until its module says
   * otherwise, whatever address reaches the route.
   */
  folder(prefix: string, rule: TMediaRule): void;
};

function refuse(
  reply: { header(name: string, value: string): unknown },
  error: AppError,
  retryAfterSeconds: number,
): never {
  reply.header("retry-after", String(retryAfterSeconds));
  throw error;
}

export function registerMedia(
  app: FastifyInstance,
  options: { store: TFileStore; cacheDir: string; limits: TMediaConfig },
): TMedia {
  const { store, limits } = options;
  const resizes = createFairQueue({
    running: limits.resizeConcurrency,
    waiting: limits.resizeQueue,
  });
  const budget = createClientBudget(limits.variantsPerMinute);
  const cache = createVariantCache({
    dir: options.cacheDir,
    maxBytes: limits.cacheMaxBytes,
    log: app.log,
  });

  const rules: { prefix: string; rule: TMediaRule }[] = [];
  const visibility = (key: string, principal: TPrincipal | null) =>
    rules.find((r) => key.startsWith(r.prefix))?.rule(key, principal) ?? false;

  const sizes = MEDIA_VARIANTS.map((box) => `w=${box.w}&h=${box.h}&fit=${box.fit}`).join("; ");
  addRoute(app, ["media"], {
    method: "GET",
    url: "/media/*",
    summary: "A stored file; images resized on request",
    description: `Images come in the sizes the web shows: ${sizes} (q, if given, ${MEDIA_DEFAULTS.quality}); without w and h, as stored.`,
    access: access.public,
    // A page shows dozens of images: stored files and made variants are not counted against the
    // API's limit; making new variants has its own budget (variantsPerMinute).
    config: { apiVersioned: false, rateLimit: false },
    params: z.object({ "*": z.string().max(300) }),
    query: ZMediaQuery,
    // Bytes, not JSON: a stream or buffer with the file's own content type.
    response: z.any(),
    handler: async (request, reply) => {
      const key = request.params["*"];
      const type = typeOfKey(key);
      if (!type) throw notFound("The file");
      const query = request.query;
      const sized = query.w !== undefined || query.h !== undefined;
      if (type.kind === "image" && !isMediaVariant(query)) {
        throw new AppError(
          ERROR_CODES.mediaVariantNotOffered,
          400,
          `Images come in these sizes only: ${sizes}.`,
        );
      }
      const seen = isMediaGrant(key, query.grant)
        ? true
        : await visibility(key, request.principal ?? null);
      if (seen === false) throw notFound("The file");
      const cacheControl = seen === "public" ? IMMUTABLE : PRIVATE;
      if (type.kind !== "image" || !sized) {
        const stored = await store.get(key);
        if (!stored) throw notFound("The file");
        reply
          .header("cache-control", cacheControl)
          .type(type.contentType)
          .header("content-length", String(stored.size))
          .header("content-disposition", "inline");
        return stored.stream;
      }

      const { w: width, h: height } = query;
      // A variant's fit is one of the boxes' (isMediaVariant).
      const fit = query.fit === "contain" ? "contain" : "cover";
      const accept = String(request.headers.accept ?? "");
      const format = outputFormat(query, accept, type.contentType);
      if (query.format === "auto") reply.header("vary", "Accept");
      const variantName = createHash("sha256")
        .update(JSON.stringify([key, width, height, MEDIA_DEFAULTS.quality, fit, format]))
        .digest("hex");
      const variantFile = path.join(
        options.cacheDir,
        variantName.slice(0, 2),
        `${variantName}.${format}`,
      );
      // A cached variant is served without reading the original, as long as the original still
      // exists: a deleted picture must not live on in the cache.
      if (!(await store.exists(key))) throw notFound("The file");
      const cached = await cache.read(variantFile);
      if (cached) {
        reply.header("cache-control", cacheControl).type(`image/${format}`);
        return cached;
      }

      const client = request.ip ?? "unknown";
      const wait = budget.take(client);
      if (wait !== null) {
        refuse(
          reply,
          new AppError(
            ERROR_CODES.rateLimited,
            429,
            `Too many new image sizes; try again in ${wait} s.`,
          ),
          wait,
        );
      }
      const output = await resizes
        .run(client, async () => {
          // Read inside the queue, so waiting requests hold no originals in memory.
          const stored = await store.get(key);
          if (!stored) return null;
          const original = await streamToBuffer(stored.stream);
          return (
            sharp(original, { limitInputPixels: UPLOAD_LIMITS.image.pixels })
              .rotate()
              // Never enlarge: a bigger picture of the same pixels is only more bytes and work.
              .resize({ width, height, fit, withoutEnlargement: true })
              // PNG stays true colour: a palette (PNG's "quality") is slow to compute.
              .toFormat(format, format === "png" ? {} : { quality: MEDIA_DEFAULTS.quality })
              .toBuffer()
          );
        })
        .catch((error: unknown) => {
          if (error instanceof QueueFullError) {
            refuse(
              reply,
              new AppError(
                ERROR_CODES.unavailable,
                503,
                `Busy making images; try again in ${BUSY_RETRY_SECONDS} s.`,
              ),
              BUSY_RETRY_SECONDS,
            );
          }
          request.log.warn({ err: error, key }, "image could not be resized");
          return null;
        });
      if (!output) throw notFound("A readable image");
      // The cache is a saving, not a duty: on a full or read-only disk the variant is still served.
      await cache.write(variantFile, output).catch((error: unknown) => {
        request.log.warn({ err: error, key }, "image variant could not be cached");
      });
      reply.header("cache-control", cacheControl).type(`image/${format}`);
      return output;
    },
  });
  return {
    resizes,
    pruneCache: () => cache.prune(),
    folder: (prefix, rule) => {
      rules.push({ prefix, rule });
    },
  };
}
