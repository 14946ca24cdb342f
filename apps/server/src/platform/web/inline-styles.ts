// The web app's stylesheet, written into the page instead of linked from it. Vite emits one small
// stylesheet (the fonts' @font-face rules, a couple of kB); linked, it blocks the page's first
// paint for a round trip of its own, which on a phone's network costs more than its bytes do.
import fs from "node:fs";
import path from "node:path";

/** The tag Vite writes for a stylesheet of the build (`crossorigin` or not). */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g;

/**
 * `html` with each of the build's stylesheet links replaced by a style element holding the file.
 * `read` gives a file's text by its path in the build (null: not there, the link stays). The
 * server's Content-Security-Policy allows inline styles already (style-src 'unsafe-inline': MUI's
 * emotion inserts style elements as it renders).
 */
export function inlineStylesheets(html: string, read: (href: string) => string | null): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = read(href);
    // A style element ends at the first "</style": such a file stays linked.
    if (css === null || /<\/style/i.test(css)) return link;
    return `<style>${css}</style>`;
  });
}

/**
 * Reads the build's stylesheets from `webDistDir`, each once: their names carry a hash of their
 * content, so a rebuilt one has a new name.
 */
export function stylesheetReader(webDistDir: string): (href: string) => string | null {
  const cache = new Map<string, string | null>();
  return (href) => {
    if (!cache.has(href)) {
      const file = path.join(webDistDir, href);
      const inside = file.startsWith(webDistDir + path.sep);
      cache.set(href, inside && fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : null);
    }
    return cache.get(href) ?? null;
  };
}
