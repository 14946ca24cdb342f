// Writes a file so that no reader ever sees half of it, even when two writers race for one name.
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export async function writeFileAtomic(file: string, body: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(temporary, body);
  // rename replaces atomically; when two writers race, the last one wins with identical content.
  await fs.rename(temporary, file);
}
