// The image sizes the web shows and the only ones /media makes: each box at 1x and at its dense
// size (2x, or less where a side would pass MEDIA_MAX_SIDE), at the default quality, in the format
// the browser accepts. A handful of variants per image, whatever anyone asks for.
import { MEDIA_DEFAULTS } from "./constants";

export type TMediaFit = "cover" | "contain";
export type TMediaBox = { readonly w: number; readonly h: number; readonly fit: TMediaFit };

/** The longest side /media makes. */
export const MEDIA_MAX_SIDE = 2048;

/** Where the web shows stored images, and at what size (CSS pixels). */
export const MEDIA_BOXES = {
  /** A marketplace card's picture. */
  card: { w: 384, h: 216, fit: "cover" },
  /** A logo on a card or a listing's header. */
  logo: { w: 112, h: 112, fit: "contain" },
  /** The map's info window, on wide screens and on phones. */
  infoWindow: { w: 384, h: 90, fit: "cover" },
  infoWindowMobile: { w: 384, h: 60, fit: "cover" },
  /** A tile of a listing's media section. */
  tile: { w: 480, h: 360, fit: "cover" },
  /** A listing's header picture. */
  header: { w: 1200, h: 300, fit: "cover" },
} as const satisfies Record<string, TMediaBox>;

/** How much denser than the box its sharp copy is: 2, or less when a side would pass the max. */
export const mediaDensity = (box: TMediaBox): number =>
  Math.min(2, MEDIA_MAX_SIDE / box.w, MEDIA_MAX_SIDE / box.h);

/** The box for dense screens (`srcSet`'s second entry). */
export function denseMediaBox(box: TMediaBox): TMediaBox {
  const density = mediaDensity(box);
  return { w: Math.round(box.w * density), h: Math.round(box.h * density), fit: box.fit };
}

/** Every size /media makes. */
export const MEDIA_VARIANTS: readonly TMediaBox[] = Object.values(MEDIA_BOXES).flatMap((box) => [
  box,
  denseMediaBox(box),
]);

/**
 * Whether /media makes this variant: no size at all (the stored file as it is), or one of
 * MEDIA_VARIANTS at the default quality.
 */
export function isMediaVariant(asked: {
  w?: number | undefined;
  h?: number | undefined;
  fit?: string | undefined;
  q?: number | undefined;
}): boolean {
  if (asked.q !== undefined && asked.q !== MEDIA_DEFAULTS.quality) return false;
  if (asked.w === undefined && asked.h === undefined) return asked.fit === undefined;
  return MEDIA_VARIANTS.some(
    (box) => box.w === asked.w && box.h === asked.h && box.fit === asked.fit,
  );
}
