// The built web app at / with history fallback; API paths never fall back to it.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp, V } from "./helper";

let t: TTestApp;
let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-web-"));
  await fs.mkdir(path.join(dist, "assets"));
  await fs.writeFile(path.join(dist, "index.html"), "<!doctype html><title>Hostfield SPA</title>");
  await fs.writeFile(path.join(dist, "assets", "index-abc123.js"), "console.log(1)");
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
