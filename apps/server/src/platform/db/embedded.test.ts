// The embedded database's memory settings (issue 49): PostgreSQL's shared memory sits in PGlite's
// WASM heap, resident from the start and never given back, so it is sized for the one session.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./database";

describe("the embedded database's shared memory", () => {
  it("is sized for one session in a new data folder, and again after a restart", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-embedded-"));
    try {
      for (const start of ["new folder", "restart"]) {
        const database = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 1 });
        try {
          const { rows } = await database.pool.query(
            "select current_setting('shared_buffers') as buffers, current_setting('max_connections') as connections",
          );
          expect({ start, ...rows[0] }).toEqual({ start, buffers: "32MB", connections: "10" });
        } finally {
          await database.close();
        }
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
