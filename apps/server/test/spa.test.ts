// The built web app at / with history fallback; API paths never fall back to it.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp, V } from "./helper";

let t: TTestApp;
let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-web-"));
  await fs.mkdir(path.join(dist, "assets"));
  await fs.writeFile(path.join(dist, "index.html"), "<!doctype html><title>Hostfield SPA</title>");
  await fs.writeFile(path.join(dist, "assets", "index-abc123.js"), "console.log(1)");
  // What the web build's precompress step leaves next to a large asset.
  const big = `export const list = [${"1,".repeat(4000)}];`;
  const bigFile = path.join(dist, "assets", "big-def456.js");
  await fs.writeFile(bigFile, big);
  await fs.writeFile(`${bigFile}.br`, zlib.brotliCompressSync(big));
  await fs.writeFile(`${bigFile}.gz`, zlib.gzipSync(big));
  await fs.writeFile(path.join(dist, "favicon.svg"), "<svg/>");
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe("web app", () => {
  it("serves index.html at / without caching it", async () => {
    const res = await t.app.inject({ url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Hostfield SPA");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it.each(["/facilities/marketplace", "/events/123", "/account?tab=2"])(
    "falls back to index.html for %s",
    async (url) => {
      const res = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("Hostfield SPA");
    },
  );

  it("caches hashed assets for a year as immutable", async () => {
    const res = await t.app.inject({ url: "/assets/index-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the build's brotli or gzip copy to browsers that accept it, and the plain file otherwise", async () => {
    const url = "/assets/big-def456.js";
    const br = await t.app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toMatch(/^export const list/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const gz = await t.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toMatch(/^export const list/);
    const plain = await t.app.inject({ url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toMatch(/^export const list/);
    // Cached for a year by shared caches too: each copy must be keyed on the encoding asked for.
    for (const res of [br, gz, plain]) expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it("serves other root files without long caching", async () => {
    const res = await t.app.inject({ url: "/favicon.svg" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("answers JSON 404 for unknown API paths and missing files instead of the page", async () => {
    for (const url of [
      `/facility-mgmt/api/unknown?${V}`,
      "/assets/missing.js",
      "/report-mgmt/api/nothing",
    ]) {
      const res = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe("ROUTE_NOT_FOUND");
    }
  });

  it("does not serve files outside the build folder", async () => {
    const res = await t.app.inject({ url: "/../package.json" });
    expect(res.body).not.toContain('"name"');
  });
});
