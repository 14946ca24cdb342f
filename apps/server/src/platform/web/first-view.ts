// A public page's first view, painted by the server: the web build's renderer (apps/web's
// src/first-view.tsx, built to dist-server/) runs the page's own components for a visitor, and its
// HTML goes inside index.html's root with the data it showed. The browser paints that at once and
// the app hydrates it (takes it over) when the scripts have run. Anything that goes wrong (no renderer built,
// a failing call, too slow, too many at once) serves index.html without it: a first view is a
// head start, never a requirement, and never a wait. A page that goes out without its first view
// carries the call it makes first (the renderer's firstCallOf), which its start-up script sends at
// once rather than after the app's code has arrived; a render that had made that call already
// hands its answer to the page's ask (handovers, below) instead of the database answering twice.
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash, randomUUID } from "node:crypto";
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

/** A call as a page makes it (apps/web's lib/first-call.ts): its method, address and JSON body. */
type TFirstCall = { method: "GET" | "POST"; url: string; body?: string };

type TRenderer = {
  configureFirstView(transport: { origin: string; fetch: typeof fetch }): void;
  /** Stops early, with null, once `signal` aborts. */
  renderFirstView(
    origin: string,
    url: string,
    screen: TScreen,
    signal?: AbortSignal,
  ): Promise<TView | null>;
  /** The call the page at `url` makes first for its data, or null (absent: none ever). */
  firstCallOf?(url: string): TFirstCall | null;
};

/** What the renderer painted: the page's HTML, the data it showed, and what it said of itself. */
type TView = { html: string; state: unknown; head?: TPageHead };
/** A page's title, description and image (relative to the page or absolute), for the head. */
type TPageHead = { title: string; description?: string; image?: string };

/** The cookie the web app sets while someone is signed in here (lib/auth/session-hint.ts). */
const SESSION_HINT_COOKIE = "hf_session_hint";
/** Renders at once; past that, pages go out without one rather than queue behind each other. */
const MAX_CONCURRENT_RENDERS = 4;
/** The header a page's start-up script names a handed-over answer by (public/first-view-boot.js). */
const HANDOVER_HEADER = "x-first-view-call";
/** How long a render's answer waits for the page it was written into to ask for it. */
const HANDOVER_TTL_MS = 10_000;
/** Answers waiting at once; past that, pages go out without one and ask the API afresh. */
const MAX_HANDOVERS = 256;
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

/**
 * index.html with the start-up script that sends the page's first call at once, for a page sent
 * without its first view; `handover` names the answer the render got for it, if it asked.
 */
export function withStartedCall(
  indexHtml: string,
  call: TFirstCall & { handover?: string },
  boot: string,
): string {
  if (!indexHtml.includes("</head>")) return indexHtml;
  // At the end of the head: what precedes it is inline, so it runs as soon as the head is read.
  const tag = `<script data-call="${escapeHtml(JSON.stringify(call))}">${boot}</script>`;
  return indexHtml.replace("</head>", () => `${tag}</head>`);
}

const OVER_BUDGET = Symbol("over budget");

function budget(ms: number): Promise<typeof OVER_BUDGET> {
  return new Promise((resolve) => setTimeout(() => resolve(OVER_BUDGET), ms).unref());
}

/** An API answer given in process, kept whole so that it can be given again. */
type TAnswer = { status: number; contentType: string; payload: Buffer };

/** What a render's calls share: whose they are, whether it still matters, what they got. */
type TRenderScope = {
  ip: string;
  signal: AbortSignal;
  /** Each call's answer (null when it failed), by callKey. */
  answers: Map<string, Promise<TAnswer | null>>;
};

const callKey = (call: TFirstCall) => `${call.method} ${call.url}\n${call.body ?? ""}`;

/** `promise`, or a rejection as soon as `signal` aborts. */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const abort = () => reject(new DOMException("The render was stopped.", "AbortError"));
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/** How the first views went since the server started. */
export type TFirstViewCounts = {
  /** Pages sent with their first view. */
  painted: number;
  /** Pages sent without it because its render missed the budget: that render was stopped. */
  overBudget: number;
  /** Pages sent without one because too many renders were under way. */
  busy: number;
  /** Pages sent without one because the renderer had nothing or failed. */
  none: number;
  /** Answers of stopped renders given to the page's own ask of them. */
  handedOver: number;
};

export type TFirstViews = {
  /**
   * The page's HTML with its first view, or without it but with its first call started, or null
   * to serve index.html as it is.
   */
  render(request: FastifyRequest, indexHtml: string): Promise<string | null>;
  /** What a page the renderer wrote into adds to its script-src: its inline start-up script's hash. */
  scriptSource: string;
  counts: Readonly<TFirstViewCounts>;
};

/**
 * Loads the renderer next to the web build (`<webDistDir>/../dist-server/first-view.js`), or
 * returns null when there is none (the web app was built without it, or tests run without a build).
 */
export async function loadFirstViews(
  app: FastifyInstance,
  webDistDir: string,
  publicUrl: string,
  /**
   * A first view later than this is not a head start: the page goes out without it, its first
   * call started by its start-up script.
   */
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
  // The render a call is made for: the visitor's address, so the calls count against their own
  // rate limit, and where its answers are kept for a handover.
  const renders = new AsyncLocalStorage<TRenderScope>();
  renderer.configureFirstView({
    origin: ORIGIN,
    fetch: async (input, init) => {
      const scope = renders.getStore();
      // A stopped render makes no more calls.
      if (scope?.signal.aborted) throw new DOMException("The render was stopped.", "AbortError");
      const url = new URL(input instanceof Request ? input.url : String(input));
      const call: TFirstCall = {
        method: (init?.method ?? "GET") as TFirstCall["method"],
        url: `${url.pathname}${url.search}`,
        body: typeof init?.body === "string" ? init.body : undefined,
      };
      const answering = app
        .inject({
          method: call.method,
          url: call.url,
          headers: init?.headers as Record<string, string> | undefined,
          payload: call.body,
          remoteAddress: scope?.ip ?? "127.0.0.1",
        })
        .then(
          (reply): TAnswer => ({
            status: reply.statusCode,
            contentType: String(reply.headers["content-type"] ?? ""),
            payload: reply.rawPayload,
          }),
        );
      scope?.answers.set(
        callKey(call),
        answering.catch(() => null),
      );
      // The render stops waiting when it is stopped; the call goes on, its answer kept.
      const answer = await unlessAborted(answering, init?.signal);
      const empty = answer.status === 204 || answer.status === 304;
      return new Response(empty ? null : answer.payload, {
        status: answer.status,
        headers: { "content-type": answer.contentType },
      });
    },
  });

  // A stopped render's answer to the page's first call, kept for the page's own ask of it: the
  // render asked first, so it comes sooner than an answer asked afresh, and the database answers
  // the call once. Kept in this process only: a page whose ask reaches another process is
  // answered there, as any call is.
  const handovers = new Map<string, { call: TFirstCall; answer: Promise<TAnswer | null> }>();
  const handOver = (call: TFirstCall, answer: Promise<TAnswer | null>): string | undefined => {
    if (handovers.size >= MAX_HANDOVERS) return undefined;
    const id = randomUUID();
    handovers.set(id, { call, answer });
    setTimeout(() => handovers.delete(id), HANDOVER_TTL_MS).unref();
    return id;
  };
  app.addHook("onRequest", async (request, reply) => {
    const id = request.headers[HANDOVER_HEADER];
    const handover = typeof id === "string" ? handovers.get(id) : undefined;
    if (!handover) return;
    handovers.delete(id as string);
    // Only the visitor's call it was made for; anything else is answered as usual.
    const { call } = handover;
    if (request.method !== call.method || request.url !== call.url) return;
    if (request.headers.authorization) return;
    const answer = await handover.answer;
    if (!answer) return;
    counts.handedOver += 1;
    if (answer.contentType) reply.type(answer.contentType);
    return reply.code(answer.status).send(answer.payload);
  });

  const counts: TFirstViewCounts = { painted: 0, overBudget: 0, busy: 0, none: 0, handedOver: 0 };
  let running = 0;
  return {
    scriptSource: scriptHashSource(boot),
    counts,
    async render(request, indexHtml) {
      if (request.method !== "GET") return null;
      if (hasCookie(request, SESSION_HINT_COOKIE)) return null;
      const call = firstCallOf(renderer, request);
      const withoutFirstView = (handover?: string) =>
        call ? withStartedCall(indexHtml, handover ? { ...call, handover } : call, boot) : null;
      if (running >= MAX_CONCURRENT_RENDERS) {
        counts.busy += 1;
        return withoutFirstView();
      }
      running += 1;
      const stop = new AbortController();
      const scope: TRenderScope = { ip: request.ip, signal: stop.signal, answers: new Map() };
      // Counted until the render ends: a stopped one ends at its next step.
      const rendering = renders
        .run(scope, () =>
          renderer.renderFirstView(
            ORIGIN,
            request.url,
            screenOf(request.headers["user-agent"]),
            stop.signal,
          ),
        )
        .catch((error: unknown) => {
          if (!stop.signal.aborted)
            request.log.warn(
              { err: error, url: request.url },
              "first view failed: page sent without it",
            );
          return null;
        })
        .finally(() => {
          running -= 1;
        });
      const view = await Promise.race([rendering, budget(timeoutMs)]);
      if (view && view !== OVER_BUDGET) {
        counts.painted += 1;
        return withFirstView(indexHtml, view, boot, `${publicUrl}${request.url}`);
      }
      if (view === OVER_BUDGET) {
        // Its page goes out now: the rest of the render would be drawn for nobody.
        stop.abort();
        counts.overBudget += 1;
        request.log.info(
          { url: request.url, budgetMs: timeoutMs },
          "first view over budget: page sent without it, its render stopped",
        );
      } else counts.none += 1;
      const answer = call ? scope.answers.get(callKey(call)) : undefined;
      return withoutFirstView(call && answer ? handOver(call, answer) : undefined);
    },
  };
}

/** The renderer's first call for the request's page; null when it has none or cannot say. */
function firstCallOf(renderer: TRenderer, request: FastifyRequest): TFirstCall | null {
  try {
    return renderer.firstCallOf?.(request.url) ?? null;
  } catch (error) {
    request.log.warn({ err: error, url: request.url }, "first call unknown: page sent without it");
    return null;
  }
}

/** Whether the request carries a non-empty cookie by that name. */
function hasCookie(request: FastifyRequest, name: string): boolean {
  return (request.headers.cookie ?? "").split(";").some((part) => {
    const [key, value] = part.trim().split("=");
    return key === name && Boolean(value);
  });
}
