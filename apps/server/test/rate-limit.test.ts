import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileStore } from "../src/platform/files/store";
import { newFileKey } from "../src/platform/files/upload";
import { freePort } from "./free-port";
import { buildTestApp, type TTestApp, V } from "./helper";

let t: TTestApp;
let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-web-"));
  await fs.mkdir(path.join(dist, "assets"));
  await fs.writeFile(path.join(dist, "index.html"), "<!doctype html><title>Hostfield</title>");
  await fs.writeFile(path.join(dist, "assets", "index-abc123.css"), "body{margin:0}");
  t = await buildTestApp({
    env: { RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW: "1 minute", WEB_DIST_DIR: dist },
  });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

it("answers 429 RATE_LIMITED once a client exceeds the limit, but never limits health checks", async () => {
  const codes: number[] = [];
  for (let i = 0; i < 4; i++)
    codes.push((await t.app.inject({ url: `/status.json?${V}` })).statusCode);
  expect(codes).toEqual([200, 200, 200, 429]);
  const limited = await t.app.inject({ url: `/status.json?${V}` });
  expect(limited.json().error.code).toBe("RATE_LIMITED");
  expect(limited.json().error.message).toMatch(/try again in \d+ s/);
  for (let i = 0; i < 5; i++)
    expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
});

describe("the files of a page", () => {
  const client = "198.51.100.20";

  it("do not use up the API's limit: 100 assets and images, and the API still answers", async () => {
    const key = newFileKey("profiles", "png");
    const png = await sharp({
      create: { width: 500, height: 400, channels: 3, background: "#357" },
    })
      .png()
      .toBuffer();
    await createFileStore(t.app.config).put(key, png);
    const image = `/media/${key}?w=384&h=216&fit=cover`;
    const codes = new Set<number>();
    for (let i = 0; i < 50; i++) {
      for (const url of ["/assets/index-abc123.css", image]) {
        codes.add((await t.app.inject({ url, remoteAddress: client })).statusCode);
      }
    }
    expect([...codes]).toEqual([200]);
    const api = await t.app.inject({ url: `/status.json?${V}`, remoteAddress: client });
    expect(api.statusCode).toBe(200);
  });

  it("serve the styles to a client whose API limit is spent", async () => {
    for (let i = 0; i < 4; i++)
      await t.app.inject({ url: `/status.json?${V}`, remoteAddress: client });
    expect(
      (await t.app.inject({ url: `/status.json?${V}`, remoteAddress: client })).statusCode,
    ).toBe(429);
    const css = await t.app.inject({ url: "/assets/index-abc123.css", remoteAddress: client });
    expect(css.statusCode).toBe(200);
    expect(css.headers["content-type"]).toMatch(/^text\/css/);
  });
});

/** A client address of its own per run: Redis keeps a window's count across test runs. */
const freshClient = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** The status codes of `n` calls of the API, made through `apps` in turn, as one client. */
async function statuses(apps: TTestApp[], n: number, client: string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const app = apps[i % apps.length]!.app;
    codes.push((await app.inject({ url: `/status.json?${V}`, remoteAddress: client })).statusCode);
  }
  return codes;
}

const LIMITED = { RATE_LIMIT_MAX: "4", RATE_LIMIT_WINDOW: "1 minute" };

it("counts on its own while Redis is away: the limit holds and nothing fails", async () => {
  const port = await freePort();
  const away = await buildTestApp({ env: { ...LIMITED, REDIS_URL: `redis://127.0.0.1:${port}` } });
  try {
    expect(await statuses([away], 6, freshClient())).toEqual([200, 200, 200, 200, 429, 429]);
  } finally {
    await away.close();
  }
});

// Runs where a Redis server is given (CI sets TEST_REDIS_URL to the local one).
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)("two processes on one Redis", () => {
  it("allow a client the limit once between them, not once each", async () => {
    const env = { ...LIMITED, REDIS_URL: redisUrl! };
    const [first, second] = await Promise.all([buildTestApp({ env }), buildTestApp({ env })]);
    try {
      // Alternating: two calls through each, then both refuse.
      expect(await statuses([first!, second!], 6, freshClient())).toEqual([
        200, 200, 200, 200, 429, 429,
      ]);
      // Another client has its own count.
      expect(await statuses([second!, first!], 1, freshClient())).toEqual([200]);
    } finally {
      await Promise.all([first!.close(), second!.close()]);
    }
  });
});
