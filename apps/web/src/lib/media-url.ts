// Image addresses at the size they are shown: stored images go through /media's resizer, which
// makes only the boxes of MEDIA_BOXES (at 1x and their dense size).
import { denseMediaBox, MEDIA_DEFAULTS } from "@hostfield/domain/reference";

export type TMediaSize = {
  width: number;
  height: number;
  /** `cover` crops to the box (cards, info windows); the server's default only scales down. */
  fit?: "cover" | "contain" | "scale-down" | "inside";
};

/**
 * `/media/{key}?w=&h=&fit=` for stored images; any other address (an absolute URL, a rooted
 * static file) is used as it is. Null when there is no image.
 */
export function mediaUrl(src: string | null | undefined, size: TMediaSize): string | null {
  if (!src) return null;
  if (!src.startsWith("/media/")) return src;
  const [path, search] = src.split("?");
  const params = new URLSearchParams({ w: String(size.width), h: String(size.height) });
  if (size.fit && size.fit !== MEDIA_DEFAULTS.fit) params.set("fit", size.fit);
  // A pending listing's files come with a grant that lets this browser load them.
  const grant = new URLSearchParams(search).get("grant");
  if (grant) params.set("grant", grant);
  return `${path}?${params.toString()}`;
}

/** `src` and a dense `srcSet` for sharp images on dense screens. */
export function mediaImage(
  src: string | null | undefined,
  size: TMediaSize & { fit: "cover" | "contain" },
): { src: string; srcSet?: string } | null {
  const one = mediaUrl(src, size);
  if (!one) return null;
  if (!src?.startsWith("/media/")) return { src: one };
  const dense = denseMediaBox({ w: size.width, h: size.height, fit: size.fit });
  const two = mediaUrl(src, { ...size, width: dense.w, height: dense.h });
  return { src: one, srcSet: `${one} 1x, ${two} 2x` };
}
