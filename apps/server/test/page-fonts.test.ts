// The sign-in pages' typeface comes from this server: every font file their style sheet names is
// served as WOFF2 (nothing from a CDN, which their CSP would refuse anyway), and nothing else is.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderError } from "../src/platform/auth/pages";
import { buildTestApp, type TTestApp } from "./helper";

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The font URLs a page's style sheet names, with their weights. */
function fontFaces(html: string) {
  return [...html.matchAll(/@font-face \{([^}]*)\}/g)].map(([, rule]) => ({
    family: /font-family: "([^"]+)"/.exec(rule!)?.[1],
    weight: Number(/font-weight: (\d+)/.exec(rule!)?.[1]),
    url: /url\("([^"]+)"\)/.exec(rule!)?.[1] ?? "",
  }));
}

describe("the pages' font", () => {
  it("is Plus Jakarta Sans in the weights the pages use, from this server's own paths", () => {
    const faces = fontFaces(renderError({ title: "x", message: "y" }));
    expect(faces.map((f) => f.family)).toEqual(Array(faces.length).fill("Plus Jakarta Sans"));
    expect(faces.map((f) => f.weight)).toEqual([400, 600, 700, 800]);
    for (const face of faces) expect(face.url).toMatch(/^\/[^/]/);
  });

  it("serves every file the style sheet names as WOFF2, cacheable, without an api-version", async () => {
    for (const { url } of fontFaces(renderError({ title: "x", message: "y" }))) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("font/woff2");
      expect(res.headers["cache-control"]).toMatch(/^public, max-age=\d+/);
      // WOFF2's signature.
      expect(res.rawPayload.subarray(0, 4).toString("latin1")).toBe("wOF2");
    }
  });

  it("serves no other file from there, however the name is written", async () => {
    const [face] = fontFaces(renderError({ title: "x", message: "y" }));
    const folder = face!.url.slice(0, face!.url.lastIndexOf("/"));
    for (const name of [
      "plus-jakarta-sans-latin-300-normal.woff2",
      "..%2Fpackage.json",
      "..%2F..%2F..%2Fpackage.json",
      "index.css",
    ]) {
      const res = await t.app.inject({ method: "GET", url: `${folder}/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });
});
