// `npx tsx apps/web/scripts/app-icons.ts`: draws the installed app's icons into
// apps/web/public/icons from the favicon's design in the brand's colours: "any" icons (192, 512;
// rounded like the favicon), maskable ones (192, 512; the field to the edges, the mark inside the
// central 80 % safe zone) and the apple-touch-icon (180, opaque). The files are committed.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { BRAND } from "../src/app/theme/brand";

const iconsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public/icons");

/** The favicon's mark (an H and a dot) on a 64-unit field, scaled by `inset` around the centre. */
function iconSvg(size: number, { rounded, inset }: { rounded: boolean; inset: number }): string {
  const scale = inset;
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${BRAND.primary}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M18 14h8v14h12V14h8v36h-8V36H26v14h-8z" fill="#fff"/>
    <circle cx="48" cy="48" r="6" fill="${BRAND.accent}"/>
  </g>
</svg>`;
}

const ICONS = [
  { file: "icon-192.png", size: 192, rounded: true, inset: 1 },
  { file: "icon-512.png", size: 512, rounded: true, inset: 1 },
  // The mark spans 14..54 of 64 units: at 0.8 it stays inside the maskable safe circle.
  { file: "maskable-192.png", size: 192, rounded: false, inset: 0.8 },
  { file: "maskable-512.png", size: 512, rounded: false, inset: 0.8 },
  { file: "apple-touch-icon.png", size: 180, rounded: false, inset: 0.85 },
];

fs.mkdirSync(iconsDir, { recursive: true });
for (const icon of ICONS) {
  await sharp(Buffer.from(iconSvg(icon.size, icon)))
    .png({ compressionLevel: 9 })
    .toFile(path.join(iconsDir, icon.file));
  console.log(`icons/${icon.file}`);
}
