// SEED_ON_START on the embedded database: the demo network is seeded by a child process of the
// server (cli/seed-on-start), so the server does not keep what seeding allocated (issue 49: 926 MB
// idle after seeding in process against 451 MB after a restart). The child is gone once the server
// listens, and a SIGTERM while it seeds stops both: no seeding outlives the server to hold the
// data folder beside the next start.
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { V } from "../helper";
import { eventually } from "./hub-sockets";
import { cleanUp, spawnServer, stopServer, type TServer, tempDir, waitReady } from "./processes";

afterAll(cleanUp);

const SEEDING = { SEED_ON_START: "true", SEED_SCALE: "0.01" };

/** The pids of `pid`'s children running the seeding entry point, from /proc. */
function seedingChildren(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (parent === pid && command.includes("seed-on-start")) found.push(Number(entry));
    } catch {
      // The process ended while it was read.
    }
  }
  return found;
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);

/** Waits until the server has started its seeding child; its pid. */
async function seedingChildOf(server: TServer): Promise<number> {
  let child: number | undefined;
  await eventually(
    "the server starts a seeding child",
    () => {
      if (!server.alive()) throw new Error(`the server exited:\n${server.output().slice(-2000)}`);
      child = seedingChildren(server.child.pid ?? -1)[0];
      return child !== undefined;
    },
    120_000,
  );
  return child as number;
}

async function listedFacilities(server: TServer): Promise<number> {
  const res = await fetch(`${server.url}/facility-mgmt/api/facilities/search?${V}&take=1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: {} }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { _meta: { stats: { count: number } } };
  return body._meta.stats.count;
}

describe("SEED_ON_START on the embedded database", () => {
  it("seeds in a child process that is gone once the server serves what it wrote", async () => {
    const server = await spawnServer({ env: SEEDING, waitReady: false });
    const child = await seedingChildOf(server);
    await waitReady(server, 300_000);
    expect(alive(child)).toBe(false);
    expect(await listedFacilities(server)).toBeGreaterThan(0);
    expect(server.output()).toContain("seeding the demo network");
    expect(await stopServer(server)).toEqual({ code: 0, signal: null });
  });

  it("stops the seeding child with the server on SIGTERM, the next start seeds again, and a SIGTERM before it listens exits 0", async () => {
    const dataDir = tempDir();
    const server = await spawnServer({ dataDir, env: SEEDING, waitReady: false });
    const child = await seedingChildOf(server);
    expect(await stopServer(server)).toEqual({ code: 0, signal: null });
    await eventually("the seeding child ends", () => !alive(child), 30_000);

    // The next start seeds again; a SIGTERM as soon as its child has ended finds the server
    // reopening the database and building the app (CI once saw it die by the signal there).
    const again = await spawnServer({ dataDir, env: SEEDING, waitReady: false });
    const seeding = await seedingChildOf(again);
    await eventually("the second seeding child ends", () => !alive(seeding), 300_000);
    expect(await stopServer(again)).toEqual({ code: 0, signal: null });

    const third = await spawnServer({ dataDir, env: SEEDING });
    expect(await listedFacilities(third)).toBeGreaterThan(0);
    expect(await stopServer(third)).toEqual({ code: 0, signal: null });
  });
});
