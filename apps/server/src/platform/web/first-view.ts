// A public page's first view, painted by the server: the web build's renderer (apps/web's
// src/first-view.tsx, built to dist-server/) runs the page's own components for a visitor, and its
// HTML goes inside index.html's root with the data it showed. The browser paints that at once and
// the app hydrates it (takes it over) when the scripts have run. Anything that goes wrong (no renderer built,
// a failing call, too slow, too many at once) serves the plain index.html: a first view is a
// head start, never a requirement.
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { escapeHtml } from "../auth/pages/escape";

type TScreen = "phone" | "wide";

/**
 * The screen the page will be shown on, as well as the server can tell before any script runs:
 * browsers on phones say "Mobi" (or Android, iPhone) in their User-Agent.
 */
export function screenOf(userAgent: string | undefined): TScreen {
  return /Mobi|Android|iPhone|iPod/i.test(userAgent ?? "") ? "phone" : "wide";
}

type TRenderer = {
  configureFirstView(transport: { origin: string; fetch: typeof fetch }): void;
  renderFirstView(origin: string, url: string, screen: TScreen): Promise<TView | null>;
};

/** What the renderer painted: the page's HTML, the data it showed, and what it said of itself. */
type TView = { html: string; state: unknown; head?: TPageHead };
/** A page's title, description and image (relative to the page or absolute), for the head. */
type TPageHead = { title: string; description?: string; image?: string };

/** The cookie the web app sets while someone is signed in here (lib/auth/session-hint.ts). */
const SESSION_HINT_COOKIE = "hf_session_hint";
/** Renders at once; past that, pages go out plain rather than queue behind each other. */
const MAX_CONCURRENT_RENDERS = 4;
/** Calls made while rendering answer as if from here (they never leave the process). */
const ORIGIN = "http://first-view.invalid";
const ROOT = '<div id="root"></div>';
const STATE_ELEMENT_ID = "first-view-state";

/** JSON that cannot close the script element it sits in, nor start a comment there. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The tags Vite writes for the app's entry module and the modules it imports at once. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The app's scripts, loaded once the painted page is on screen (by the web app's
 * public/first-view-boot.js, `boot`) instead of at once: with the page already painted they only
 * make it work, so they should not take the bandwidth and main thread its first paint needs. The
 * start-up script is written into the page rather than fetched: fetched, its turn came after the
 * page's images, and the browser's first layout of the page waited for it.
 */
function loadScriptsAfterPaint(html: string, boot: string): string {
  const entry = html.match(ENTRY_SCRIPT)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const tag = `<script data-entry="${entry}" data-preload="${preloads.join(" ")}">${boot}</script>\n    `;
  return html.replace(MODULE_PRELOAD, "").replace(ENTRY_SCRIPT, () => tag);
}

/** The start-up script as the page carries it: its leading comment stays in the source file. */
export function inlineBootScript(source: string): string {
  return source.replace(/^(?:\/\/.*\n)+/, "").trim();
}

/** The Content-Security-Policy source that lets exactly this inline script run. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
}

/** `policy` with `source` added to its script-src (which it gains, after default-src, if absent). */
export function allowScriptSource(policy: string, source: string): string {
  const directives = policy
    .split(";")
    .map((directive) => directive.trim())
    .filter(Boolean);
  const index = directives.findIndex((directive) => /^script-src\s/i.test(directive));
  if (index >= 0) directives[index] = `${directives[index]} ${source}`;
  else {
    const fallback = directives.find((directive) => /^default-src\s/i.test(directive));
    const inherited = fallback ? fallback.replace(/^default-src\s+/i, "") : "'self'";
    directives.push(`script-src ${inherited} ${source}`);
  }
  return directives.join(";");
}

/** The preloads React writes ahead of a page's markup (its images): they belong in the head. */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

/** The style elements emotion (MUI's styling) writes beside the elements they style. */
const EMOTION_STYLE = /<style data-emotion="[^"]*">[\s\S]*?<\/style>/g;

/**
 * The page's styles go in the head, marked `data-s` the way emotion marks the styles it has taken
 * in: the browser has them before the body, and emotion in the app finds them where it keeps its
 * own and registers them, instead of moving each one there in the app's first, longest task.
 */
function hoistStyles(markup: string): { styles: string; markup: string } {
  const styles = markup.match(EMOTION_STYLE) ?? [];
  return {
    styles: styles.map((style) => style.replace("<style ", '<style data-s="" ')).join(""),
    markup: styles.length ? markup.replace(EMOTION_STYLE, "") : markup,
  };
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

/**
 * index.html's head made this page's: its title and description, and the Open Graph tags a link
 * preview reads (title, description, address and image, absolute from `pageUrl`).
 */
export function withPageHead(indexHtml: string, head: TPageHead, pageUrl: string): string {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  const tags = [
    meta("og:type", "website"),
    meta("og:title", head.title),
    meta("og:url", pageUrl),
    ...(head.description ? [meta("og:description", head.description)] : []),
    ...(head.image ? [meta("og:image", new URL(head.image, pageUrl).href)] : []),
    `<meta name="twitter:card" content="${head.image ? "summary_large_image" : "summary"}" />`,
  ];
  let html = indexHtml.replace(TITLE, () => `<title>${escapeHtml(head.title)}</title>`);
  if (head.description) {
    const description = `<meta name="description" content="${escapeHtml(head.description)}" />`;
    html = DESCRIPTION.test(html)
      ? html.replace(DESCRIPTION, () => description)
      : html.replace("</head>", () => `${description}</head>`);
  }
  return html.replace("</head>", () => `${tags.join("")}</head>`);
}

/**
 * index.html with the first view inside its root, its styles and head in the head and its data
 * beside it; `pageUrl` is the page's public address (for the Open Graph tags).
 */
export function withFirstView(
  indexHtml: string,
  view: TView,
  boot: string,
  pageUrl?: string,
): string {
  if (!indexHtml.includes(ROOT) || !indexHtml.includes("</head>")) return indexHtml;
  const preloads = view.html.match(LEADING_PRELOADS)?.[0] ?? "";
  const { styles, markup } = hoistStyles(view.html.slice(preloads.length));
  const page = view.head && pageUrl ? withPageHead(indexHtml, view.head, pageUrl) : indexHtml;
  return loadScriptsAfterPaint(page, boot)
    .replace("</head>", () => `${preloads}${styles}</head>`)
    .replace(
      ROOT,
      // inert until the app has taken the page over (main.tsx): it can be seen but not yet used,
      // so nothing is clicked or typed into that would be lost; and hidden from assistive
      // technology until then, so a screen reader (or a test) meets the working page only.
      () =>
        `<div id="root" inert aria-hidden="true">${markup}</div><script type="application/json" id="${STATE_ELEMENT_ID}">${scriptSafeJson(view.state)}</script>`,
    );
}

function timeout(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms).unref());
}

export type TFirstViews = {
  /** The page's HTML with its first view, or null to serve index.html as it is. */
  render(request: FastifyRequest, indexHtml: string): Promise<string | null>;
  /** What a page with a first view adds to its script-src: its inline start-up script's hash. */
  scriptSource: string;
};

/**
 * Loads the renderer next to the web build (`<webDistDir>/../dist-server/first-view.js`), or
 * returns null when there is none (the web app was built without it, or tests run without a build).
 */
export async function loadFirstViews(
  app: FastifyInstance,
  webDistDir: string,
  publicUrl: string,
  /** A first view later than this is not a head start: the plain page goes out instead. */
  timeoutMs: number,
): Promise<TFirstViews | null> {
  const file = path.join(webDistDir, "..", "dist-server", "first-view.js");
  if (!fs.existsSync(file)) {
    app.log.info({ file }, "no first-view renderer: public pages are painted by the browser only");
    return null;
  }
  const bootFile = path.join(webDistDir, "first-view-boot.js");
  if (!fs.existsSync(bootFile)) {
    app.log.warn({ file: bootFile }, "no first-view start-up script: first views are off");
    return null;
  }
  const boot = inlineBootScript(await fs.promises.readFile(bootFile, "utf8"));
  const renderer = (await import(pathToFileURL(file).href)) as TRenderer;
  // The visitor's address, so the calls a render makes count against their own rate limit.
  const visitor = new AsyncLocalStorage<string>();
  renderer.configureFirstView({
    origin: ORIGIN,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const reply = await app.inject({
        method: (init?.method ?? "GET") as "GET",
        url: `${url.pathname}${url.search}`,
        headers: init?.headers as Record<string, string> | undefined,
        payload: typeof init?.body === "string" ? init.body : undefined,
        remoteAddress: visitor.getStore() ?? "127.0.0.1",
      });
      const empty = reply.statusCode === 204 || reply.statusCode === 304;
      return new Response(empty ? null : reply.rawPayload, {
        status: reply.statusCode,
        headers: { "content-type": String(reply.headers["content-type"] ?? "") },
      });
    },
  });

  let running = 0;
  return {
    scriptSource: scriptHashSource(boot),
    async render(request, indexHtml) {
      if (request.method !== "GET") return null;
      if (hasCookie(request, SESSION_HINT_COOKIE) || running >= MAX_CONCURRENT_RENDERS) return null;
      running += 1;
      // Counted until the render ends, even one that lost the race against the timeout.
      const rendering = visitor
        .run(request.ip, () =>
          renderer.renderFirstView(ORIGIN, request.url, screenOf(request.headers["user-agent"])),
        )
        .catch((error: unknown) => {
          request.log.warn(
            { err: error, url: request.url },
            "first view failed: plain page served",
          );
          return null;
        })
        .finally(() => {
          running -= 1;
        });
      const view = await Promise.race([rendering, timeout(timeoutMs)]);
      return view ? withFirstView(indexHtml, view, boot, `${publicUrl}${request.url}`) : null;
    },
  };
}

/** Whether the request carries a non-empty cookie by that name. */
function hasCookie(request: FastifyRequest, name: string): boolean {
  return (request.headers.cookie ?? "").split(";").some((part) => {
    const [key, value] = part.trim().split("=");
    return key === name && Boolean(value);
  });
}
