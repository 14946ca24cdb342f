// The demo network's pictures, drawn here (SVG rendered by sharp), never downloaded: 30 header
// images in ten themes and 30 logos (a letter each, plus four emblems), shared by every profile.
import sharp from "sharp";
import type { TFileStore } from "../../platform/files/store";
import { createRandom, hashUuid, type TRandom } from "./random";

export const HEADER_THEMES = [
  "field",
  "court",
  "diamond",
  "pool",
  "ice",
  "track",
  "skyline",
  "mountains",
  "waterfront",
  "abstract",
] as const;
export type THeaderTheme = (typeof HEADER_THEMES)[number];

const HEADERS_PER_THEME = 3;
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const EMBLEMS = ["star", "ball", "peak", "wave"] as const;
// Bump to draw new files under new keys; old keys stay valid for profiles that point at them.
const VERSION = "v1";

export type TDemoImages = {
  /** One logo per letter, A to Z. */
  letterLogos: readonly string[];
  /** Logos without a letter. */
  emblemLogos: readonly string[];
  headers: Readonly<Record<THeaderTheme, readonly string[]>>;
};

type TImageSpec = { key: string; svg: () => string; format: "png" | "webp" };

const W = 1600;
const H = 600;
const LOGO = 512;

const PALETTES = [
  ["#0d47a1", "#1976d2", "#90caf9"],
  ["#1b5e20", "#43a047", "#c5e1a5"],
  ["#b71c1c", "#e53935", "#ffcdd2"],
  ["#4a148c", "#8e24aa", "#e1bee7"],
  ["#e65100", "#fb8c00", "#ffe0b2"],
  ["#004d40", "#00897b", "#b2dfdb"],
  ["#263238", "#546e7a", "#cfd8dc"],
  ["#880e4f", "#d81b60", "#f8bbd0"],
  ["#01579b", "#0288d1", "#b3e5fc"],
  ["#3e2723", "#795548", "#d7ccc8"],
] as const;

const gradient = (id: string, from: string, to: string, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">` +
  `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

const svgDocument = (width: number, height: number, defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;

const round = (n: number) => Math.round(n * 10) / 10;

function fieldHeader(r: TRandom, variant: number): string {
  const greens = [
    ["#2e7d32", "#1b5e20"],
    ["#388e3c", "#2e7d32"],
    ["#43a047", "#1b5e20"],
  ][variant]!;
  const stripes = Array.from({ length: 12 }, (_, i) =>
    i % 2
      ? `<rect x="${(i * W) / 12}" y="0" width="${W / 12}" height="${H}" fill="#fff" opacity="0.06"/>`
      : "",
  ).join("");
  const line = 'stroke="#fff" stroke-width="6" fill="none" opacity="0.85"';
  const lines =
    `<rect x="60" y="40" width="${W - 120}" height="${H - 80}" ${line}/>` +
    `<line x1="${W / 2}" y1="40" x2="${W / 2}" y2="${H - 40}" ${line}/>` +
    `<circle cx="${W / 2}" cy="${H / 2}" r="${90 + r.int(0, 20)}" ${line}/>` +
    `<rect x="60" y="${H / 2 - 150}" width="220" height="300" ${line}/>` +
    `<rect x="${W - 280}" y="${H / 2 - 150}" width="220" height="300" ${line}/>`;
  return svgDocument(
    W,
    H,
    gradient("g", greens[0]!, greens[1]!),
    `<rect width="${W}" height="${H}" fill="url(#g)"/>${stripes}${lines}`,
  );
}

function courtHeader(r: TRandom, variant: number): string {
  const woods = [
    ["#d7a86e", "#b07d48"],
    ["#e0b77f", "#c28f57"],
    ["#c99a5f", "#9c6b3a"],
  ][variant]!;
  const planks = Array.from({ length: 30 }, (_, i) => {
    const y = i * 20;
    return `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#000" stroke-opacity="0.06" stroke-width="2"/>`;
  }).join("");
  const accent = r.pick(["#1565c0", "#c62828", "#2e7d32", "#6a1b9a"]);
  const line = 'stroke="#fff" stroke-width="6" fill="none"';
  const body =
    `<rect width="${W}" height="${H}" fill="url(#g)"/>${planks}` +
    `<rect x="0" y="${H / 2 - 110}" width="260" height="220" fill="${accent}" opacity="0.75"/>` +
    `<rect x="${W - 260}" y="${H / 2 - 110}" width="260" height="220" fill="${accent}" opacity="0.75"/>` +
    `<circle cx="${W / 2}" cy="${H / 2}" r="100" fill="${accent}" opacity="0.75"/>` +
    `<line x1="${W / 2}" y1="0" x2="${W / 2}" y2="${H}" ${line}/>` +
    `<circle cx="${W / 2}" cy="${H / 2}" r="100" ${line}/>` +
    `<path d="M0 40 Q 620 ${H / 2} 0 ${H - 40}" ${line}/>` +
    `<path d="M${W} 40 Q ${W - 620} ${H / 2} ${W} ${H - 40}" ${line}/>`;
  return svgDocument(W, H, gradient("g", woods[0]!, woods[1]!), body);
}

function diamondHeader(r: TRandom, variant: number): string {
  const greens = [
    ["#558b2f", "#33691e"],
    ["#689f38", "#33691e"],
    ["#7cb342", "#558b2f"],
  ][variant]!;
  const cx = W / 2 + r.int(-100, 100);
  const base = H + 60;
  const size = 300;
  const diamond = `M${cx} ${base} L${cx + size} ${base - size} L${cx} ${base - 2 * size} L${cx - size} ${base - size} Z`;
  const bag = (x: number, y: number) =>
    `<rect x="${x - 14}" y="${y - 14}" width="28" height="28" fill="#fff" transform="rotate(45 ${x} ${y})"/>`;
  const body =
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    `<path d="M${cx} ${base} L${cx + 900} ${base - 900} M${cx} ${base} L${cx - 900} ${base - 900}" stroke="#fff" stroke-width="6"/>` +
    `<path d="${diamond}" fill="#a1887f" opacity="0.9"/>` +
    `<path d="M${cx} ${base - 70} L${cx + size - 70} ${base - size} L${cx} ${base - 2 * size + 70} L${cx - size + 70} ${base - size} Z" fill="${greens[0]}"/>` +
    `<circle cx="${cx}" cy="${base - size}" r="34" fill="#a1887f"/>` +
    bag(cx + size - 30, base - size) +
    bag(cx, base - 2 * size + 30) +
    bag(cx - size + 30, base - size);
  return svgDocument(W, H, gradient("g", greens[0]!, greens[1]!), body);
}

function poolHeader(r: TRandom, variant: number): string {
  const blues = [
    ["#4fc3f7", "#0277bd"],
    ["#81d4fa", "#0288d1"],
    ["#29b6f6", "#01579b"],
  ][variant]!;
  const lanes = Array.from({ length: 7 }, (_, i) => {
    const y = 75 + i * 75;
    const dots = Array.from(
      { length: 40 },
      (_, j) =>
        `<circle cx="${j * 40 + 20}" cy="${y}" r="9" fill="${j % 5 === 0 ? "#e53935" : "#fff"}"/>`,
    ).join("");
    return dots;
  }).join("");
  const waves = Array.from({ length: 6 }, (_, i) => {
    const y = 40 + i * 100 + r.int(0, 30);
    return `<path d="M0 ${y} Q 200 ${y - 20} 400 ${y} T 800 ${y} T 1200 ${y} T 1600 ${y}" stroke="#fff" stroke-opacity="0.25" stroke-width="4" fill="none"/>`;
  }).join("");
  return svgDocument(
    W,
    H,
    gradient("g", blues[0]!, blues[1]!),
    `<rect width="${W}" height="${H}" fill="url(#g)"/>${waves}${lanes}`,
  );
}

function iceHeader(r: TRandom, variant: number): string {
  const ice = [
    ["#ffffff", "#e3f2fd"],
    ["#f5fbff", "#d6ecfa"],
    ["#fafafa", "#e1f5fe"],
  ][variant]!;
  const circle = (x: number, y: number) =>
    `<circle cx="${x}" cy="${y}" r="90" stroke="#c62828" stroke-width="5" fill="none"/><circle cx="${x}" cy="${y}" r="8" fill="#c62828"/>`;
  const body =
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    `<rect x="30" y="30" width="${W - 60}" height="${H - 60}" rx="180" stroke="#90a4ae" stroke-width="8" fill="none"/>` +
    `<rect x="${W / 2 - 6}" y="30" width="12" height="${H - 60}" fill="#c62828"/>` +
    `<rect x="${W / 2 - 300}" y="30" width="16" height="${H - 60}" fill="#1565c0"/>` +
    `<rect x="${W / 2 + 284}" y="30" width="16" height="${H - 60}" fill="#1565c0"/>` +
    `<circle cx="${W / 2}" cy="${H / 2}" r="90" stroke="#1565c0" stroke-width="5" fill="none"/>` +
    circle(260, 170) +
    circle(260, H - 170) +
    circle(W - 260, 170) +
    circle(W - 260, H - 170) +
    Array.from(
      { length: 25 },
      () =>
        `<path d="M${r.int(0, W)} ${r.int(0, H)} l${r.int(-80, 80)} ${r.int(-20, 20)}" stroke="#b0bec5" stroke-opacity="0.5" stroke-width="2"/>`,
    ).join("");
  return svgDocument(W, H, gradient("g", ice[0]!, ice[1]!), body);
}

function trackHeader(_r: TRandom, variant: number): string {
  const reds = [
    ["#d84315", "#bf360c"],
    ["#c62828", "#8e0000"],
    ["#1565c0", "#0d47a1"],
  ][variant]!;
  const lanes = Array.from({ length: 8 }, (_, i) => {
    const rx = 520 + i * 50;
    const ry = 180 + i * 50;
    return `<ellipse cx="${W / 2}" cy="${H + 40}" rx="${rx}" ry="${ry}" stroke="#fff" stroke-width="4" fill="none"/>`;
  }).join("");
  const numbers = Array.from(
    { length: 8 },
    (_, i) =>
      `<text x="${W / 2 - 545 - i * 50}" y="${H - 20}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="26" font-weight="bold" fill="#fff">${i + 1}</text>`,
  ).join("");
  const infield = `<ellipse cx="${W / 2}" cy="${H + 40}" rx="500" ry="160" fill="#43a047"/>`;
  return svgDocument(
    W,
    H,
    gradient("g", reds[0]!, reds[1]!),
    `<rect width="${W}" height="${H}" fill="url(#g)"/>${infield}${lanes}${numbers}`,
  );
}

function skylineLayer(r: TRandom, baseY: number, color: string, opacity: number, windows: boolean) {
  let x = -20;
  let out = "";
  while (x < W) {
    const width = r.int(50, 130);
    const height = r.int(80, 330);
    out += `<rect x="${x}" y="${baseY - height}" width="${width}" height="${height + 200}" fill="${color}" opacity="${opacity}"/>`;
    if (windows) {
      for (let wy = baseY - height + 16; wy < baseY - 10; wy += 28) {
        for (let wx = x + 10; wx < x + width - 14; wx += 22) {
          if (r.chance(0.45))
            out += `<rect x="${wx}" y="${wy}" width="10" height="14" fill="#ffe082" opacity="0.8"/>`;
        }
      }
    }
    x += width + r.int(2, 14);
  }
  return out;
}

function skylineHeader(r: TRandom, variant: number): string {
  const skies = [
    ["#ff8a65", "#5e35b1"],
    ["#4fc3f7", "#1a237e"],
    ["#ffd54f", "#e64a19"],
  ][variant]!;
  const body =
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    `<circle cx="${r.int(200, 1400)}" cy="${r.int(90, 200)}" r="70" fill="#fff" opacity="0.5"/>` +
    skylineLayer(r, H - 60, "#37474f", 0.55, false) +
    skylineLayer(r, H, "#263238", 1, true);
  return svgDocument(W, H, gradient("g", skies[0]!, skies[1]!), body);
}

function ridge(r: TRandom, baseY: number, amplitude: number, color: string) {
  let d = `M0 ${H} L0 ${baseY}`;
  for (let x = 0; x <= W; x += 100) {
    d += ` L${x} ${round(baseY - r.next() * amplitude)}`;
  }
  return `<path d="${d} L${W} ${H} Z" fill="${color}"/>`;
}

function mountainsHeader(r: TRandom, variant: number): string {
  const skies = [
    ["#b3e5fc", "#e1f5fe"],
    ["#ffccbc", "#fff3e0"],
    ["#c5cae9", "#e8eaf6"],
  ][variant]!;
  const body =
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    ridge(r, 300, 220, "#90a4ae") +
    ridge(r, 420, 160, "#607d8b") +
    ridge(r, 520, 90, "#2e7d32");
  return svgDocument(W, H, gradient("g", skies[0]!, skies[1]!), body);
}

function waterfrontHeader(r: TRandom, variant: number): string {
  const skies = [
    ["#80deea", "#006064"],
    ["#f48fb1", "#4a148c"],
    ["#ffe082", "#ef6c00"],
  ][variant]!;
  const reflections = Array.from({ length: 14 }, (_, i) => {
    const y = 420 + i * 13;
    const x = r.int(0, W - 300);
    return `<rect x="${x}" y="${y}" width="${r.int(80, 300)}" height="4" fill="#fff" opacity="0.25"/>`;
  }).join("");
  const body =
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    skylineLayer(r, 410, "#263238", 0.9, true) +
    `<rect x="0" y="410" width="${W}" height="${H - 410}" fill="#01579b" opacity="0.85"/>${reflections}`;
  return svgDocument(W, H, gradient("g", skies[0]!, skies[1]!), body);
}

function abstractHeader(r: TRandom, variant: number): string {
  const palette = PALETTES[(variant * 3 + 1) % PALETTES.length]!;
  const shapes = Array.from({ length: 9 }, () => {
    const color = r.pick(palette);
    if (r.chance(0.5)) {
      return `<circle cx="${r.int(0, W)}" cy="${r.int(0, H)}" r="${r.int(60, 260)}" fill="${color}" opacity="${round(0.15 + r.next() * 0.35)}"/>`;
    }
    const x = r.int(-200, W);
    return `<path d="M${x} ${H} L${x + r.int(200, 500)} 0 L${x + r.int(500, 800)} 0 L${x + r.int(300, 600)} ${H} Z" fill="${color}" opacity="${round(0.12 + r.next() * 0.3)}"/>`;
  }).join("");
  return svgDocument(
    W,
    H,
    gradient("g", palette[0], palette[1], false),
    `<rect width="${W}" height="${H}" fill="url(#g)"/>${shapes}`,
  );
}

const HEADER_DRAWERS: Record<THeaderTheme, (r: TRandom, variant: number) => string> = {
  field: fieldHeader,
  court: courtHeader,
  diamond: diamondHeader,
  pool: poolHeader,
  ice: iceHeader,
  track: trackHeader,
  skyline: skylineHeader,
  mountains: mountainsHeader,
  waterfront: waterfrontHeader,
  abstract: abstractHeader,
};

function logoFrame(shape: number, fill: string): string {
  const c = LOGO / 2;
  switch (shape % 4) {
    case 0:
      return `<circle cx="${c}" cy="${c}" r="${c - 8}" fill="${fill}"/><circle cx="${c}" cy="${c}" r="${c - 36}" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="8"/>`;
    case 1:
      return `<rect x="8" y="8" width="${LOGO - 16}" height="${LOGO - 16}" rx="96" fill="${fill}"/>`;
    case 2:
      return `<path d="M${c} 12 L${LOGO - 40} 80 L${LOGO - 56} 330 Q ${c} 470 ${c} 500 Q ${c} 470 56 330 L40 80 Z" fill="${fill}"/>`;
    default: {
      const points = Array.from({ length: 6 }, (_, i) => {
        const angle = (Math.PI / 3) * i - Math.PI / 2;
        return `${round(c + (c - 10) * Math.cos(angle))},${round(c + (c - 10) * Math.sin(angle))}`;
      }).join(" ");
      return `<polygon points="${points}" fill="${fill}"/>`;
    }
  }
}

function letterLogo(index: number): string {
  const palette = PALETTES[index % PALETTES.length]!;
  const letter = LETTERS[index]!;
  const body =
    logoFrame(index, "url(#g)") +
    `<text x="${LOGO / 2}" y="${LOGO / 2 + 8}" text-anchor="middle" dominant-baseline="central" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="270" fill="#fff">${letter}</text>`;
  return svgDocument(LOGO, LOGO, gradient("g", palette[1], palette[0]), body);
}

function emblemLogo(index: number): string {
  const palette = PALETTES[(index * 3 + 2) % PALETTES.length]!;
  const c = LOGO / 2;
  const mark = {
    star: `<polygon points="${Array.from({ length: 10 }, (_, i) => {
      const radius = i % 2 ? 70 : 170;
      const angle = (Math.PI / 5) * i - Math.PI / 2;
      return `${round(c + radius * Math.cos(angle))},${round(c + radius * Math.sin(angle))}`;
    }).join(" ")}" fill="#fff"/>`,
    ball: `<circle cx="${c}" cy="${c}" r="150" fill="none" stroke="#fff" stroke-width="18"/><path d="M${c - 150} ${c} Q ${c} ${c - 90} ${c + 150} ${c} M${c - 150} ${c} Q ${c} ${c + 90} ${c + 150} ${c} M${c} ${c - 150} L${c} ${c + 150}" fill="none" stroke="#fff" stroke-width="14"/>`,
    peak: `<path d="M${c - 180} ${c + 110} L${c - 40} ${c - 120} L${c + 30} ${c - 10} L${c + 80} ${c - 70} L${c + 190} ${c + 110} Z" fill="#fff"/>`,
    wave: `<path d="M${c - 180} ${c} Q ${c - 90} ${c - 110} ${c} ${c} T ${c + 180} ${c}" fill="none" stroke="#fff" stroke-width="26" stroke-linecap="round"/><path d="M${c - 180} ${c + 80} Q ${c - 90} ${c - 30} ${c} ${c + 80} T ${c + 180} ${c + 80}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="20" stroke-linecap="round"/>`,
  }[EMBLEMS[index]!];
  return svgDocument(
    LOGO,
    LOGO,
    gradient("g", palette[1], palette[0]),
    logoFrame(index, "url(#g)") + mark,
  );
}

function specs(): TImageSpec[] {
  const list: TImageSpec[] = [];
  for (const theme of HEADER_THEMES) {
    for (let variant = 0; variant < HEADERS_PER_THEME; variant++) {
      list.push({
        key: `demo/headers/${hashUuid(`hostfield-demo-header-${VERSION}-${theme}-${variant}`)}.webp`,
        svg: () => HEADER_DRAWERS[theme](createRandom(`header/${theme}/${variant}`), variant),
        format: "webp",
      });
    }
  }
  for (let i = 0; i < LETTERS.length; i++) {
    list.push({
      key: `demo/logos/${hashUuid(`hostfield-demo-logo-${VERSION}-${LETTERS[i]}`)}.png`,
      svg: () => letterLogo(i),
      format: "png",
    });
  }
  EMBLEMS.forEach((emblem, i) => {
    list.push({
      key: `demo/logos/${hashUuid(`hostfield-demo-emblem-${VERSION}-${emblem}`)}.png`,
      svg: () => emblemLogo(i),
      format: "png",
    });
  });
  return list;
}

/** The keys of every demo image: fixed, so many profiles and every seed share the same files. */
export function demoImageKeys(): TDemoImages {
  const all = specs().map((s) => s.key);
  const headers = Object.fromEntries(
    HEADER_THEMES.map((theme, i) => [
      theme,
      all.slice(i * HEADERS_PER_THEME, (i + 1) * HEADERS_PER_THEME),
    ]),
  ) as Record<THeaderTheme, string[]>;
  const logosStart = HEADER_THEMES.length * HEADERS_PER_THEME;
  return {
    headers,
    letterLogos: all.slice(logosStart, logosStart + LETTERS.length),
    emblemLogos: all.slice(logosStart + LETTERS.length),
  };
}

export async function renderImage(svg: string, format: "png" | "webp"): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  return format === "png"
    ? image.png({ compressionLevel: 6 }).toBuffer()
    : // effort 2 is about half the encoding time of the default 4 for a few percent more bytes.
      image.webp({ quality: 82, effort: 2 }).toBuffer();
}

/** Draws the images the store does not have yet; returns how many it wrote. */
export async function ensureDemoImages(files: TFileStore): Promise<number> {
  let written = 0;
  const pending = specs();
  // sharp works on libuv's pool; two at a time keeps both cores busy without a burst of memory.
  const worker = async () => {
    for (let spec = pending.shift(); spec; spec = pending.shift()) {
      if (await files.exists(spec.key)) continue;
      await files.put(spec.key, await renderImage(spec.svg(), spec.format));
      written++;
    }
  };
  await Promise.all([worker(), worker()]);
  return written;
}
