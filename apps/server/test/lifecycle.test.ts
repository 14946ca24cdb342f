// Persistence across restarts of the embedded database, and graceful shutdown of in-flight requests.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getSiteStatus, setMaintenanceMode } from "../src/modules/status/service";
import { openDatabase } from "../src/platform/db/database";
import { runMigrations } from "../src/platform/db/migrate";
import { distanceMiles } from "../src/platform/geo/distance";
import { access } from "../src/platform/http/access";
import { buildTestApp } from "./helper";

describe("embedded database", () => {
  it("keeps data across a restart on the same data directory", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-data-"));
    try {
      const first = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 2 });
      await runMigrations(first.pool);
      await setMaintenanceMode(first.db, true, null);
      await first.close();

      const second = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 2 });
      await runMigrations(second.pool); // a second start migrates again: a no-op
      expect((await getSiteStatus(second.db)).maintenanceMode).toBe(true);
      const ext = await second.pool.query("select extname from pg_extension order by extname");
      expect(ext.rows.map((r) => r.extname)).toEqual(
        expect.arrayContaining(["cube", "earthdistance", "pg_trgm"]),
      );
      await second.close();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it("answers radius and trigram queries with the extensions", async () => {
    const db = await openDatabase({ databaseUrl: undefined, dataDir: undefined, poolSize: 2 });
    try {
      await runMigrations(db.pool);
      // Indianapolis to Louisville is about 107 miles (172 km) as the crow flies.
      const km = await db.pool.query(
        "select earth_distance(ll_to_earth(39.7684, -86.1581), ll_to_earth(38.2527, -85.7585)) / 1000 as km",
      );
      expect(Number(km.rows[0].km)).toBeGreaterThan(165);
      expect(Number(km.rows[0].km)).toBeLessThan(180);
      // The gazetteer's distances agree with the database's, so a page and a radius search agree.
      const miles = Number(km.rows[0].km) / 1.609344;
      const js = distanceMiles({ lat: 39.7684, lng: -86.1581 }, { lat: 38.2527, lng: -85.7585 });
      expect(Math.abs(js - miles)).toBeLessThan(0.01);
      const sim = await db.pool.query("select similarity('Hoosier Gym', 'Hoosier Gymnasium') as s");
      expect(Number(sim.rows[0].s)).toBeGreaterThan(0.5);
    } finally {
      await db.close();
    }
  });
});

describe("graceful shutdown", () => {
  it("finishes in-flight requests and refuses new connections after close", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowRoute = (app: FastifyInstance) => {
      const config = { access: access.public, apiVersioned: false };
      const schema = { response: { 200: z.object({ done: z.boolean() }) } };
      app
        .withTypeProvider<ZodTypeProvider>()
        .get("/test-mgmt/api/slow", { config, schema }, async () => {
          await gate;
          return { done: true };
        });
    };
    const t = await buildTestApp({ beforeReady: slowRoute });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const inFlight = fetch(`http://127.0.0.1:${port}/test-mgmt/api/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = t.app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
    await t.database.close();
  });
});

describe("a second process on the same data folder", () => {
  it("uses the running server's socket instead of opening the database files twice", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-shared-"));
    try {
      const server = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 2 });
      await runMigrations(server.pool);
      const cli = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 1 });
      await setMaintenanceMode(cli.db, true, null);
      await cli.close();
      // The CLI's write is visible to the server at once, and the server still runs.
      const row = await server.pool.query("select maintenance_mode from site_settings");
      expect(row.rows[0].maintenance_mode).toBe(true);
      await server.close();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
