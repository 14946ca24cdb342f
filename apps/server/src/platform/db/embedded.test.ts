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

describe("command-line tools beside a running server", () => {
  it("each reach its database, several at once (the journeys' workers grant admins together)", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-embedded-"));
    const server = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 1 });
    try {
      await server.pool.query("create table marks (tool int)");
      const tools = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: undefined, dataDir, poolSize: 2 })),
      );
      await Promise.all(
        tools.map((tool, index) => tool.pool.query("insert into marks values ($1)", [index])),
      );
      await Promise.all(tools.map((tool) => tool.close()));
      const { rows } = await server.pool.query("select tool from marks order by tool");
      expect(rows).toEqual([{ tool: 0 }, { tool: 1 }, { tool: 2 }]);
    } finally {
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it("never opens a folder another live process has open, even when its socket is not found", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-embedded-"));
    const server = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 1 });
    try {
      await fs.rm(path.join(dataDir, "run", ".s.PGSQL.5432"));
      await expect(openDatabase({ databaseUrl: undefined, dataDir, poolSize: 2 })).rejects.toThrow(
        `is open in process ${process.pid}`,
      );
    } finally {
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it("opens a folder whose owner file names a process that is gone, or this one after a restart", async () => {
    for (const stale of [2 ** 22 + 1, process.pid]) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-embedded-"));
      try {
        await fs.writeFile(path.join(dataDir, "db.pid"), String(stale));
        const database = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 1 });
        try {
          const { rows } = await database.pool.query("select 1 as one");
          expect({ stale, ...rows[0] }).toEqual({ stale, one: 1 });
        } finally {
          await database.close();
        }
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    }
  });
});
