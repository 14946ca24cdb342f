// Rules every page must keep: escaping, the server's CSP (no inline script), no external assets.
import { describe, expect, it } from "vitest";
import * as pages from "./index";
import { renderEveryPageWith, renderSamplePages } from "./page-samples";
import { documentTitle, strayMarkup, tags } from "./test-helpers";

const SCRIPT = "<script>alert(1)</script>";
const ATTRIBUTE_BREAKOUT = '"><img src=x onerror=1>';
const ESCAPED: Record<string, string> = {
  [SCRIPT]: "&lt;script&gt;alert(1)&lt;/script&gt;",
  [ATTRIBUTE_BREAKOUT]: "&quot;&gt;&lt;img src=x onerror=1&gt;",
};

const samples = Object.entries(renderSamplePages());
const hostile = [SCRIPT, ATTRIBUTE_BREAKOUT].flatMap((value) =>
  Object.entries(renderEveryPageWith(value)).map(([name, page]) => [name, value, page] as const),
);
const everyRender = [
  ...samples,
  ...hostile.map(([name, value, page]) => [`${name} with ${value}`, page] as const),
];

const URL_ATTRIBUTES = ["src", "href", "action", "formaction", "srcset", "poster", "data"];

describe("every page", () => {
  it("means every exported page: each one is in the hostile renders", () => {
    const renderers = Object.keys(pages).filter(
      (name) => name.startsWith("render") && name !== "renderPage",
    );
    expect(Object.keys(renderEveryPageWith("x")).sort()).toEqual(renderers.sort());
  });

  it.each(hostile)("%s escapes %j wherever it lands", (_name, value, page) => {
    expect(page).not.toContain(value);
    expect(page).toContain(ESCAPED[value]!);
  });

  it.each(everyRender)(
    "%s is well-formed: nothing breaks out of a tag or attribute",
    (_slug, page) => {
      expect(strayMarkup(page)).toEqual([]);
    },
  );

  it.each(everyRender)("%s has no script, event handler or script URL", (_slug, page) => {
    expect(page).not.toMatch(/<script/i);
    for (const tag of tags(page)) {
      expect(
        Object.keys(tag.attrs).filter((name) => /^on[a-z]+$/.test(name)),
        tag.source,
      ).toEqual([]);
      for (const name of URL_ATTRIBUTES) {
        expect(tag.attrs[name] ?? "", tag.source).not.toMatch(/^\s*(javascript|vbscript):/i);
      }
    }
  });

  it.each(Object.entries(renderEveryPageWith("javascript:alert(1)")))(
    "%s turns a javascript: URL from the caller into '#'",
    (_name, page) => {
      const urls = tags(page).flatMap((tag) => URL_ATTRIBUTES.map((name) => tag.attrs[name]));
      expect(urls.filter((url) => url?.startsWith("javascript:"))).toEqual([]);
      expect(urls).toContain("#");
    },
  );

  it.each(everyRender)("%s loads nothing from another origin", (_slug, page) => {
    for (const tag of tags(page)) {
      for (const name of URL_ATTRIBUTES) {
        const url = tag.attrs[name];
        if (url === undefined || url.startsWith("data:")) continue;
        expect(url, tag.source).not.toMatch(/^(https?:)?\/\//i);
      }
    }
    // The style sheet's only url()s are the typeface's files, on this server's own paths.
    const cssUrls = [...page.matchAll(/url\(\s*["']?([^"')]*)/gi)].map((m) => m[1]);
    expect(cssUrls.length).toBeGreaterThan(0);
    for (const url of cssUrls) expect(url).toMatch(/^\/(?!\/)/);
    expect(page).not.toMatch(/@import/i);
    expect(tags(page, "link").map((link) => link.attrs.rel)).toEqual(["icon"]);
  });

  it.each(samples)("%s has a '… | Hostfield' title, one h1 and one main", (_slug, page) => {
    expect(documentTitle(page)).toMatch(/^\S.* \| Hostfield$/);
    expect(tags(page, "h1")).toHaveLength(1);
    expect(tags(page, "main")).toHaveLength(1);
  });

  it.each(samples)("%s posts every form and labels every visible control", (_slug, page) => {
    for (const form of tags(page, "form")) expect(form.attrs.method).toBe("post");
    const labelled = new Set(tags(page, "label").map((label) => label.attrs.for));
    const controls = [...tags(page, "input"), ...tags(page, "select")].filter(
      (control) => control.attrs.type !== "hidden" && !("hidden" in control.attrs),
    );
    for (const control of controls) expect(labelled, control.source).toContain(control.attrs.id);
  });

  it.each(everyRender)("%s never writes a password back", (_slug, page) => {
    for (const input of tags(page, "input").filter((i) => i.attrs.type === "password")) {
      expect(input.attrs, input.source).not.toHaveProperty("value");
    }
  });

  it.each(everyRender)("%s points each aria-describedby at elements that exist", (_slug, page) => {
    const ids = new Set(tags(page).map((tag) => tag.attrs.id));
    for (const tag of tags(page).filter((t) => "aria-describedby" in t.attrs)) {
      for (const id of tag.attrs["aria-describedby"]!.split(" "))
        expect(ids, tag.source).toContain(id);
    }
  });
});
