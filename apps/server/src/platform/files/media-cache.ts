// /media's disk cache of image variants, capped in size: a hit marks its file used (mtime, since
// atime is often off), and pruning removes the least recently used files until the cache fits.
// Pruning runs when a write takes the cache over its cap and on a schedule (media.prune-cache).
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { writeFileAtomic } from "./atomic";

export type TCachePruned = { removed: number; bytes: number };

export type TVariantCache = {
  read(file: string): Promise<Buffer | null>;
  write(file: string, body: Buffer): Promise<void>;
  /** Removes the least recently used variants until the cache is within its cap. */
  prune(): Promise<TCachePruned>;
};

type TEntry = { file: string; size: number; used: number };

async function listFiles(dir: string): Promise<TEntry[]> {
  const names = await fs.readdir(dir, { recursive: true }).catch(() => [] as string[]);
  const entries = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => null);
      return stat?.isFile() ? { file, size: stat.size, used: stat.mtimeMs } : null;
    }),
  );
  return entries.filter((entry): entry is TEntry => entry !== null);
}

export function createVariantCache(options: {
  dir: string;
  maxBytes: number;
  log: Pick<FastifyBaseLogger, "warn">;
}): TVariantCache {
  const { dir, maxBytes, log } = options;
  // The cache's size as last counted plus what was written since; null until first counted.
  let size: number | null = null;
  let pruning: Promise<TCachePruned> | null = null;

  async function pruneOnce(): Promise<TCachePruned> {
    const entries = await listFiles(dir);
    let total = entries.reduce((sum, entry) => sum + entry.size, 0);
    let removed = 0;
    let bytes = 0;
    entries.sort((a, b) => a.used - b.used);
    for (const entry of entries) {
      if (total <= maxBytes) break;
      await fs.rm(entry.file, { force: true });
      total -= entry.size;
      removed++;
      bytes += entry.size;
    }
    size = total;
    return { removed, bytes };
  }

  const prune = () => {
    // One pruning at a time; a caller during one shares its result.
    pruning ??= pruneOnce().finally(() => {
      pruning = null;
    });
    return pruning;
  };

  return {
    async read(file) {
      const body = await fs.readFile(file).catch(() => null);
      if (body) {
        const now = new Date();
        // Marks the variant used; a failure (pruned meanwhile) only loses the mark.
        fs.utimes(file, now, now).catch(() => undefined);
      }
      return body;
    },
    async write(file, body) {
      await writeFileAtomic(file, body);
      if (size !== null) size += body.length;
      // Counted on the first write, trimmed whenever a write takes it over its cap.
      if (size === null || size > maxBytes) {
        prune().catch((error: unknown) => log.warn({ err: error }, "media cache prune failed"));
      }
    },
    prune,
  };
}
