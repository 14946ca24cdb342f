// The sign-in pages' typeface: Plus Jakarta Sans, as the web app has it, served by this server from
// the @fontsource package (nothing from a CDN; the pages' CSP allows fonts from 'self' only). Latin,
// in the weights the pages' styles use.
import { createRequire } from "node:module";
import path from "node:path";

export const PAGE_FONT_PATH = "/pages/fonts";
const WEIGHTS = [400, 600, 700, 800] as const;
const fileOf = (weight: number) => `plus-jakarta-sans-latin-${weight}-normal.woff2`;
const FILES = new Set(WEIGHTS.map(fileOf));

/** The @font-face rules the pages' style sheet starts with. */
export const PAGE_FONT_CSS = WEIGHTS.map(
  (weight) =>
    `@font-face { font-family: "Plus Jakarta Sans"; font-style: normal; font-weight: ${weight}; font-display: swap; src: url("${PAGE_FONT_PATH}/${fileOf(weight)}") format("woff2"); }`,
).join("\n");

let folder: string | undefined;

/** Where a font file the pages ask for lies on disk, or null for any other name. */
export function pageFontFile(name: string): string | null {
  if (!FILES.has(name)) return null;
  folder ??= path.join(
    path.dirname(
      createRequire(import.meta.url).resolve("@fontsource/plus-jakarta-sans/package.json"),
    ),
    "files",
  );
  return path.join(folder, name);
}
