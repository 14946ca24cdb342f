import { describe, expect, it } from "vitest";
import { escapeHtml, html, raw, SafeHtml, safeUrl } from "./escape";

describe("escapeHtml", () => {
  it("escapes the five characters that matter in text and quoted attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  it("escapes an ampersand once, so entities the user typed stay visible as typed", () => {
    expect(escapeHtml("&lt;")).toBe("&amp;lt;");
  });
});

describe("html", () => {
  it("escapes interpolated strings and numbers", () => {
    const name = "<script>alert(1)</script>";
    expect(html`<p>${name} ${42}</p>`.toString()).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt; 42</p>",
    );
  });

  it("escapes a value that tries to leave its attribute", () => {
    const value = '"><img src=x onerror=1>';
    expect(html`<input value="${value}">`.toString()).toBe(
      '<input value="&quot;&gt;&lt;img src=x onerror=1&gt;">',
    );
  });

  it("passes nested html and raw markup through without escaping them twice", () => {
    const inner = html`<b>${"a&b"}</b>`;
    expect(html`<p>${inner}${raw("<br>")}</p>`.toString()).toBe("<p><b>a&amp;b</b><br></p>");
  });

  it("joins arrays and renders false, null and undefined as nothing", () => {
    const items = ["<1>", html`<i>2</i>`];
    expect(html`${items}|${false}|${null}|${undefined}|${""}`.toString()).toBe(
      "&lt;1&gt;<i>2</i>||||",
    );
  });

  it("returns SafeHtml, so html results can be composed but plain strings cannot sneak in", () => {
    expect(html`x`).toBeInstanceOf(SafeHtml);
  });
});

describe("safeUrl", () => {
  it.each([
    "/interaction/abc",
    "?step=2",
    "#field-email",
    "relative/path:with-colon-later",
    "https://hostfield.example/login",
    "http://localhost:3000/",
    "mailto:help@hostfield.example",
  ])("keeps %s", (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "\u0001javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
  ])("neutralises %j to '#'", (url) => {
    expect(safeUrl(url)).toBe("#");
  });
});

describe("SafeHtml minting", () => {
  it("can be made only by html`` and raw()", () => {
    expect(() => new SafeHtml(Symbol("SafeHtml"), "<script>")).toThrow(TypeError);
    expect(String(html`<b>${"<i>"}</b>`)).toBe("<b>&lt;i&gt;</b>");
    expect(String(raw("<hr>"))).toBe("<hr>");
  });
});

describe("safeUrl and other sites", () => {
  it.each(["//evil.example/x", "/\\evil.example", "\\\\evil.example", " //evil.example"])(
    "refuses %s, an absolute URL to another site in disguise",
    (url) => expect(safeUrl(url)).toBe("#"),
  );

  it.each([
    "/oidc/account/forgot",
    "https://hostfield.example/",
    "?screen=login",
    "mailto:help@hostfield.example",
  ])("keeps %s", (url) => expect(safeUrl(url)).toBe(url));
});
