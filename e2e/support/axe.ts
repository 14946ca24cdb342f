// axe-core on every page a journey visits (issue 50). Each main-frame navigation of every page of
// a journey's contexts (the popups and the sign-in pages included) is checked once it has loaded
// and stayed put for a moment, at the width the journey uses; a route (its ids folded) is checked
// once per run and width class (the workers share what they checked through E2E_AXE_DIR), so a
// journey that comes back to a page, or reaches one another worker checked, pays nothing. A serious
// or critical violation fails the journey when it ends, listing the rule, the page and the nodes.
// accessibility.spec.ts walks the app's pages at both widths on top of this.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";

/** What fails a journey: axe's two highest impacts. */
const FAILING_IMPACTS = new Set(["serious", "critical"]);
/** How long a page must stay on one address before it is checked: a redirect moves on sooner. */
const SETTLE_MS = 500;
/** Below this width a page is checked as a phone's: its layout is another page to axe. */
const PHONE_WIDTH = 600;
/** The longest a check may take: a page that never answers is dropped, not waited for. */
export const CHECK_TIMEOUT_MS = 30_000;
/** The longest a check waits for the page's animations to end. */
const STILL_TIMEOUT_MS = 3000;

export type TAxeFinding = {
  url: string;
  width: number;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
};

/** Routes checked in this worker, or claimed by another, as `route@phone|desktop`. */
const checked = new Set<string>();

/** The file that says a route's check was claimed by a worker of this run. */
function claimFile(key: string): string | undefined {
  const dir = process.env.E2E_AXE_DIR;
  return dir && path.join(dir, createHash("sha1").update(key).digest("hex"));
}

/** Whether this worker is the run's first to check `key` (the others leave it to this one). */
function claim(key: string): boolean {
  const file = claimFile(key);
  if (!file) return true;
  try {
    fs.writeFileSync(file, key, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** Gives a claim back: a check cut short, for the next visit in any worker to run. */
function release(key: string): void {
  const file = claimFile(key);
  if (file) fs.rmSync(file, { force: true });
}

/** The address without its ids, query or hash: /facilities/abc-123/edit and /facilities/x-9/edit are one route. */
export function routeOf(url: string): string {
  const { pathname } = new URL(url);
  return pathname
    .split("/")
    .map((part) => (/\d/.test(part) || /^[0-9a-f-]{16,}$/i.test(part) ? ":id" : part))
    .join("/");
}

/** The route and width class a check is kept under. */
function keyOf(page: Page, state = ""): string {
  const width = page.viewportSize()?.width ?? 1280;
  return `${routeOf(page.url())}${state ? `#${state}` : ""}@${width < PHONE_WIDTH ? "phone" : "desktop"}`;
}

/** Checks under way, by key: a second caller waits for the first instead of running it twice. */
const running = new Map<string, Promise<void>>();

/** One page's check at its current width, or nothing when the route was checked already. */
export async function checkPage(page: Page, findings: TAxeFinding[], state = ""): Promise<void> {
  if (page.isClosed()) return;
  const url = page.url();
  if (!url.startsWith("http")) return;
  const key = keyOf(page, state);
  const under = running.get(key);
  if (under) return under.catch(() => undefined);
  if (checked.has(key)) return;
  checked.add(key);
  if (!claim(key)) return;
  const width = page.viewportSize()?.width ?? 1280;
  const run = (async () => {
    const results = await analyze(page);
    for (const violation of results.violations) {
      if (!FAILING_IMPACTS.has(violation.impact ?? "")) continue;
      findings.push({
        url,
        width,
        rule: violation.id,
        impact: violation.impact ?? "",
        help: violation.help,
        nodes: violation.nodes
          .slice(0, 5)
          .map(
            (node) =>
              `${node.html.slice(0, 200)} at ${node.target.join(" ")}: ${node.failureSummary ?? ""}`,
          ),
      });
    }
  })();
  running.set(key, run);
  try {
    await run;
  } catch (error) {
    // Cut short (the page moved on): not checked, so the next visit checks it.
    checked.delete(key);
    release(key);
    throw error;
  } finally {
    running.delete(key);
  }
}

/**
 * For a journey that walks pages to have each checked: returns once this page's route at this
 * width has been checked (by the watcher or here), running the check when nobody has. `state`
 * names a state of the page worth its own check ("menu open").
 */
export async function checkedPage(page: Page, findings: TAxeFinding[], state = ""): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // Waits for a check under way, or runs one.
    await checkPage(page, findings, state).catch(() => undefined);
    if (checked.has(keyOf(page, state)) && !running.has(keyOf(page, state))) return;
  }
  throw new Error(`axe-core could not check ${page.url()}`);
}

/**
 * axe's findings once the page is still: colours read mid-animation (a menu fading in, a toast
 * sliding) are not the page's, so running animations and transitions are waited for first.
 */
async function analyze(page: Page) {
  const first = await analyzeStill(page);
  // The journey goes on while axe runs: a menu it opens or closes meanwhile fades, and axe reads
  // its colours half-way. A contrast finding counts only when a second look, once the page is
  // still again, finds the same element failing.
  const contrast = first.violations.find((violation) => violation.id === "color-contrast");
  if (!contrast) return first;
  const again = await analyzeStill(page, ["color-contrast"]);
  const failing = new Set(
    again.violations.flatMap((violation) => violation.nodes.map((node) => node.html)),
  );
  const nodes = contrast.nodes.filter((node) => failing.has(node.html));
  return {
    ...first,
    violations: first.violations
      .map((violation) => (violation === contrast ? { ...violation, nodes } : violation))
      .filter((violation) => violation.nodes.length > 0),
  };
}

/**
 * `promise`, or a rejection naming `what` after `ms`. Playwright's own timeouts did not always
 * fire: CI saw a `waitForFunction` with a 3 s timeout, on a page whose popup was signing in, still
 * waiting when the journey's 180 s were up, and the journey failed in this fixture's teardown.
 */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  // What the promise does once it lost the race is no one's concern: not an unhandled rejection.
  promise.catch(() => undefined);
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function analyzeStill(page: Page, rules?: string[]) {
  await untilStill(page);
  // Legacy mode: axe runs in the page itself. Otherwise @axe-core/playwright opens a blank page
  // in the journey's context for every check to gather frames' results in (our pages have no
  // cross-origin frames to gather): a renderer started and closed per page checked, 2-3x the
  // check's time (6.6 s against 2.3 s on the facilities marketplace, one journey alone).
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] });
  if (rules) builder.withRules(rules);
  return within(builder.analyze(), CHECK_TIMEOUT_MS, "axe-core");
}

/**
 * Waits up to STILL_TIMEOUT_MS for the page's animations to end; an endless one (a spinner) does
 * not hold the check. Asked by `evaluate`, which answers with a value, on our own timer: a
 * `waitForFunction` answers with a handle, and a handle whose page closed as it answered (the
 * sign-in popup closing itself) failed the journey from inside Playwright's connection ("Object
 * with guid handle@... was not bound"), out of reach of any catch.
 */
async function untilStill(page: Page): Promise<void> {
  const deadline = Date.now() + STILL_TIMEOUT_MS;
  while (Date.now() < deadline && !page.isClosed()) {
    const still = await within(
      page.evaluate(() =>
        document.getAnimations().every((animation) => animation.playState !== "running"),
      ),
      STILL_TIMEOUT_MS,
      "waiting for the page to be still",
    ).catch(() => true);
    if (still) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Watches every page of `context` (those open now and those it opens later): each arrival at an
 * address is checked once the page has loaded and not moved for SETTLE_MS. A check cut short by
 * the page moving on is dropped (the next address gets its own).
 */
export function watchContext(
  context: BrowserContext,
  findings: TAxeFinding[],
  pending: Set<Promise<void>>,
) {
  const watchPage = (page: Page) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    page.on("framenavigated", (frame) => {
      if (frame !== page.mainFrame()) return;
      clearTimeout(timer);
      const address = frame.url();
      timer = setTimeout(() => {
        const run = (async () => {
          await page.waitForLoadState("load", { timeout: CHECK_TIMEOUT_MS });
          if (page.isClosed() || page.url() !== address) return;
          await checkPage(page, findings);
        })().catch(() => {
          // The page navigated, closed or was torn down while axe ran: not a finding.
        });
        pending.add(run);
        void run.finally(() => pending.delete(run));
      }, SETTLE_MS);
    });
    page.on("close", () => clearTimeout(timer));
  };
  for (const page of context.pages()) watchPage(page);
  context.on("page", watchPage);
}

/** The findings as a failure message. */
export function describeFindings(findings: readonly TAxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.impact} ${finding.rule} at ${routeOf(finding.url)} (${finding.width} px): ${finding.help}\n` +
        finding.nodes.map((node) => `    ${node.replace(/\s+/g, " ")}`).join("\n"),
    )
    .join("\n");
}
