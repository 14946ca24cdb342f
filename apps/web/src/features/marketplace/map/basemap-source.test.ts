import { describe, expect, it } from "vitest";
import { mapConfigParser, NO_MAP_TILES } from "../../../lib/auth/client-config";
import { basemapSource } from "./basemap-source";

const fromServer = (map: unknown) => basemapSource(mapConfigParser.parse({ oidc: {}, map }));

describe("what the map draws under its markers", () => {
  it("is its own offline basemap when the server names neither an archive nor tiles", () => {
    expect(basemapSource(NO_MAP_TILES)).toEqual({ kind: "builtin" });
    expect(fromServer({ tileUrl: null, pmtilesUrl: null, attribution: null })).toEqual({
      kind: "builtin",
    });
    // An older server, or a malformed answer: still a whole map.
    expect(fromServer(undefined)).toEqual({ kind: "builtin" });
    expect(fromServer({ tileUrl: "  ", pmtilesUrl: 42 })).toEqual({ kind: "builtin" });
  });

  it("is the tile server with its credit when only MAP_TILE_URL is set", () => {
    expect(
      fromServer({ tileUrl: "/tiles/{z}/{x}/{y}.png", pmtilesUrl: null, attribution: "Ours" }),
    ).toEqual({ kind: "tiles", url: "/tiles/{z}/{x}/{y}.png", attribution: "Ours" });
    // A server from before MAP_PMTILES_URL sends no pmtilesUrl at all.
    expect(fromServer({ tileUrl: "/tiles/{z}/{x}/{y}.png", attribution: null })).toEqual({
      kind: "tiles",
      url: "/tiles/{z}/{x}/{y}.png",
      attribution: null,
    });
  });

  it("is the PMTiles archive when MAP_PMTILES_URL is set, even with MAP_TILE_URL beside it", () => {
    expect(
      fromServer({ tileUrl: null, pmtilesUrl: " /media/us.pmtiles ", attribution: null }),
    ).toEqual({ kind: "pmtiles", url: "/media/us.pmtiles", attribution: null });
    expect(
      fromServer({
        tileUrl: "/tiles/{z}/{x}/{y}.png",
        pmtilesUrl: "https://tiles.example/planet.pmtiles",
        attribution: "© OpenStreetMap",
      }),
    ).toEqual({
      kind: "pmtiles",
      url: "https://tiles.example/planet.pmtiles",
      attribution: "© OpenStreetMap",
    });
  });
});
