// The server's part of a public page's first view: it loads the renderer the web build leaves in
// dist-server/, lets it call the API in process, puts its HTML and data into index.html, and
// serves the page without it whenever the renderer cannot help, in time or at all: then with the
// page's first call written in for its start-up script to send, and the render's own answer to
// that call handed to the page's ask. The renderer here is a small stand-in file; the real one
// (apps/web/src/first-view.tsx) is exercised by the web tests (its first call) and the browser
// tests (e2e).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Fastify, { type FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowScriptSource,
  inlineBootScript,
  loadFirstViews,
  scriptHashSource,
  type TFirstViews,
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

/** The facilities' first page, as a marketplace page asks for it first. */
const SEARCH_CALL = {
  method: "POST",
  url: `/facility-mgmt/api/facilities/search?offset=0&take=20&${V}`,
  body: JSON.stringify({ data: {} }),
};

/**
 * Renders by address: a call to the API, a stall, a failure, nothing, or a hostile state. A stall
 * never ends by itself; stopped, it says so in `globalThis.stoppedRenders`. The pages under
 * /market make SEARCH_CALL first.
 */
const RENDERER = `
let transport;
const SEARCH_CALL = ${JSON.stringify(SEARCH_CALL)};
export function configureFirstView(t) { transport = t; }
export function firstCallOf(url) { return url.startsWith("/market") ? SEARCH_CALL : null; }
const stall = (signal) => new Promise((resolve) => signal.addEventListener("abort", () => {
  resolve({ html: "drawn for nobody", state: {} });
}));
export async function renderFirstView(origin, url, screen, signal) {
  signal.addEventListener("abort", () => {
    globalThis.stoppedRenders = (globalThis.stoppedRenders ?? 0) + 1;
  });
  if (url === "/status") {
    const reply = await transport.fetch(origin + "/status.json?api-version=1.0");
    const body = await reply.json();
    return { html: "<h1>maintenance " + body.maintenanceMode + "</h1>", state: { status: reply.status, body } };
  }
  if (url === "/slow") return stall(signal);
  if (url === "/market/painted") return { html: "<p>painted</p>", state: {} };
  if (url.startsWith("/market")) {
    const { method, body } = SEARCH_CALL;
    await transport.fetch(origin + SEARCH_CALL.url, { method, body, headers: { "content-type": "application/json" }, signal });
    return stall(signal);
  }
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
  // A short budget: the stalls above never end by themselves.
  t = await buildTestApp({
    env: { WEB_DIST_DIR: path.join(root, "dist"), FIRST_VIEW_TIMEOUT_MS: "100" },
  });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(root, { recursive: true, force: true });
});

const stoppedRenders = () => (globalThis as { stoppedRenders?: number }).stoppedRenders ?? 0;

/** The call a page's start-up script sends at once (its data-call), or null. */
function startedCallOf(html: string): Record<string, string> | null {
  const attribute = html.match(/<script data-call="([^"]*)">/)?.[1];
  if (attribute === undefined) return null;
  const entities: Record<string, string> = {
    "&quot;": '"',
    "&#39;": "'",
    "&lt;": "<",
    "&gt;": ">",
    "&amp;": "&",
  };
  return JSON.parse(attribute.replace(/&(?:quot|#39|lt|gt|amp);/g, (e) => entities[e] ?? e));
}

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
    const before = stoppedRenders();
    for (const url of ["/nothing", "/boom", "/slow"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
    // The render it did not wait for was stopped, not left to draw for nobody.
    expect(stoppedRenders()).toBe(before + 1);
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

describe("a page whose first view misses its budget", () => {
  it("goes out without it at the budget, its first call written in, and the render stopped", async () => {
    const before = stoppedRenders();
    const res = await t.app.inject({ url: "/market?near=Louisville%2C%20KY" });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("first-view-state");
    expect(res.body).not.toContain("drawn for nobody");
    expect(stoppedRenders()).toBe(before + 1);
    // The render had asked already: the page names its answer, to be handed over.
    const call = startedCallOf(res.body);
    expect(call).toEqual({ ...SEARCH_CALL, handover: expect.any(String) });
    // The start-up script sends it, and the page's policy lets exactly that script run.
    const inline = res.body.match(/<script data-call="[^"]*">(.*?)<\/script>/s)?.[1] ?? "";
    expect(inline).toBe(inlineBootScript(BOOT));
    expect(String(res.headers["content-security-policy"])).toContain(scriptHashSource(inline));

    // The page's ask, naming the handover, is answered as the API answers the call.
    const ask = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: "POST",
        url: SEARCH_CALL.url,
        headers: { "content-type": "application/json", ...headers },
        payload: SEARCH_CALL.body,
      });
    const handedOver = await ask({ "x-first-view-call": call?.handover ?? "" });
    expect(handedOver.statusCode).toBe(200);
    expect(handedOver.json()).toEqual((await ask()).json());
  });

  it("is painted when its render comes in time: no call to start", async () => {
    const res = await t.app.inject({ url: "/market/painted" });
    expect(res.body).toContain('<div id="root" inert aria-hidden="true"><p>painted</p></div>');
    expect(startedCallOf(res.body)).toBeNull();
  });

  it("carries no call where the page makes none (the plain page, as before)", async () => {
    const res = await t.app.inject({ url: "/slow" });
    expect(res.body).toBe(INDEX);
  });
});

/**
 * A stand-in whose pages ask the API for /search first and then stall until stopped (but /painted,
 * which paints at once).
 */
const STALLING_RENDERER = `
let transport;
const CALL = { method: "POST", url: "/search?take=20", body: "{}" };
export function configureFirstView(t) { transport = t; }
export function firstCallOf() { return CALL; }
export async function renderFirstView(origin, url, screen, signal) {
  if (url === "/painted") return { html: "<p>painted</p>", state: {} };
  transport.fetch(origin + CALL.url, { method: CALL.method, body: CALL.body, headers: { "content-type": "application/json" }, signal }).catch(() => undefined);
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(null)));
}
`;

/**
 * A bare server with first views at `budgetMs` and an API whose /search counts its calls and
 * answers none until released: each answer is the number of the call.
 */
async function stallingServer(budgetMs: number) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "hostfield-first-view-stall-"));
  await fs.mkdir(path.join(dir, "dist"));
  await fs.mkdir(path.join(dir, "dist-server"));
  await fs.writeFile(path.join(dir, "dist", "first-view-boot.js"), BOOT);
  await fs.writeFile(path.join(dir, "dist-server", "first-view.js"), STALLING_RENDERER);
  const app = Fastify();
  let searches = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.post("/search", async () => {
    searches += 1;
    const n = searches;
    await released;
    return { data: n };
  });
  const views = (await loadFirstViews(
    app,
    path.join(dir, "dist"),
    "http://localhost",
    budgetMs,
  )) as TFirstViews;
  app.get("/*", async (request, reply) =>
    reply.type("text/html").send((await views.render(request, INDEX)) ?? INDEX),
  );
  await app.ready();
  return {
    app,
    views,
    searches: () => searches,
    release,
    async close() {
      release();
      await app.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

describe("a stopped render's answer", () => {
  let server: Awaited<ReturnType<typeof stallingServer>>;
  beforeAll(async () => {
    server = await stallingServer(20);
  });
  afterAll(() => server?.close());

  it("goes to the page's ask while still on its way: the API answers the call once", async () => {
    const page = await server.app.inject({ url: "/market" });
    const call = startedCallOf(page.body);
    expect(call).toEqual({
      method: "POST",
      url: "/search?take=20",
      body: "{}",
      handover: expect.any(String),
    });
    expect(server.views.counts).toMatchObject({ overBudget: 1, painted: 0 });
    expect(server.searches()).toBe(1);
    const ask = () =>
      server.app.inject({
        method: "POST",
        url: "/search?take=20",
        headers: { "content-type": "application/json", "x-first-view-call": call?.handover ?? "" },
        payload: "{}",
      });
    const asking = ask();
    server.release();
    expect((await asking).json()).toEqual({ data: 1 });
    expect(server.searches()).toBe(1);
    expect(server.views.counts.handedOver).toBe(1);
    // Handed over once: the same name again is asked of the API.
    expect((await ask()).json()).toEqual({ data: 2 });
  });

  it("is not given to another call naming it", async () => {
    const page = await server.app.inject({ url: "/market" });
    const handover = startedCallOf(page.body)?.handover ?? "";
    const other = await server.app.inject({
      method: "POST",
      url: "/search?take=50",
      headers: { "content-type": "application/json", "x-first-view-call": handover },
      payload: "{}",
    });
    // Its own answer: the render's call was the third, this is the fourth.
    expect(other.json()).toEqual({ data: 4 });
  });
});

describe("a page that finds four renders under way", () => {
  it("goes out at once without one, its call started by the page alone", async () => {
    // A budget no render here reaches: the four stay under way.
    const server = await stallingServer(60_000);
    try {
      const request = {
        method: "GET",
        url: "/market",
        headers: {},
        ip: "127.0.0.1",
        log: server.app.log,
      };
      const render = () => server.views.render(request as unknown as FastifyRequest, INDEX);
      for (let i = 0; i < 4; i++) void render();
      const page = await render();
      expect(startedCallOf(page ?? "")).toEqual({
        method: "POST",
        url: "/search?take=20",
        body: "{}",
      });
      expect(server.views.counts).toMatchObject({ busy: 1, overBudget: 0 });
    } finally {
      await server.close();
    }
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
