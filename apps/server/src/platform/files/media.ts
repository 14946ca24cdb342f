// GET /media/<key>?w=&h=&q=&fit=&format=: stored images resized with sharp (quality 85, fit
// scale-down, format by Accept), variants cached on local disk whatever the store (disk or S3);
// other files stream from the store as they are. Keys never change content, so caches keep them.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { MEDIA_DEFAULTS } from "@hostfield/domain/reference";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { z } from "zod";
import { access } from "../http/access";
import { notFound } from "../http/errors";
import { addRoute } from "../http/route-def";
import { writeFileAtomic } from "./atomic";
import { typeOfKey } from "./sniff";
import type { TFileStore } from "./store";
import { UPLOAD_LIMITS } from "./upload";

const IMMUTABLE = "public, max-age=31536000, immutable";
const FITS = ["scale-down", "cover", "contain", "fill", "inside", "outside"] as const;
const FORMATS = ["auto", "webp", "avif", "jpeg", "png"] as const;

// Anyone may ask for a size, so sizes snap up to this ladder and quality to steps of 5: each image
// has a bounded number of variants, whatever the requests.
export const MEDIA_SIZES = [
  16, 24, 32, 48, 64, 80, 96, 120, 128, 160, 192, 200, 240, 256, 300, 320, 384, 400, 480, 512, 600,
  640, 720, 768, 800, 960, 1024, 1200, 1280, 1440, 1600, 1920, 2048,
] as const;
const snapSize = (value: number | undefined) =>
  value === undefined ? undefined : (MEDIA_SIZES.find((size) => size >= value) ?? 2048);
const snapQuality = (value: number) => Math.min(100, Math.max(30, Math.round(value / 5) * 5));
// Resizing is CPU-bound; two at a time on this machine's two cores, the rest wait their turn.
const MAX_CONCURRENT_RESIZES = 2;

const ZMediaQuery = z.object({
  w: z.coerce.number().int().min(1).max(2048).optional(),
  h: z.coerce.number().int().min(1).max(2048).optional(),
  q: z.coerce.number().int().min(1).max(100).default(MEDIA_DEFAULTS.quality),
  fit: z.enum(FITS).default(MEDIA_DEFAULTS.fit as (typeof FITS)[number]),
  format: z.enum(FORMATS).default(MEDIA_DEFAULTS.format as (typeof FORMATS)[number]),
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

function createLimiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export function registerMedia(
  app: FastifyInstance,
  options: { store: TFileStore; cacheDir: string },
): void {
  const limit = createLimiter(MAX_CONCURRENT_RESIZES);
  addRoute(app, ["media"], {
    method: "GET",
    url: "/media/*",
    summary: "A stored file; images resized on request",
    description: `w and h snap up to one of ${MEDIA_SIZES.join(", ")}; q to a multiple of 5 between 30 and 100.`,
    access: access.public,
    config: { apiVersioned: false },
    params: z.object({ "*": z.string().max(300) }),
    query: ZMediaQuery,
    // Bytes, not JSON: a stream or buffer with the file's own content type.
    response: z.any(),
    handler: async (request, reply) => {
      const key = request.params["*"];
      const type = typeOfKey(key);
      if (!type) throw notFound("The file");
      if (type.kind !== "image") {
        const stored = await options.store.get(key);
        if (!stored) throw notFound("The file");
        reply
          .header("cache-control", IMMUTABLE)
          .type(type.contentType)
          .header("content-length", String(stored.size))
          .header("content-disposition", "inline");
        return stored.stream;
      }

      const query = request.query;
      const width = snapSize(query.w);
      const height = snapSize(query.h);
      const quality = snapQuality(query.q);
      const accept = String(request.headers.accept ?? "");
      const format = outputFormat(query, accept, type.contentType);
      if (query.format === "auto") reply.header("vary", "Accept");
      const variantName = createHash("sha256")
        .update(JSON.stringify([key, width, height, quality, query.fit, format]))
        .digest("hex");
      const variantFile = path.join(
        options.cacheDir,
        variantName.slice(0, 2),
        `${variantName}.${format}`,
      );
      // A cached variant is served without reading the original, as long as the original still
      // exists: a deleted picture must not live on in the cache.
      if (!(await options.store.exists(key))) throw notFound("The file");
      const cached = await fs.readFile(variantFile).catch(() => null);
      if (cached) {
        reply.header("cache-control", IMMUTABLE).type(`image/${format}`);
        return cached;
      }

      const stored = await options.store.get(key);
      if (!stored) throw notFound("The file");
      const original = await streamToBuffer(stored.stream);
      const fit = query.fit === "scale-down" ? "inside" : query.fit;
      const output = await limit(() =>
        sharp(original, { limitInputPixels: UPLOAD_LIMITS.image.pixels })
          .rotate()
          // Never enlarge: a bigger picture of the same pixels is only more bytes and more work.
          .resize({ width, height, fit, withoutEnlargement: true })
          .toFormat(format, { quality })
          .toBuffer(),
      ).catch((error: unknown) => {
        request.log.warn({ err: error, key }, "image could not be resized");
        return null;
      });
      if (!output) throw notFound("A readable image");
      // The cache is a saving, not a duty: on a full or read-only disk the variant is still served.
      await writeFileAtomic(variantFile, output).catch((error: unknown) => {
        request.log.warn({ err: error, key }, "image variant could not be cached");
      });
      reply.header("cache-control", IMMUTABLE).type(`image/${format}`);
      return output;
    },
  });
}
