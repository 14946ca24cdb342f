// The Leaflet map: a PMTiles archive or tiles when the server configures them (our own offline
// basemap otherwise, see basemap-source.ts), our
// own marker icons per kind (the star for a sponsored listing) with their legend, clusters above the
// single markers, and the info window of spec §2; it reports the box on screen after each move or
// zoom, so the page can search just that. Loaded only with the map view.
import "leaflet/dist/leaflet.css";
import type { TProfileKind } from "@hostfield/domain/kinds";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import L from "leaflet";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { MapContainer, Marker, Pane, Popup, TileLayer, useMap, useMapEvents } from "react-leaflet";
import type { TMapClientConfig } from "../../../lib/auth/client-config";
import { BASEMAP_COLORS, Basemap } from "./basemap";
import { basemapSource } from "./basemap-source";
import {
  boundsOf,
  createClusterIndex,
  expansionZoom,
  itemsIn,
  type TClusterIndex,
  type TMapItem,
} from "./cluster-index";
import { infoWindowWidths } from "./info-window";
import { InfoWindow } from "./info-window-card";
import type { TMapView } from "./map-area";
import { MapLegend } from "./map-legend";
import { escapeHtml, MAP_PANES } from "./map-panes";
import type { TMapPoint } from "./map-points";
import { clusterLabel, clusterSize, markerStyle, markerSvg } from "./marker-style";
import { PmtilesBasemap } from "./pmtiles-basemap";

/** The contiguous United States, when there is nothing else to open on (a phone shows it all too). */
export const DEFAULT_BOUNDS: [[number, number], [number, number]] = [
  [24.5, -125],
  [49.5, -66.9],
];

const MILES_PER_DEGREE_LAT = 69.05;

/** The box around a circle of `miles` at `center`: a radius search opens showing all of it. */
export function radiusBounds(
  center: [number, number],
  miles: number,
): [[number, number], [number, number]] {
  const [lat, lng] = center;
  const dLat = miles / MILES_PER_DEGREE_LAT;
  const dLng = Math.min(
    180,
    miles / (MILES_PER_DEGREE_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180))),
  );
  return [
    [Math.max(-90, lat - dLat), lng - dLng],
    [Math.min(90, lat + dLat), lng + dLng],
  ];
}

function viewOf(map: L.Map): TMapView {
  const b = map.getBounds();
  return { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
}

/** Reports the view at once, then at the end of each move or zoom. */
function ViewReporter({ onChange }: { onChange: (view: TMapView) => void }) {
  const map = useMap();
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    report.current(viewOf(map));
  }, [map]);
  useMapEvents({ moveend: () => report.current(viewOf(map)) });
  return null;
}

const iconCache = new Map<string, L.DivIcon>();

function pointIcon(point: TMapPoint): L.DivIcon {
  const style = markerStyle(point.kind, {}, point.sponsored);
  const key = `${style.shape}:${style.fill}:${style.size}`;
  let icon = iconCache.get(key);
  if (!icon) {
    icon = L.divIcon({
      html: markerSvg(style),
      className: "hostfield-marker",
      iconSize: [style.size, style.size],
      iconAnchor: style.anchor,
      popupAnchor: [0, style.shape === "pin" ? -style.size : -Math.round(style.size / 2)],
    });
    iconCache.set(key, icon);
  }
  return icon;
}

function clusterIcon(count: number): L.DivIcon {
  const size = clusterSize(count);
  return L.divIcon({
    html: `<span aria-hidden="true">${escapeHtml(clusterLabel(count))}</span>`,
    className: "hostfield-cluster",
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** Fits the map to the points once, when the first of them arrive. */
function FitToPoints({
  points,
  center,
}: {
  points: readonly TMapPoint[];
  center?: [number, number];
}) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || points.length === 0) return;
    done.current = true;
    if (points.length === 1 && points[0]) {
      map.setView([points[0].lat, points[0].lng], 12);
      return;
    }
    const bounds = L.latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
    if (center) bounds.extend(center);
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 12 });
  }, [map, points, center]);
  return null;
}

type TClusterItem = Extract<TMapItem, { type: "cluster" }>;
type TPointItem = Extract<TMapItem, { type: "point" }>;

function ClusteredMarkers({
  index,
  linkFor,
  actionFor,
  mobile,
}: {
  index: TClusterIndex;
  linkFor?: (point: TMapPoint) => string | null | undefined;
  actionFor?: (point: TMapPoint) => ReactNode;
  mobile: boolean;
}) {
  const map = useMap();
  const [view, setView] = useState(() => ({ bounds: boundsOf(map), zoom: map.getZoom() }));
  useMapEvents({
    moveend: () => setView({ bounds: boundsOf(map), zoom: map.getZoom() }),
  });
  const items = useMemo(() => itemsIn(index, view.bounds, view.zoom), [index, view]);
  const widths = infoWindowWidths(typeof window === "undefined" ? 1280 : window.innerWidth);

  const clusters = items.filter((item): item is TClusterItem => item.type === "cluster");
  const singles = items.filter((item): item is TPointItem => item.type === "point");
  return (
    <>
      <Pane name={MAP_PANES.points.name} style={{ zIndex: MAP_PANES.points.zIndex }}>
        {singles.map((item) => {
          const { point } = item;
          const target = linkFor?.(point) ?? null;
          const hasWindow = Boolean(point.address || target);
          return (
            <Marker
              key={item.key}
              position={[item.lat, item.lng]}
              icon={pointIcon(point)}
              title={point.name}
              alt={point.name}
              keyboard
            >
              {hasWindow ? (
                <Popup
                  // Not the markers' pane this sits in: above every pin and bubble.
                  pane={MAP_PANES.popups.name}
                  minWidth={widths.minWidth}
                  maxWidth={widths.maxWidth}
                  autoPanPadding={[16, 16]}
                >
                  <InfoWindow
                    point={point}
                    linkTarget={target}
                    mobile={mobile}
                    action={actionFor?.(point)}
                  />
                </Popup>
              ) : null}
            </Marker>
          );
        })}
      </Pane>
      <Pane name={MAP_PANES.clusters.name} style={{ zIndex: MAP_PANES.clusters.zIndex }}>
        {clusters.map((item) => (
          <Marker
            key={item.key}
            position={[item.lat, item.lng]}
            icon={clusterIcon(item.count)}
            title={`${item.count} places here: zoom in`}
            alt={`${item.count} places`}
            keyboard
            eventHandlers={{
              click: () => map.flyTo([item.lat, item.lng], expansionZoom(index, item.clusterId)),
            }}
          />
        ))}
      </Pane>
    </>
  );
}

export function MapView({
  points,
  tiles,
  linkFor,
  actionFor,
  center,
  radiusMiles,
  label,
  kinds,
  onViewChange,
}: {
  points: readonly TMapPoint[];
  tiles: TMapClientConfig;
  /** The kinds the legend names (the points' own kinds when not given). */
  kinds?: readonly TProfileKind[];
  /** The page a point's info window links to; without one it offers Google Maps. */
  linkFor?: (point: TMapPoint) => string | null | undefined;
  /** A control beside the info window's link (Save to a shortlist). */
  actionFor?: (point: TMapPoint) => ReactNode;
  center?: [number, number];
  /** With a center: the map opens on the whole circle. */
  radiusMiles?: number;
  label: string;
  /** The box on screen: at once, then at the end of each move or zoom. */
  onViewChange?: (view: TMapView) => void;
}) {
  const mobile = useMediaQuery("(max-width: 599.95px)", { noSsr: true });
  const mode = useTheme().palette.mode;
  const index = useMemo(() => createClusterIndex(points), [points]);
  const source = basemapSource(tiles);
  const legendKinds = useMemo(
    () => kinds ?? [...new Set(points.map((point) => point.kind))],
    [kinds, points],
  );
  // The first view only: later ones are the visitor's.
  const [opening] = useState(() =>
    center
      ? radiusMiles
        ? { bounds: radiusBounds(center, radiusMiles) }
        : { center, zoom: 9 }
      : { bounds: DEFAULT_BOUNDS },
  );
  return (
    <Stack spacing={1}>
      <Box
        role="region"
        aria-label={label}
        sx={(theme) => ({
          height: { xs: 420, md: 600 },
          borderRadius: 2,
          overflow: "hidden",
          border: 1,
          borderColor: "divider",
          "& .leaflet-container": {
            height: "100%",
            width: "100%",
            fontFamily: "inherit",
            // No tiles configured: our basemap's land lies on this water.
            background:
              source.kind === "builtin" ? BASEMAP_COLORS[theme.palette.mode].water : undefined,
          },
          "& .hostfield-map-note": {
            position: "absolute",
            zIndex: 1000,
            top: 8,
            left: 8,
            right: 8,
            p: 1,
            borderRadius: 1,
            bgcolor: "background.paper",
            color: "text.secondary",
            fontSize: 13,
          },
          "& .hostfield-city": {
            display: "flex",
            alignItems: "center",
            gap: "3px",
            width: "max-content",
            background: "none",
            border: 0,
            whiteSpace: "nowrap",
            fontSize: 11,
            lineHeight: "14px",
            color: BASEMAP_COLORS[theme.palette.mode].label,
            textShadow: `0 0 2px ${BASEMAP_COLORS[theme.palette.mode].halo}, 0 0 3px ${BASEMAP_COLORS[theme.palette.mode].halo}`,
          },
          "& .hostfield-city-big": { fontSize: 12, fontWeight: 700 },
          "& .hostfield-city-dot": {
            width: 6,
            height: 6,
            borderRadius: "50%",
            background: BASEMAP_COLORS[theme.palette.mode].label,
            flexShrink: 0,
          },
          "& .hostfield-marker": { background: "none", border: 0 },
          "& .hostfield-marker:focus-visible, & .hostfield-cluster:focus-visible": {
            outline: `3px solid ${theme.palette.primary.main}`,
            outlineOffset: 2,
            borderRadius: "50%",
          },
          "& .hostfield-cluster": {
            display: "grid",
            placeItems: "center",
            borderRadius: "50%",
            background: theme.palette.primary.main,
            color: theme.palette.primary.contrastText,
            border: "3px solid rgba(255,255,255,0.85)",
            boxShadow: "0 1px 4px rgba(0,0,0,0.35)",
            fontWeight: 700,
            fontSize: 13,
          },
          "& .leaflet-popup-content": { margin: "12px 14px" },
          "& .leaflet-popup-content-wrapper, & .leaflet-popup-tip": {
            background: theme.palette.background.paper,
            color: theme.palette.text.primary,
          },
        })}
      >
        <MapContainer {...opening} worldCopyJump>
          {source.kind === "pmtiles" ? (
            <PmtilesBasemap url={source.url} attribution={source.attribution} mode={mode} />
          ) : source.kind === "tiles" ? (
            <TileLayer url={source.url} attribution={source.attribution ?? undefined} />
          ) : (
            <Basemap colors={BASEMAP_COLORS[mode]} markers={index} />
          )}
          <FitToPoints points={points} center={center} />
          <ClusteredMarkers index={index} linkFor={linkFor} actionFor={actionFor} mobile={mobile} />
          {onViewChange ? <ViewReporter onChange={onViewChange} /> : null}
        </MapContainer>
      </Box>
      <MapLegend kinds={legendKinds} />
    </Stack>
  );
}
