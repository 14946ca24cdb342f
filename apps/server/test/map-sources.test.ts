// The map's tile server and PMTiles archive on other hosts: the pages' Content Security Policy lets
// the browser load from them (tiles as images, the archive by fetch), and from nowhere else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TTestApp, V } from "./helper";

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: {
      MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png",
      MAP_PMTILES_URL: "https://archive.example.net:8443/maps/us.pmtiles",
    },
  });
}, 120_000);
afterAll(() => t?.close());

describe("the map's hosts", () => {
  it("are allowed by the Content Security Policy, tiles as images and the archive by fetch", async () => {
    const res = await t.app.inject({ url: `/status.json?${V}` });
    const directives = new Map(
      String(res.headers["content-security-policy"])
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([name = "", ...sources]) => [name, sources]),
    );
    expect(directives.get("img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://tiles.example.com",
    ]);
    expect(directives.get("connect-src")).toEqual(["'self'", "https://archive.example.net:8443"]);
  });

  it("are named to anyone in the client configuration", async () => {
    const res = await t.app.inject({ url: `/api/client-config?${V}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map).toEqual({
      tileUrl: "https://tiles.example.com/{z}/{x}/{y}.png",
      pmtilesUrl: "https://archive.example.net:8443/maps/us.pmtiles",
      attribution: null,
    });
  });
});
