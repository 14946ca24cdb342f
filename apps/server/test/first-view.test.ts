// The server's part of a public page's first view: it loads the renderer the web build leaves in
// dist-server/, lets it call the API in process, puts its HTML and data into index.html, and
// serves the plain page whenever the renderer cannot help. The renderer here is a small stand-in
// file; the real one (apps/web/src/first-view.tsx) is exercised by the browser tests (e2e).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowScriptSource,
  inlineBootScript,
  scriptHashSource,
  withFirstView,
  withPageHead,
} from "../src/platform/web/first-view";
import { buildTestApp, type TTestApp, V } from "./helper";

const INDEX =
  '<!doctype html><head><title>Hostfield</title></head><body><div id="root"></div></body>';
/** As Vite writes it: the app's entry module loaded from the head. */
const APP_INDEX =
  '<!doctype html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body>';
/** A stand-in start-up script; the real one is apps/web/public/first-view-boot.js. */
const BOOT = "// what it does\n// and why\n(() => { window.started = true; })();\n";

/** Renders by address: a call to the API, a stall, a failure, nothing, or a hostile state. */
const RENDERER = `
let transport;
export function configureFirstView(t) { transport = t; }
export async function renderFirstView(origin, url) {
  if (url === "/status") {
    const reply = await transport.fetch(origin + "/status.json?api-version=1.0");
    const body = await reply.json();
    return { html: "<h1>maintenance " + body.maintenanceMode + "</h1>", state: { status: reply.status, body } };
  }
  if (url === "/slow") return new Promise((resolve) => setTimeout(() => resolve({ html: "late", state: {} }), 4000));
  if (url === "/boom") throw new Error("the renderer broke");
  if (url === "/hostile") return { html: "<p>ok</p>", state: { text: "</script><script>alert(1)</script>" } };
  if (url === "/named?x=1") return { html: "<p>named</p>", state: {}, head: { title: "Riverside Courts | Hostfield", description: "Eight courts", image: "/media/a.jpg?w=1200" } };
  return null;
}
`;

let t: TTestApp;
let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-first-view-"));
  await fs.mkdir(path.join(root, "dist"));
  await fs.mkdir(path.join(root, "dist-server"));
  await fs.writeFile(path.join(root, "dist", "index.html"), INDEX);
  await fs.writeFile(path.join(root, "dist", "first-view-boot.js"), BOOT);
  await fs.writeFile(path.join(root, "dist-server", "first-view.js"), RENDERER);
  t = await buildTestApp({ env: { WEB_DIST_DIR: path.join(root, "dist") } });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(root, { recursive: true, force: true });
});

const stateOf = (html: string) =>
  JSON.parse(
    html.match(/<script type="application\/json" id="first-view-state">(.*?)<\/script>/s)![1]!,
  );

describe("first view", () => {
  it("paints what the renderer made, with the API's answer it asked for in process", async () => {
    const status = await t.app.inject({ url: `/status.json?${V}` });
    expect(status.statusCode).toBe(200);
    const res = await t.app.inject({ url: "/status" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain(
      `<div id="root" inert aria-hidden="true"><h1>maintenance ${status.json().maintenanceMode}</h1></div>`,
    );
    expect(stateOf(res.body)).toEqual({ status: 200, body: status.json() });
  });

  it("keeps the data from closing its script element", async () => {
    const res = await t.app.inject({ url: "/hostile" });
    expect(res.body).not.toContain("<script>alert(1)");
    expect(stateOf(res.body)).toEqual({ text: "</script><script>alert(1)</script>" });
  });

  it("serves the plain page when the renderer has nothing, fails or is too slow", async () => {
    for (const url of ["/nothing", "/boom", "/slow"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it("paints nothing for someone who signed in here lately (their page is not a visitor's)", async () => {
    const res = await t.app.inject({
      url: "/status",
      headers: { cookie: "a=1; hf_session_hint=1" },
    });
    expect(res.body).toBe(INDEX);
    // A cleared hint is no hint.
    const cleared = await t.app.inject({ url: "/status", headers: { cookie: "hf_session_hint=" } });
    expect(cleared.body).toContain("<h1>maintenance");
    // Caches must keep the two apart.
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it("compresses the page for browsers that accept it", async () => {
    const br = await t.app.inject({ url: "/status", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain("<h1>maintenance");
    const gz = await t.app.inject({ url: "/status", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain("<h1>maintenance");
  });
});

describe("a first view's head", () => {
  it("names the page it paints, with its public address and absolute image", async () => {
    const res = await t.app.inject({ url: "/named?x=1" });
    expect(res.body).toContain("<title>Riverside Courts | Hostfield</title>");
    expect(res.body).not.toContain("<title>Hostfield</title>");
    // buildTestApp's PUBLIC_URL is the default, http://localhost:<port>.
    const origin = res.body.match(/<meta property="og:url" content="([^"]+)\/named\?x=1"/)?.[1];
    expect(origin).toMatch(/^https?:\/\/[^/]+$/);
    expect(res.body).toContain(
      `<meta property="og:image" content="${origin}/media/a.jpg?w=1200" />`,
    );
    expect(res.body).toContain('<meta name="description" content="Eight courts" />');
    expect(res.body).toContain('<meta property="og:description" content="Eight courts" />');
  });

  it("replaces the default description and escapes what the page said", () => {
    const index =
      '<head>\n<meta\n  name="description"\n  content="The default."\n/>\n<title>Default</title></head><body></body>';
    const page = withPageHead(
      index,
      { title: 'A "quoted" <b>name</b> & co', description: "Courts <script>x</script>" },
      "https://hostfield.example/facilities/1?a=1&b=2",
    );
    expect(page).toContain("<title>A &quot;quoted&quot; &lt;b&gt;name&lt;/b&gt; &amp; co</title>");
    expect(page).not.toContain("The default.");
    expect(page).not.toContain("<script>");
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).toContain(
      '<meta property="og:url" content="https://hostfield.example/facilities/1?a=1&amp;b=2" />',
    );
    // Without an image, a plain card and no og:image.
    expect(page).not.toContain("og:image");
    expect(page).toContain('<meta name="twitter:card" content="summary" />');
  });

  it("resolves a relative image against the page, and keeps an absolute one", () => {
    const head = (image: string) =>
      withPageHead(INDEX, { title: "T", image }, "https://hostfield.example/states/indiana");
    expect(head("/states/indiana.jpg")).toContain(
      'content="https://hostfield.example/states/indiana.jpg"',
    );
    expect(head("https://cdn.example/x.jpg")).toContain('content="https://cdn.example/x.jpg"');
  });
});

describe("withFirstView", () => {
  it("leaves a page without the root element alone", () => {
    expect(withFirstView("<body></body>", { html: "<p>x</p>", state: {} }, "")).toBe(
      "<body></body>",
    );
  });

  it("moves the page's styles into the head, marked as taken in, and out of the markup", () => {
    const page = withFirstView(
      INDEX,
      {
        html: '<style data-emotion="css-global a1">body{margin:0}</style><style data-emotion="css b2 c3">.css-b2{color:red}.css-c3{gap:8px}</style><p class="css-b2 css-c3">x</p>',
        state: {},
      },
      "",
    );
    const [head, body] = page.split("</head>");
    expect(head).toContain('<style data-s="" data-emotion="css-global a1">body{margin:0}</style>');
    expect(head).toContain(
      '<style data-s="" data-emotion="css b2 c3">.css-b2{color:red}.css-c3{gap:8px}</style>',
    );
    expect(head?.indexOf("css-global a1")).toBeLessThan(head?.indexOf("css b2 c3") ?? -1);
    expect(body).not.toContain("<style");
    expect(body).toContain('<p class="css-b2 css-c3">x</p>');
  });

  it("keeps $ patterns in the HTML as they are", () => {
    const page = withFirstView(INDEX, { html: "<p>$& $1 $$</p>", state: {} }, "");
    expect(page).toContain("<p>$& $1 $$</p>");
  });

  it("starts the app with the start-up script written into the page, not the module tag", () => {
    const boot = inlineBootScript(BOOT);
    expect(boot).toBe("(() => { window.started = true; })();");
    const page = withFirstView(APP_INDEX, { html: "<p>x</p>", state: {} }, boot);
    expect(page).not.toContain('<script type="module"');
    expect(page).toContain(
      `<script data-entry="/assets/index-1.js" data-preload="">${boot}</script>`,
    );
  });
});

describe("the first view's Content-Security-Policy", () => {
  it("is the hash browsers compute for the inline script (SHA-256 of its text, base64)", () => {
    // The value the CSP specification gives for the script `alert('Hello, world.');`.
    expect(scriptHashSource("alert('Hello, world.');")).toBe(
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    );
  });

  it("adds the source to script-src, or to a script-src made from default-src", () => {
    expect(allowScriptSource("default-src 'self';script-src 'self';object-src 'none'", "'h'")).toBe(
      "default-src 'self';script-src 'self' 'h';object-src 'none'",
    );
    expect(allowScriptSource("default-src 'self' https:;img-src 'self'", "'h'")).toBe(
      "default-src 'self' https:;img-src 'self';script-src 'self' https: 'h'",
    );
  });

  it("lets a page with a first view run its start-up script and nothing else inline", async () => {
    const root2 = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-first-view-csp-"));
    await fs.mkdir(path.join(root2, "dist"));
    await fs.mkdir(path.join(root2, "dist-server"));
    await fs.writeFile(path.join(root2, "dist", "index.html"), APP_INDEX);
    await fs.writeFile(path.join(root2, "dist", "first-view-boot.js"), BOOT);
    await fs.writeFile(path.join(root2, "dist-server", "first-view.js"), RENDERER);
    const app = await buildTestApp({ env: { WEB_DIST_DIR: path.join(root2, "dist") } });
    try {
      const painted = await app.app.inject({ url: "/status" });
      const inline = painted.body.match(
        /<script data-entry="[^"]*" data-preload="">(.*?)<\/script>/s,
      )?.[1];
      expect(inline).toBe(inlineBootScript(BOOT));
      const scriptSrc = String(painted.headers["content-security-policy"])
        .split(";")
        .find((directive) => directive.startsWith("script-src"));
      expect(scriptSrc).toBe(`script-src 'self' ${scriptHashSource(inline ?? "")}`);
      // A page without a first view has no inline script, and its policy allows none.
      const plain = await app.app.inject({ url: "/nothing" });
      expect(plain.body).toBe(APP_INDEX);
      expect(String(plain.headers["content-security-policy"])).toContain("script-src 'self';");
    } finally {
      await app.close();
      await fs.rm(root2, { recursive: true, force: true });
    }
  });
});
