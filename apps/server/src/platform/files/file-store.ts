// What a file store offers, whichever holds the files (disk or an S3-compatible bucket).
import type { Readable } from "node:stream";
import type { TErrorCode } from "@hostfield/domain/contracts";

export type TStoredFile = { stream: Readable; size: number };

export type TFileStore = {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<TStoredFile | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Why writes fail, for /readyz: undefined while they work. After a write the disk refused, each
   * call tries a small write again until one succeeds. Stores that keep no disk (S3) leave it out.
   */
  writeFault?(): Promise<{ code: TErrorCode; errno: string; says: string } | undefined>;
};
