// What the map draws under its markers, from the server's settings (GET /api/client-config): a
// self-hosted PMTiles archive first (MAP_PMTILES_URL: street detail, drawn by protomaps-leaflet),
// then a tile server (MAP_TILE_URL), and without either our own offline basemap.
import type { TMapClientConfig } from "../../../lib/auth/client-config";

export type TBasemapSource =
  | { kind: "pmtiles"; url: string; attribution: string | null }
  | { kind: "tiles"; url: string; attribution: string | null }
  | { kind: "builtin" };

export function basemapSource(config: TMapClientConfig): TBasemapSource {
  if (config.pmtilesUrl)
    return { kind: "pmtiles", url: config.pmtilesUrl, attribution: config.attribution };
  if (config.tileUrl)
    return { kind: "tiles", url: config.tileUrl, attribution: config.attribution };
  return { kind: "builtin" };
}
