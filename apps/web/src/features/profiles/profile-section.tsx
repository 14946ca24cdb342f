// A listing page's section frame (the shared page section), and the sizes of its images from /media.
import { denseMediaBox, mediaDensity, type TMediaBox } from "@hostfield/domain/reference";

/** A listing page's section: the shared page section frame. */
export { PageSection as ProfileSection } from "../../ui/page-section";

/** Image addresses from `/media` take a size; other links are used as they are. */
export function mediaSrc(
  url: string,
  size: { w?: number; h?: number; fit?: "cover" | "contain" | "scale-down" },
): string {
  if (!url.startsWith("/media/")) return url;
  const params = new URLSearchParams();
  if (size.w) params.set("w", String(size.w));
  if (size.h) params.set("h", String(size.h));
  params.set("fit", size.fit ?? "cover");
  params.set("format", "auto");
  return `${url}${url.includes("?") ? "&" : "?"}${params.toString()}`;
}

/** `src` plus a dense `srcSet`, so the image is sharp on dense screens. */
export function mediaImageProps(url: string, size: TMediaBox) {
  const factor = mediaDensity(size);
  const dense = denseMediaBox(size);
  return {
    src: mediaSrc(url, size),
    srcSet: url.startsWith("/media/")
      ? `${mediaSrc(url, size)} 1x, ${mediaSrc(url, dense)} ${factor.toFixed(2).replace(/\.?0+$/, "")}x`
      : undefined,
    width: size.w,
    height: size.h,
  };
}
