// Real full and read-only disks for the storage tests: a small tmpfs mounted on a test folder, filled
// to the last byte or remounted read-only. Mounting needs root (or CAP_SYS_ADMIN), which this
// machine and its CI give the tests; as root, chmod 0555 would not stop a write, a full tmpfs does.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type TTmpfs = {
  /** The mounted folder. */
  dir: string;
  /** Writes a filler file until the file system answers ENOSPC. */
  fill(): void;
  /** Removes the filler: the space is back. */
  free(): void;
  readOnly(): void;
  writable(): void;
  /** Unmounts (lazily, so an open file cannot keep it) and removes the folder. */
  remove(): void;
};

const mount = (...args: string[]) => execFileSync("mount", args, { stdio: "pipe" });

/** A fresh folder under the system's temp folder with a tmpfs of `size` (e.g. "2m") on it. */
export function mountTmpfs(size: string): TTmpfs {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hostfield-disk-"));
  try {
    mount("-t", "tmpfs", "-o", `size=${size},mode=0755`, "tmpfs", dir);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `the storage tests mount a small tmpfs to fill it for real; mount failed (they need root or CAP_SYS_ADMIN): ${(error as Error).message}`,
    );
  }
  const filler = path.join(dir, "filler");
  return {
    dir,
    fill() {
      const chunk = Buffer.alloc(64 * 1024, 1);
      const fd = fs.openSync(filler, "a");
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as { code?: string }).code !== "ENOSPC") throw error;
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    readOnly() {
      mount("-o", "remount,ro", dir);
    },
    writable() {
      mount("-o", "remount,rw", dir);
    },
    remove() {
      execFileSync("umount", ["-l", dir], { stdio: "pipe" });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir` whose name ends in `.tmp`: what a half-done atomic write leaves. */
export function temporaryFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(".tmp"));
}
