// Where uploaded files live: a folder on disk by default (DATA_DIR/files). Keys are ours, never
// user input, so they cannot reach outside the folder.
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { writeFileAtomic } from "./atomic";

export type TStoredFile = { stream: Readable; size: number };

export type TFileStore = {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<TStoredFile | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
};

export const FILE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

function assertKey(key: string): void {
  if (!FILE_KEY.test(key)) throw new Error(`invalid file key ${key}`);
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
