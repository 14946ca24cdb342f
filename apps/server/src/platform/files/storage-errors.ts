// What a failed write to the local disk means: the errno codes of a full or unwritable file system,
// the API's answer for each, and the words a person reads at start-up. One list for the file store,
// its readiness, and the data directory check of the embedded database.
import fs from "node:fs/promises";
import path from "node:path";
import { AppError } from "../http/errors";
import { makeDir } from "./atomic";

type TStorageCode = "STORAGE_FULL" | "STORAGE_READ_ONLY";

const FULL = { code: "STORAGE_FULL", status: 507 } as const;
const READ_ONLY = { code: "STORAGE_READ_ONLY", status: 503 } as const;

/** The errno codes of a disk that cannot take a write, with what they say in words. */
const STORAGE_ERRNOS: Record<string, { code: TStorageCode; status: number; says: string }> = {
  ENOSPC: { ...FULL, says: "no space left on device" },
  EDQUOT: { ...FULL, says: "disk quota exceeded" },
  EROFS: { ...READ_ONLY, says: "read-only file system" },
  EACCES: { ...READ_ONLY, says: "permission denied" },
  EPERM: { ...READ_ONLY, says: "operation not permitted" },
};

const MESSAGES: Record<TStorageCode, string> = {
  STORAGE_FULL: "The file storage is full, so the file was not stored. Try again later.",
  STORAGE_READ_ONLY: "The file storage cannot be written to, so the file was not stored.",
};

// PGlite's file system (Emscripten) throws { name: "ErrnoError", errno } with numbers of its own.
const EMSCRIPTEN_ERRNOS: Record<number, string> = {
  2: "EACCES",
  19: "EDQUOT",
  51: "ENOSPC",
  63: "EPERM",
  69: "EROFS",
};

const errnoOf = (error: unknown): string | undefined => {
  const { code, name, errno } = (error ?? {}) as {
    code?: unknown;
    name?: unknown;
    errno?: unknown;
  };
  if (typeof code === "string") return code;
  return name === "ErrnoError" && typeof errno === "number" ? EMSCRIPTEN_ERRNOS[errno] : undefined;
};

/** A write failure of a full or unwritable disk, as what it means; undefined for any other error. */
export function storageFault(
  error: unknown,
): { code: TStorageCode; status: number; errno: string; says: string } | undefined {
  const errno = errnoOf(error);
  const known = errno ? STORAGE_ERRNOS[errno] : undefined;
  return known && errno ? { ...known, errno } : undefined;
}

/** The API's answer to a write the disk refused (507 STORAGE_FULL or 503 STORAGE_READ_ONLY), or undefined. */
export function storageRefusal(error: unknown): AppError | undefined {
  const fault = storageFault(error);
  return fault && new AppError(fault.code, fault.status, MESSAGES[fault.code]);
}

/** A data directory the process cannot write to, said so that a person can fix it. */
export class DataDirError extends Error {
  override name = "DataDirError";
}

/** e.g. "EROFS (read-only file system)", or the error's own message when it has no errno. */
export function describeFsError(error: unknown): string {
  const errno = errnoOf(error);
  const message = (error as { message?: unknown } | null)?.message;
  const text = typeof message === "string" ? message : JSON.stringify(error);
  return errno ? `${errno} (${STORAGE_ERRNOS[errno]?.says ?? text})` : text;
}

/**
 * Creates `dir` if needed and proves it takes a write (a small file, written and removed). Throws a
 * DataDirError naming the folder and the errno: "cannot write to data directory /x/y: EROFS
 * (read-only file system)".
 */
export async function assertWritableDir(dir: string, mode?: number): Promise<void> {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    await makeDir(dir, mode);
    await fs.writeFile(probe, "hostfield write check\n");
  } catch (error) {
    await fs.rm(probe, { force: true }).catch(() => undefined);
    throw new DataDirError(
      `cannot write to data directory ${path.resolve(dir)}: ${describeFsError(error)}`,
      { cause: error },
    );
  }
  await fs.rm(probe, { force: true });
}
