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
import { storageFault, storageRefusal } from "./storage-errors";

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
  // The last write's failure on a full or unwritable disk, until a write succeeds again.
  let fault: ReturnType<typeof storageFault>;
  /** Writes `file`; a disk that refuses answers 507 STORAGE_FULL or 503 STORAGE_READ_ONLY. */
  const write = async (file: string, body: Buffer) => {
    try {
      await writeFileAtomic(file, body);
      fault = undefined;
    } catch (error) {
      fault = storageFault(error) ?? fault;
      throw storageRefusal(error) ?? error;
    }
  };
  // Not a key (keys never start with a dot), so never a stored file.
  const probe = path.join(root, ".write-check");
  return {
    async put(key, body) {
      await write(resolve(key), body);
    },
    async writeFault() {
      if (fault) {
        await write(probe, Buffer.from("hostfield write check\n")).then(
          () => fs.rm(probe, { force: true }),
          () => undefined,
        );
      }
      return fault && { code: fault.code, errno: fault.errno, says: fault.says };
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
