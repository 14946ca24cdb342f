// The web app's stylesheet is written into the pages the server sends (src/platform/web/
// inline-styles.ts): the first paint waits for no stylesheet of its own.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineStylesheets } from "../src/platform/web/inline-styles";
import { buildTestApp, type TTestApp } from "./helper";

const CSS = '@font-face{font-family:Sans;src:url(/assets/sans-1.woff2)format("woff2")}';
/** As Vite writes it: the entry module and the stylesheet linked from the head. */
const INDEX =
  '<!doctype html><head><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body>';

let t: TTestApp;
let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-inline-styles-"));
  await fs.mkdir(path.join(root, "dist", "assets"), { recursive: true });
  await fs.writeFile(path.join(root, "dist", "index.html"), INDEX);
  await fs.writeFile(path.join(root, "dist", "assets", "index-1.css"), `${CSS}\n`);
  t = await buildTestApp({ env: { WEB_DIST_DIR: path.join(root, "dist") } });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe("the web app's stylesheet", () => {
  it("is in the page, not linked from it, and the page's policy lets it apply", async () => {
    const res = await t.app.inject({ url: "/facilities/marketplace" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<style>${CSS}</style>`);
    expect(res.body).not.toContain('rel="stylesheet"');
    const styleSrc = String(res.headers["content-security-policy"])
      .split(";")
      .find((directive) => directive.startsWith("style-src"));
    expect(styleSrc?.split(" ")).toContain("'unsafe-inline'");
    // The file itself is still served, for anything that links it.
    const file = await t.app.inject({ url: "/assets/index-1.css" });
    expect(file.statusCode).toBe(200);
  });

  it("stays linked when it is not in the build, or would close its style element", () => {
    const link = '<link rel="stylesheet" href="/assets/a.css">';
    expect(inlineStylesheets(link, () => null)).toBe(link);
    expect(inlineStylesheets(link, () => "a{content:'</style>'}")).toBe(link);
    expect(inlineStylesheets(link, () => "a{}")).toBe("<style>a{}</style>");
  });
});
