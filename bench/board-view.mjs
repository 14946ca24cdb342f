// A pipeline board as its manager sees it open: Debian's chromium (CHROMIUM_PATH), signed in
// through the top bar's Log in window (the journeys' own helper), opens the board's address `runs`
// times (the first not counted: it fills the browser's cache and the server's first statements),
// each a full load of the page. Times, in the page's own clock, from the navigation's start to every
// column showing its first card, and that less the page's first paint (what sign-in restore, the
// venue list, the board's calls and drawing its cards take); of that, when the board's own reply
// had arrived (the calls before it and its own) and what came after it; and the time until all its
// cards were drawn. Then, on the board last opened, how long selecting a card takes (null where the
// board offers no card to select).
import { chromium } from "playwright-core";
import { logInWithPopup } from "../e2e/support/accounts.ts";
import { latencySummary } from "./latency.mjs";

/**
 * Runs in the page before its own scripts: notes (page clock, ms from the navigation's start) the
 * first moment `columns` columns each hold a card, and the first moment the board holds all its
 * `cards`, checked at every change of the document, so the figures do not depend on how often the
 * bench asks.
 */
function watchBoard({ columns, cards }) {
  const observer = new MutationObserver(() => {
    const sections = [...document.querySelectorAll("section[aria-labelledby]")];
    const counts = sections.map((s) => s.querySelectorAll("li[aria-labelledby]").length);
    const now = performance.now();
    if (window.__boardShownAt === undefined && counts.length >= columns) {
      if (counts.slice(0, columns).every((n) => n > 0)) window.__boardShownAt = now;
    }
    if (counts.reduce((sum, n) => sum + n, 0) >= cards) {
      window.__boardCardsAt = now;
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Checkbox clicks timed on the board: each card's box once on, then once off. */
const SELECT_CLICKS = 20;

/**
 * Clicks the board's first checkboxes (each card's "Select …") on and then off, one at a time, and
 * answers each click's duration by the browser's Event Timing: from the input to the frame painted
 * after it was handled. The browser reports only clicks of 16 ms or more; one it did not report is
 * counted as 16 ms.
 */
async function selectingCards(page, clicks) {
  await page.evaluate(() => {
    window.__clicks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === "click") window.__clicks.push(entry.duration);
      }
    }).observe({ type: "event", durationThreshold: 16 });
  });
  const boxes = page.getByRole("checkbox");
  const half = Math.min(clicks / 2, await boxes.count());
  const ms = [];
  for (let i = 0; i < half * 2; i++) {
    await boxes.nth(i % half).click();
    // Time for the frame and the observer's report.
    await page.waitForTimeout(200);
    const reported = await page.evaluate(() => window.__clicks.splice(0));
    ms.push(reported.length > 0 ? Math.max(...reported) : 16);
  }
  return ms;
}

export async function boardView({ base, email, password, path, columns, cards, runs }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await (await logInWithPopup(page, email, password)).closed;
    await page.waitForURL(/\/home$/);
    await page.addInitScript(watchBoard, { columns, cards });

    const shown = [];
    const afterPaint = [];
    const reply = [];
    const afterReply = [];
    const allCards = [];
    for (let i = 0; i < runs + 1; i++) {
      await page.goto(`${base}${path}`, { waitUntil: "commit" });
      await page.waitForFunction(() => window.__boardCardsAt !== undefined, null, {
        timeout: 30_000,
      });
      const times = await page.evaluate(() => ({
        shown: window.__boardShownAt,
        cards: window.__boardCardsAt,
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        // The board's call: /pipeline under the API (the page's own address is /pipeline too).
        boardReply:
          performance
            .getEntriesByType("resource")
            .find((entry) => /\/api\/.*\/pipeline\?/.test(entry.name))?.responseEnd ?? null,
      }));
      if (i === 0) continue;
      shown.push(times.shown);
      allCards.push(times.cards);
      if (times.firstPaint !== null) afterPaint.push(Math.max(0, times.shown - times.firstPaint));
      if (times.boardReply !== null) {
        reply.push(times.boardReply);
        afterReply.push(Math.max(0, times.shown - times.boardReply));
      }
    }
    const selectMs = await selectingCards(page, SELECT_CLICKS);
    return {
      runs,
      shownMs: latencySummary(shown),
      afterFirstPaintMs: latencySummary(afterPaint),
      // From the navigation's start to the board's reply, and from there to its cards.
      boardReplyMs: latencySummary(reply),
      afterBoardReplyMs: latencySummary(afterReply),
      // From the navigation's start to every card of the board drawn.
      allCardsMs: latencySummary(allCards),
      // Selecting a card (its checkbox clicked): the click's Event Timing duration, from the input
      // to the next frame painted after its handlers.
      selectMs: selectMs.length > 0 ? latencySummary(selectMs) : null,
    };
  } finally {
    await browser.close();
  }
}
