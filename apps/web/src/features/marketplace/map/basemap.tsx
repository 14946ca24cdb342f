// The map's own basemap, drawn when no tile service is configured: water (the map's background),
// land, lakes, country, state and province lines, county lines up close, and city labels by zoom, as Leaflet vector
// layers on a canvas (one drawing, not thousands of SVG paths) in panes below the markers.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { GeoJsonObject } from "geojson";
import L from "leaflet";
import { useEffect, useState } from "react";
import { useMap, useMapEvents } from "react-leaflet";
import {
  COUNTY_MIN_ZOOM,
  fetchMapPlaces,
  loadBasemap,
  loadCountyLines,
  pickLabels,
  type TMapPlace,
  worldDetailAt,
} from "./basemap-data";
import { boundsOf, itemsIn, type TClusterIndex } from "./cluster-index";
import { escapeHtml, MAP_PANES } from "./map-panes";
import { markerBox } from "./marker-style";

export type TBasemapColors = {
  water: string;
  land: string;
  country: string;
  state: string;
  county: string;
  label: string;
  halo: string;
};

export const BASEMAP_COLORS: Record<"light" | "dark", TBasemapColors> = {
  light: {
    water: "#c9dce8",
    land: "#f3f1ea",
    country: "#8c8279",
    state: "#a89e94",
    county: "#d8d1c6",
    label: "#3b3f44",
    halo: "#ffffff",
  },
  dark: {
    water: "#15232d",
    land: "#262c31",
    country: "#8d959c",
    state: "#6c757d",
    county: "#3a4249",
    label: "#e3e6e8",
    halo: "#15232d",
  },
};

function ensurePane(map: L.Map, name: string, zIndex: number): string {
  const pane = map.getPane(name) ?? map.createPane(name);
  pane.style.zIndex = String(zIndex);
  // Nothing of the basemap takes clicks: they go to the map (drag, zoom) and the markers.
  pane.style.pointerEvents = "none";
  return name;
}

/** A layer of shapes that takes no clicks, drawn on `renderer` (Leaflet hands it to each path). */
function vectorLayer(data: GeoJsonObject, style: L.PathOptions, renderer: L.Renderer): L.GeoJSON {
  const options: L.GeoJSONOptions & L.PathOptions = { style, renderer, interactive: false };
  return L.geoJSON(data, options);
}

/** Land and lines: loaded once per map, redrawn only by Leaflet. */
function Shapes({ colors }: { colors: TBasemapColors }) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const detail = worldDetailAt(zoom);
  const base = useQuery({
    queryKey: ["map", "basemap", detail],
    queryFn: ({ signal }) => loadBasemap(detail, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    // The coarser world stays on screen while the finer one loads.
    placeholderData: keepPreviousData,
  });
  const counties = useQuery({
    queryKey: ["map", "basemap", "counties"],
    queryFn: ({ signal }) => loadCountyLines(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    // The county file is the largest: only once someone zooms in that far.
    enabled: zoom >= COUNTY_MIN_ZOOM,
  });

  useEffect(() => {
    if (!base.data) return;
    const landPane = ensurePane(map, MAP_PANES.land.name, MAP_PANES.land.zIndex);
    const linesPane = ensurePane(map, MAP_PANES.lines.name, MAP_PANES.lines.zIndex);
    const landRenderer = L.canvas({ pane: landPane });
    const linesRenderer = L.canvas({ pane: linesPane });
    const fill = { stroke: false, fillColor: colors.land, fillOpacity: 1 };
    const layers = [
      vectorLayer(base.data.land, fill, landRenderer),
      vectorLayer(base.data.usLand, fill, landRenderer),
      // Over the land: neither land file cuts its lakes out.
      vectorLayer(
        base.data.lakes,
        { stroke: false, fillColor: colors.water, fillOpacity: 1 },
        landRenderer,
      ),
      ...[base.data.stateLines, base.data.provinceLines].map((lines) =>
        vectorLayer(lines, { color: colors.state, weight: 1, dashArray: "4 3" }, linesRenderer),
      ),
      vectorLayer(base.data.countryLines, { color: colors.country, weight: 1.4 }, linesRenderer),
    ];
    for (const layer of layers) layer.addTo(map);
    return () => {
      for (const layer of layers) layer.remove();
    };
  }, [map, base.data, colors]);

  const showCounties = zoom >= COUNTY_MIN_ZOOM && counties.data;
  useEffect(() => {
    if (!showCounties || !counties.data) return;
    const pane = ensurePane(map, MAP_PANES.land.name, MAP_PANES.land.zIndex);
    // Above the land, below the state and country lines.
    const layer = vectorLayer(
      counties.data,
      { color: colors.county, weight: 0.7 },
      L.canvas({ pane }),
    ).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, showCounties, counties.data, colors]);

  return null;
}

function labelIcon(place: TMapPlace, big: boolean): L.DivIcon {
  return L.divIcon({
    className: big ? "hostfield-city hostfield-city-big" : "hostfield-city",
    html: `<span class="hostfield-city-dot"></span><span>${escapeHtml(place.name)}</span>`,
    iconSize: undefined,
    iconAnchor: [3, 3],
  });
}

/**
 * City names from the gazetteer, the bigger first, as many as fit without overlapping each other or
 * lying under the markers on screen (`markers`: the same clusters and points the map draws).
 */
function CityLabels({ markers }: { markers: TClusterIndex }) {
  const map = useMap();
  const places = useQuery({
    queryKey: ["map", "places"],
    queryFn: ({ signal }) => fetchMapPlaces(signal),
    staleTime: Infinity,
    // The map is whole without its labels.
    retry: false,
  });
  const [moves, setMoves] = useState(0);
  useMapEvents({ moveend: () => setMoves((n) => n + 1) });

  useEffect(() => {
    if (!places.data) return;
    void moves;
    const pane = ensurePane(map, MAP_PANES.labels.name, MAP_PANES.labels.zIndex);
    const size = map.getSize();
    const zoom = map.getZoom();
    const markerBoxes = itemsIn(markers, boundsOf(map), zoom).map((item) =>
      markerBox(item, map.latLngToContainerPoint([item.lat, item.lng])),
    );
    const chosen = pickLabels(
      places.data,
      zoom,
      (place) => {
        const at = map.latLngToContainerPoint([place.lat, place.lng]);
        return at.x < 0 || at.y < 0 || at.x > size.x || at.y > size.y ? null : at;
      },
      { markers: markerBoxes },
    );
    const layer = L.layerGroup(
      chosen.map((place) =>
        L.marker([place.lat, place.lng], {
          icon: labelIcon(place, place.population >= 1_000_000),
          pane,
          interactive: false,
          keyboard: false,
        }),
      ),
    ).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, places.data, moves, markers]);

  return null;
}

export function Basemap({
  colors,
  markers,
}: {
  colors: TBasemapColors;
  /** The map's markers: no city name is put under one. */
  markers: TClusterIndex;
}) {
  return (
    <>
      <Shapes colors={colors} />
      <CityLabels markers={markers} />
    </>
  );
}
