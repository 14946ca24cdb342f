// A Vite build step for the installable app: writes manifest.webmanifest (name, colours, icons),
// adds its link, the theme colour and the apple-touch-icon to index.html, and writes sw.js from
// src/app/service-worker/sw.js with the list of files to fetch ahead: the offline page, the
// manifest, the icons and the app shell of this build (the entry chunk, the chunks it imports
// statically, their CSS, and the woff2 fonts), found in the bundle as Vite's manifest lists them.
// The page has just loaded those very files, so the worker's install takes them from the HTTP
// cache. Lazy chunks (the pages), the map's data files and images are kept as they are first
// used: fetching all 2.4 MB ahead would queue on the same connections as the page's own next
// chunks (a marketplace's map took seconds longer to appear on a first visit).
// The build's id is a hash of that list, so a new build is a new worker and a new cache.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin, Rollup } from "vite";
import { BRAND } from "../src/app/theme/brand";

const here = path.dirname(fileURLToPath(import.meta.url));
const WORKER_SOURCE = path.join(here, "../src/app/service-worker/sw.js");

export const MANIFEST_PATH = "/manifest.webmanifest";

const ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
  { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
];

/** The files of the shell kept besides the hashed assets. */
const SHELL_FILES = ["/offline.html", MANIFEST_PATH, "/favicon.svg", ...ICONS.map((i) => i.src)];

export function webManifest() {
  return {
    name: BRAND.name,
    short_name: BRAND.name,
    description:
      "The marketplace for sports tourism: destinations, venues and hotels for your sports event.",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: BRAND.primary,
    background_color: BRAND.background,
    icons: ICONS,
  };
}

/** The entry chunk, every chunk it imports statically, their CSS, and the woff2 fonts. */
function shellOf(bundle: Rollup.OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || files.has(fileName)) return;
    files.add(fileName);
    if (chunk.type !== "chunk") return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const item of Object.values(bundle))
    if (item.type === "chunk" && item.isEntry) visit(item.fileName);
  for (const fileName of Object.keys(bundle))
    if (fileName.startsWith("assets/") && fileName.endsWith(".woff2")) files.add(fileName);
  return [...files].sort().map((fileName) => `/${fileName}`);
}

export function pwa(): Plugin {
  return {
    name: "hostfield-pwa",
    transformIndexHtml: () => [
      { tag: "link", attrs: { rel: "manifest", href: MANIFEST_PATH }, injectTo: "head" },
      { tag: "meta", attrs: { name: "theme-color", content: BRAND.primary }, injectTo: "head" },
      {
        tag: "link",
        attrs: { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
        injectTo: "head",
      },
    ],
    // The dev server answers the manifest too (no worker there: it registers in builds only).
    configureServer(server) {
      server.middlewares.use(MANIFEST_PATH, (_request, response) => {
        response.setHeader("content-type", "application/manifest+json");
        response.end(JSON.stringify(webManifest()));
      });
    },
    generateBundle(_options, bundle) {
      const precache = [...SHELL_FILES, ...shellOf(bundle)];
      // Every hashed file's name, so that any change of the build is a new worker and cache.
      const build = createHash("sha256")
        .update(Object.keys(bundle).sort().join("\n"))
        .digest("hex")
        .slice(0, 12);
      this.emitFile({
        type: "asset",
        fileName: MANIFEST_PATH.slice(1),
        source: `${JSON.stringify(webManifest(), null, 2)}\n`,
      });
      const worker = fs
        .readFileSync(WORKER_SOURCE, "utf8")
        .replace('"__HOSTFIELD_BUILD__"', JSON.stringify(build))
        .replace('["__HOSTFIELD_PRECACHE__"]', JSON.stringify(precache));
      this.emitFile({ type: "asset", fileName: "sw.js", source: worker });
    },
  };
}
