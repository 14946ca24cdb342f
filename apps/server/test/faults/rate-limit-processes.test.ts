// Rate limits across processes: two server processes (each on its own embedded database) share one
// private Redis, which keeps the counts, so a client gets the limit once between them, not once
// per process. The in-process twin (test/rate-limit.test.ts) shows the same rule on two apps in
// one process and the local count while Redis is away.
import { afterAll, beforeAll, expect, it } from "vitest";
import { cleanUp, spawnServer, type TServer } from "./processes";
import { startRedis, type TRedis } from "./redis";

let redis: TRedis;
let servers: TServer[];

beforeAll(async () => {
  redis = await startRedis();
  const env = { REDIS_URL: redis.url, RATE_LIMIT_MAX: "4", RATE_LIMIT_WINDOW: "1 minute" };
  servers = await Promise.all([spawnServer({ env }), spawnServer({ env })]);
});
afterAll(async () => {
  await cleanUp();
  await redis?.kill();
});

it("allow a client the limit once between the processes, not once each", async () => {
  const codes: number[] = [];
  // Alternating between the two: two calls through each, then both refuse.
  for (let i = 0; i < 6; i++) {
    const server = servers[i % 2]!;
    codes.push((await fetch(`${server.url}/status.json?api-version=1.0`)).status);
  }
  expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  const refused = await fetch(`${servers[1]!.url}/status.json?api-version=1.0`);
  const body = (await refused.json()) as { error: { code: string } };
  expect(body.error.code).toBe("RATE_LIMITED");
});
