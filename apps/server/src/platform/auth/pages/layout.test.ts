import { describe, expect, it } from "vitest";
import { html } from "./escape";
import { renderPage } from "./layout";
import { AUTH_PAGE_CSS } from "./styles";
import { documentTitle, links, tags } from "./test-helpers";

const page = renderPage({ title: "Log in", body: html`<h1>Log in to Hostfield</h1>` });

describe("renderPage", () => {
  it("is a complete HTML5 document with the body inside the card", () => {
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page).toMatch(/<main class="card">\s*<h1>Log in to Hostfield<\/h1>\s*<\/main>/);
    expect(page.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("titles the tab '{title} | Hostfield'", () => {
    expect(documentTitle(page)).toBe("Log in | Hostfield");
  });

  it("escapes the title and does not read '$&' in it as a replacement pattern", () => {
    const odd = renderPage({ title: "<b>$& $1</b>", body: html`` });
    expect(documentTitle(odd)).toBe("&lt;b&gt;$&amp; $1&lt;/b&gt; | Hostfield");
  });

  it("sets the language, defaulting to English", () => {
    expect(renderPage({ title: "x", body: html``, lang: "es" })).toContain('<html lang="es">');
  });

  it("declares viewport and both colour schemes", () => {
    const metas = tags(page, "meta").map((meta) => meta.attrs);
    expect(metas).toContainEqual({
      name: "viewport",
      content: "width=device-width, initial-scale=1",
    });
    expect(metas).toContainEqual({ name: "color-scheme", content: "light dark" });
  });

  it("has exactly one inline style block and no script, stylesheet link or image", () => {
    expect(page.match(/<style>/g)).toHaveLength(1);
    expect(page).not.toMatch(/<script/i);
    expect(tags(page, "link").map((link) => link.attrs.rel)).toEqual(["icon"]);
    expect(tags(page, "img")).toEqual([]);
  });

  it("shows the logo as inline SVG and the word Hostfield, linking home", () => {
    const logo = links(page)[0]!;
    expect(logo.attrs.href).toBe("/");
    expect(logo.label).toBe("Hostfield");
    expect(page).toMatch(/<a class="brand" href="\/"><svg [^>]*aria-hidden="true"/);
  });

  it("uses the favicon as a data: URL, so the page makes no request of its own", () => {
    const icon = tags(page, "link")[0]!;
    expect(icon.attrs.href).toMatch(/^data:image\/svg\+xml,/);
  });
});

describe("the style sheet", () => {
  it("loads only its typeface, from this server: no @import, every url() a path of ours", () => {
    expect(AUTH_PAGE_CSS).not.toMatch(/@import/i);
    const urls = [...AUTH_PAGE_CSS.matchAll(/url\(\s*["']?([^"')]*)/gi)].map((m) => m[1]);
    expect(urls).toHaveLength(4);
    for (const url of urls)
      expect(url).toMatch(/^\/pages\/fonts\/plus-jakarta-sans-[\w-]+\.woff2$/);
  });

  it("uses Plus Jakarta Sans with system fallbacks", () => {
    expect(AUTH_PAGE_CSS).toContain(
      '"Plus Jakarta Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    );
  });

  it("switches palette for dark mode and keeps visible focus rings", () => {
    expect(AUTH_PAGE_CSS).toContain("@media (prefers-color-scheme: dark)");
    expect(AUTH_PAGE_CSS).toMatch(/:focus-visible \{\s*outline: 3px solid/);
  });

  it("makes buttons and inputs at least 44 px tall", () => {
    for (const selector of [".button", ".input"]) {
      const rule = new RegExp(`\\n\\${selector} \\{[^}]*min-height: (\\d+)px`).exec(AUTH_PAGE_CSS);
      expect(Number(rule?.[1]), selector).toBeGreaterThanOrEqual(44);
    }
  });
});
