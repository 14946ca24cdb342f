// Marker icons of spec §3: a pin (red, scale 0.055) by default, a circle (grey, 0.04) and a star
// (yellow, 0.05); each kind wears its own shape and colour, and a sponsored listing the star. The scales are of a 512-unit icon drawing, as the original map symbols were, so
// a pin is 28 px tall, a circle 20 px and a star 26 px. We draw our own SVGs (no image requests).
import { KINDS, PROFILE_KINDS, type TProfileKind } from "@hostfield/domain/kinds";
import { MAP_MARKERS, type TMapMarkerKind, type TMarkerColor } from "@hostfield/domain/reference";
import type { TMapItem, TScreenBox } from "./cluster-index";

export type TMarkerShape = TMapMarkerKind;

/** The size of the drawing the scales apply to. */
export const MARKER_UNITS = 512;

/** Which marker each kind wears: its definition says (packages/domain/src/kinds). */
export const KIND_MARKERS = Object.fromEntries(
  PROFILE_KINDS.map((kind) => [kind, KINDS[kind].marker]),
) as Record<TProfileKind, { shape: TMarkerShape; color: TMarkerColor }>;

/** The colour names, as fills that read on the basemap, light or dark, and on tiles alike. */
export const MARKER_FILLS: Record<TMarkerColor, string> = {
  red: "#d32f2f",
  grey: "#757575",
  yellow: "#fbc02d",
  purple: "#8e24aa",
  blue: "#1e88e5",
  orange: "#ef6c00",
  green: "#2e7d32",
  brown: "#795548",
};

export type TMarkerStyle = {
  shape: TMarkerShape;
  /** The colour name (or any CSS colour) as given. */
  color: string;
  fill: string;
  scale: number;
  /** Rendered size in CSS pixels (width and height of the square icon box). */
  size: number;
  /** The point of the icon that sits on the location: a pin's tip, a circle's or star's centre. */
  anchor: [number, number];
};

export type TMarkerOverride = { shape?: TMarkerShape; color?: string; scale?: number };

/**
 * The marker of a kind: its own shape and colour, or the star when the listing is sponsored (its
 * boost placed it at the head of the best match); a profile's own shape, colour or scale where it
 * has one.
 */
export function markerStyle(
  kind: TProfileKind,
  override: TMarkerOverride = {},
  sponsored = false,
): TMarkerStyle {
  const own = sponsored ? { shape: "star" as const, color: undefined } : KIND_MARKERS[kind];
  const shape = override.shape ?? own?.shape ?? "pin";
  const defaults = MAP_MARKERS[shape];
  // A profile's own shape comes in that shape's colour, unless it names one too.
  const color = override.color ?? (override.shape ? undefined : own?.color) ?? defaults.color;
  const scale = override.scale ?? defaults.scale;
  const size = Math.round(MARKER_UNITS * scale);
  return {
    shape,
    color,
    fill: MARKER_FILLS[color as TMarkerColor] ?? color,
    scale,
    size,
    anchor:
      shape === "pin" ? [Math.round(size / 2), size] : [Math.round(size / 2), Math.round(size / 2)],
  };
}

function starPoints(): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? 240 : 100;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(
      `${Math.round(256 + radius * Math.cos(angle))},${Math.round(266 + radius * Math.sin(angle))}`,
    );
  }
  return points.join(" ");
}
const STAR = starPoints();

/** The icon as SVG markup (for a Leaflet divIcon), sized by the style. */
export function markerSvg(style: TMarkerStyle): string {
  const open = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MARKER_UNITS} ${MARKER_UNITS}" width="${style.size}" height="${style.size}" aria-hidden="true" focusable="false">`;
  const outline = `stroke="rgba(0,0,0,0.55)" stroke-width="28" stroke-linejoin="round"`;
  switch (style.shape) {
    case "pin":
      return `${open}<path d="M256 16C164 16 92 88 92 180c0 124 164 316 164 316s164-192 164-316C420 88 348 16 256 16z" fill="${style.fill}" ${outline}/><circle cx="256" cy="180" r="64" fill="#fff"/></svg>`;
    case "circle":
      return `${open}<circle cx="256" cy="256" r="220" fill="${style.fill}" ${outline}/></svg>`;
    case "star":
      return `${open}<polygon points="${STAR}" fill="${style.fill}" ${outline}/></svg>`;
  }
}

/** Cluster bubbles grow with the number of points they hold. */
export function clusterSize(count: number): number {
  if (count < 10) return 30;
  if (count < 100) return 36;
  if (count < 1000) return 44;
  return 52;
}

/** "1.2K" style count inside a cluster bubble. */
export function clusterLabel(count: number): string {
  if (count < 1000) return String(count);
  const thousands = count / 1000;
  return `${thousands < 10 ? Math.floor(thousands * 10) / 10 : Math.floor(thousands)}K`;
}

/**
 * The box a marker's icon covers on screen when its point is at `at` (pixels): a pin stands on its
 * point, a dot or a cluster's bubble is centred on it.
 */
export function markerBox(item: TMapItem, at: { x: number; y: number }): TScreenBox {
  if (item.type === "cluster") {
    const half = clusterSize(item.count) / 2;
    return { left: at.x - half, top: at.y - half, right: at.x + half, bottom: at.y + half };
  }
  const { size, anchor } = markerStyle(item.point.kind, {}, item.point.sponsored);
  const left = at.x - anchor[0];
  const top = at.y - anchor[1];
  return { left, top, right: left + size, bottom: top + size };
}
