// What a file store offers, whichever holds the files (disk or an S3-compatible bucket).
import type { Readable } from "node:stream";

export type TStoredFile = { stream: Readable; size: number };

export type TFileStore = {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<TStoredFile | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
};
