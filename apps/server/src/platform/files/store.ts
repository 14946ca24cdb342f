// Where uploaded files live: a folder on disk by default (DATA_DIR/files), or an S3-compatible
// bucket when S3_BUCKET is set (./s3-store). Keys are ours, never user input, so they cannot reach
// outside the folder or the bucket.
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { TConfig } from "../config";
import { writeFileAtomic } from "./atomic";
import type { TFileStore } from "./file-store";
import { assertKey, FILE_KEY } from "./keys";
import { createS3Store } from "./s3-store";

export type { TFileStore, TStoredFile } from "./file-store";
export { FILE_KEY } from "./keys";

/** The store the configuration asks for: the S3 bucket when configured, else DATA_DIR/files. */
export function createFileStore(config: Pick<TConfig, "dataDir" | "s3">): TFileStore {
  return config.s3 ? createS3Store(config.s3) : createDiskStore(path.join(config.dataDir, "files"));
}

export function createDiskStore(root: string): TFileStore {
  const resolve = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    async put(key, body) {
      await writeFileAtomic(resolve(key), body);
    },
    async get(key) {
      if (!FILE_KEY.test(key)) return null;
      const file = resolve(key);
      try {
        const { size } = await fs.stat(file);
        return { stream: createReadStream(file), size };
      } catch {
        return null;
      }
    },
    async exists(key) {
      if (!FILE_KEY.test(key)) return false;
      return fs.stat(resolve(key)).then(
        () => true,
        () => false,
      );
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
