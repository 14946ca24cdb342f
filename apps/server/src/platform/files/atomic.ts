// Writes a file so that no reader ever sees half of it, even when two writers race for one name.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * `mkdir -p` that fails with the errno that stopped it: Node's recursive mkdir answers ENOENT on a
 * read-only file system, where EROFS is the truth.
 */
export async function makeDir(dir: string, mode?: number): Promise<void> {
  try {
    await fs.mkdir(dir, { mode });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "EEXIST") return;
    if (code !== "ENOENT" || path.dirname(dir) === dir) throw error;
    await makeDir(path.dirname(dir), mode);
    await fs.mkdir(dir, { mode }).catch((again: { code?: string }) => {
      if (again.code !== "EEXIST") throw again;
    });
  }
}

export async function writeFileAtomic(file: string, body: Buffer): Promise<void> {
  await makeDir(path.dirname(file));
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await fs.writeFile(temporary, body);
    // rename replaces atomically; when two writers race, the last one wins with identical content.
    await fs.rename(temporary, file);
  } catch (error) {
    // A full or read-only disk leaves part of the temporary file behind: it goes, the error stays.
    await fs.rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}
