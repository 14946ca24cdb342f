// /media's image variants under load (issue 16 §4): only the sizes the web shows, never larger than
// the original, PNG without a palette, a bounded resize queue (503 with Retry-After when full), a
// per-client budget of uncached variants (429), and a disk cache pruned least recently used first.
import fs from "node:fs";
import path from "node:path";
import { MEDIA_BOXES, MEDIA_VARIANTS } from "@hostfield/domain/reference";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileStore } from "../src/platform/files/store";
import { newFileKey } from "../src/platform/files/upload";
import { buildTestApp, type TTestApp } from "./helper";

const box = (b: { w: number; h: number; fit: string }, format = "webp") =>
  `w=${b.w}&h=${b.h}&fit=${b.fit}&format=${format}`;

/** A stored picture, put into the app's own file store. */
async function storedImage(t: TTestApp, width: number, height: number, extension = "png") {
  const key = newFileKey("users", extension);
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  });
  await createFileStore(t.app.config).put(
    key,
    await (extension === "png" ? image.png() : image.jpeg()).toBuffer(),
  );
  return `/media/${key}`;
}

const cacheFiles = (t: TTestApp) => {
  const dir = path.join(t.app.config.dataDir, "media-cache");
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map((name) => path.join(dir, String(name)))
        .filter((file) => fs.statSync(file).isFile())
    : [];
};

describe("the variants /media makes", () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("makes every size the web shows, and refuses any other size or quality with 400 MEDIA_VARIANT_NOT_OFFERED", async () => {
    const url = await storedImage(t, 3000, 3000, "jpg");
    for (const variant of MEDIA_VARIANTS) {
      const res = await t.app.inject({ url: `${url}?${box(variant)}` });
      expect(res.statusCode, box(variant)).toBe(200);
    }
    for (const query of [
      "w=1920&h=1920&fit=fill&format=png&q=30",
      "w=384&h=216&fit=cover&q=30",
      "w=385&h=216&fit=cover",
      "w=384&h=216&fit=fill",
      "w=64",
    ]) {
      const res = await t.app.inject({ url: `${url}?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe("MEDIA_VARIANT_NOT_OFFERED");
      expect(res.json().error.message).toContain("w=384&h=216&fit=cover");
    }
    // Without a size, the stored file as it is.
    const original = await t.app.inject({ url });
    expect(original.statusCode).toBe(200);
    expect(original.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(original.rawPayload).metadata()).width).toBe(3000);
  });

  it("never makes a variant larger than the original", async () => {
    const url = await storedImage(t, 800, 600);
    const header = MEDIA_VARIANTS.find((v) => v.w === 2048)!;
    const res = await t.app.inject({ url: `${url}?${box(header, "jpeg")}` });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBeLessThanOrEqual(800);
    expect(meta.height).toBeLessThanOrEqual(600);
  });

  it("resizes to PNG in true colour, not a palette", async () => {
    const url = await storedImage(t, 800, 600);
    const res = await t.app.inject({ url: `${url}?${box(MEDIA_BOXES.card, "png")}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 384, height: 216, isPalette: false });
  });
});

describe("a full resize queue", () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { MEDIA_RESIZE_CONCURRENCY: "1", MEDIA_RESIZE_QUEUE: "0" } });
  });
  afterAll(() => t.close());

  it("answers 503 SERVICE_UNAVAILABLE with Retry-After, and serves cached variants meanwhile", async () => {
    const url = await storedImage(t, 1000, 800);
    const cachedFirst = await t.app.inject({ url: `${url}?${box(MEDIA_BOXES.logo)}` });
    expect(cachedFirst.statusCode).toBe(200);

    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The one resize slot is taken, and nothing may wait.
    const holding = t.app.media.resizes.run("another client", () => gate);
    try {
      const busy = await t.app.inject({ url: `${url}?${box(MEDIA_BOXES.card)}` });
      expect(busy.statusCode).toBe(503);
      expect(busy.json().error.code).toBe("SERVICE_UNAVAILABLE");
      expect(Number(busy.headers["retry-after"])).toBeGreaterThan(0);
      const cached = await t.app.inject({ url: `${url}?${box(MEDIA_BOXES.logo)}` });
      expect(cached.statusCode).toBe(200);
    } finally {
      release();
      await holding;
    }
    const later = await t.app.inject({ url: `${url}?${box(MEDIA_BOXES.card)}` });
    expect(later.statusCode).toBe(200);
  });
});

describe("the per-client budget of uncached variants", () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { MEDIA_VARIANTS_PER_MINUTE: "2" } });
  });
  afterAll(() => t.close());

  it("answers 429 RATE_LIMITED past the budget, yet serves cached variants and other clients", async () => {
    const url = await storedImage(t, 1000, 800);
    const ask = (b: { w: number; h: number; fit: string }, remoteAddress = "203.0.113.7") =>
      t.app.inject({ url: `${url}?${box(b)}`, remoteAddress });
    expect((await ask(MEDIA_BOXES.card)).statusCode).toBe(200);
    expect((await ask(MEDIA_BOXES.logo)).statusCode).toBe(200);
    const refused = await ask(MEDIA_BOXES.tile);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Already made: no budget needed.
    expect((await ask(MEDIA_BOXES.card)).statusCode).toBe(200);
    expect((await ask(MEDIA_BOXES.tile, "198.51.100.9")).statusCode).toBe(200);
  });
});

describe("the media cache's cap", () => {
  let t: TTestApp;
  let url: string;
  beforeAll(async () => {
    // About 20 kB: a few small variants.
    t = await buildTestApp({ env: { MEDIA_CACHE_MAX_MB: "0.02" } });
    url = await storedImage(t, 1600, 1200, "jpg");
  });
  afterAll(() => t.close());

  const cacheDir = () => path.join(t.app.config.dataDir, "media-cache");
  /** A file in the cache as if made long ago. */
  function plant(name: string, size: number, used: Date) {
    const file = path.join(cacheDir(), "00", name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.alloc(size));
    fs.utimesSync(file, used, used);
    return file;
  }
  async function make(variant: { w: number; h: number; fit: string }) {
    const before = new Set(cacheFiles(t));
    expect((await t.app.inject({ url: `${url}?${box(variant, "jpeg")}` })).statusCode).toBe(200);
    const made = cacheFiles(t).filter((file) => !before.has(file));
    expect(made).toHaveLength(1);
    return made[0]!;
  }
  const cacheBytes = () => cacheFiles(t).reduce((sum, file) => sum + fs.statSync(file).size, 0);

  it("is pruned when a write takes it over the cap", async () => {
    const cap = t.app.config.media.cacheMaxBytes;
    const old = plant("old.jpeg", cap, new Date(Date.UTC(2019, 0, 1)));
    await make(MEDIA_BOXES.logo);
    await expect.poll(() => fs.existsSync(old)).toBe(false);
    expect(cacheBytes()).toBeLessThanOrEqual(cap);
  });

  it("is pruned by the scheduled job, least recently used first, down to the cap", async () => {
    const cap = t.app.config.media.cacheMaxBytes;
    for (const file of cacheFiles(t)) fs.rmSync(file);
    const first = await make(MEDIA_BOXES.card);
    const second = await make(MEDIA_BOXES.infoWindow);
    fs.utimesSync(first, new Date(Date.UTC(2020, 0, 1)), new Date(Date.UTC(2020, 0, 1)));
    fs.utimesSync(second, new Date(Date.UTC(2020, 0, 2)), new Date(Date.UTC(2020, 0, 2)));
    // The first is used again (a cache hit), so the second is now the least recently used.
    await t.app.inject({ url: `${url}?${box(MEDIA_BOXES.card, "jpeg")}` });
    await expect.poll(() => fs.statSync(first).mtimeMs).toBeGreaterThan(Date.UTC(2021, 0, 1));
    // Left by another process: it takes the cache over its cap, yet is newer than the second.
    const other = plant(
      "other.jpeg",
      cap - fs.statSync(first).size,
      new Date(Date.UTC(2020, 5, 1)),
    );
    expect(cacheBytes()).toBeGreaterThan(cap);

    await t.app.jobs.send("media.prune-cache", {});
    await t.app.jobs.idle(["media.prune-cache"]);
    expect([first, second, other].map((file) => fs.existsSync(file))).toEqual([true, false, true]);
    expect(cacheBytes()).toBeLessThanOrEqual(cap);
  });
});
