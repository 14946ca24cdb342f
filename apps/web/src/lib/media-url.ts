// Image addresses at the size they are shown: stored images go through /media's resizer, which
// makes only the boxes of MEDIA_BOXES (at 1x and their dense size). The web names a box, never a
// size of its own, so it cannot ask for one /media refuses (a broken image).
import {
  denseMediaBox,
  MEDIA_BOXES,
  mediaDensity,
  type TMediaBox,
} from "@hostfield/domain/reference";

export type TMediaBoxName = keyof typeof MEDIA_BOXES;

function variantUrl(src: string, box: TMediaBox): string {
  const [path, search] = src.split("?");
  const params = new URLSearchParams({ w: String(box.w), h: String(box.h) });
  params.set("fit", box.fit);
  // A pending listing's files come with a grant that lets this browser load them.
  const grant = new URLSearchParams(search).get("grant");
  if (grant) params.set("grant", grant);
  return `${path}?${params.toString()}`;
}

/**
 * `/media/{key}?w=&h=&fit=` at the named box for stored images; any other address (an absolute
 * URL, a rooted static file) is used as it is. Null when there is no image.
 */
export function mediaUrl(src: string | null | undefined, box: TMediaBoxName): string | null {
  if (!src) return null;
  return src.startsWith("/media/") ? variantUrl(src, MEDIA_BOXES[box]) : src;
}

/** `src`, a dense `srcSet` for sharp images on dense screens, and the box's size in CSS pixels. */
export function mediaImage(
  src: string | null | undefined,
  box: TMediaBoxName,
): { src: string; srcSet?: string; width: number; height: number } | null {
  const one = mediaUrl(src, box);
  if (!one || !src) return null;
  const size = MEDIA_BOXES[box];
  if (!src.startsWith("/media/")) return { src: one, width: size.w, height: size.h };
  const factor = mediaDensity(size)
    .toFixed(2)
    .replace(/\.?0+$/, "");
  const dense = variantUrl(src, denseMediaBox(size));
  return { src: one, srcSet: `${one} 1x, ${dense} ${factor}x`, width: size.w, height: size.h };
}
