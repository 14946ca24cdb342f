// `npx tsx apps/web/scripts/entry-images.ts`: draws the marketplace entry pictures (state headers
// and icons, sport category headers) into apps/web/public, from the domain's lists. Abstract
// stadium-light gradients, deterministic per name: nothing is downloaded, and the files are
// committed so the app ships them.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LANDING_STATES, MARKETPLACE_CATEGORIES } from "@hostfield/domain/reference";
import sharp from "sharp";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public");

function palette(name: string): [string, string, string] {
  const hash = createHash("sha256").update(name).digest();
  const hue = hash[0]! * 1.4;
  const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h % 360)}, ${s}%, ${l}%)`;
  return [hsl(hue, 70, 28), hsl(hue + 40, 75, 45), hsl(hue + 200, 80, 70)];
}

function svg(name: string, width: number, height: number): string {
  const [dark, mid, light] = palette(name);
  const hash = createHash("sha256").update(`${name}:lines`).digest();
  // A few field lines and floodlight glows, placed by the name's hash.
  const lines = Array.from({ length: 5 }, (_, i) => {
    const x = (hash[i]! / 255) * width;
    return `<line x1="${x}" y1="0" x2="${x + width * 0.2}" y2="${height}" stroke="white" stroke-opacity="0.12" stroke-width="${2 + (hash[i + 5]! % 6)}"/>`;
  }).join("");
  const glows = Array.from({ length: 3 }, (_, i) => {
    const cx = (hash[i + 10]! / 255) * width;
    const cy = (hash[i + 13]! / 255) * height * 0.6;
    return `<circle cx="${cx}" cy="${cy}" r="${height * 0.35}" fill="url(#glow)"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/>
    </linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${light}" stop-opacity="0.55"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>${glows}${lines}
</svg>`;
}

async function draw(file: string, name: string, width: number, height: number) {
  const target = path.join(publicDir, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const image = sharp(Buffer.from(svg(name, width, height)));
  await (file.endsWith(".png") ? image.png() : image.jpeg({ quality: 78, mozjpeg: true })).toFile(
    target,
  );
}

for (const state of LANDING_STATES) {
  await draw(state.headerImage, state.name, 960, 400);
  await draw(state.iconImage, state.name, 96, 96);
}
for (const category of MARKETPLACE_CATEGORIES) {
  await draw(category.headerImage, category.name, 960, 400);
}
console.log(
  `drew ${LANDING_STATES.length * 2 + MARKETPLACE_CATEGORIES.length} pictures into ${publicDir}`,
);
