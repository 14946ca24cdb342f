// The journeys' `test` and `expect`: every spec imports them from here, not from @playwright/test.
// Beside Playwright's own fixtures:
// - `admin` (one per worker): Ada, signed up over HTTP and made admin from the shell once per
//   worker (`cli/admin grant`, as an operator would), for every test in the worker that needs "an
//   admin" to approve or list things through the API (support/api.ts takes her as a caller).
// - `adminPage`: a page of its own (1280 x 900) signed in as that admin, for a journey that shows
//   what the admin does in the app; a fresh log-in over HTTP, not a new account.
// - Every browser context a test opens itself (browser.newContext, desktopPage) is closed when
//   the test ends. Left open, their pages kept running for the rest of the worker's tests, and
//   each of them was traced again with every later test.
// - Every page of every context a test uses is checked with axe-core as it arrives at an address
//   (support/axe.ts); a serious or critical violation fails the test when it ends.
import { test as base, expect, type Page } from "@playwright/test";
import { desktopPage } from "./accounts";
import { grantAdmin, type TApiCaller } from "./api";
import {
  CHECK_TIMEOUT_MS,
  checkedPage,
  checkPage,
  describeFindings,
  type TAxeFinding,
  watchContext,
  within,
} from "./axe";
import { injectSession, logInByHttp, PASSWORD, signUpByHttp, type TSession } from "./session";
import { uniqueStamp } from "./unique";

/** An account the journeys share: its address, and API calls made as it (a cached log-in). */
export type TSharedAccount = TApiCaller & { name: string; email: string };

/** Logged in over HTTP once; logged in again when the access token has less than 5 min left. */
function sharedAccount(name: string, email: string, password = PASSWORD): TSharedAccount {
  let session: Promise<TSession> | null = null;
  return {
    name,
    email,
    async accessToken() {
      const current = session ? await session : null;
      if (!current || current.expiresAtMs - Date.now() < 5 * 60_000) {
        session = logInByHttp(email, password);
        return (await session).accessToken;
      }
      return current.accessToken;
    },
  };
}

type TWorkerFixtures = { admin: TSharedAccount };
type TTestFixtures = {
  adminPage: Page;
  closeOwnContexts: undefined;
  /**
   * Resolves once `page`'s route at its width (in `state`, when named) has been checked with axe;
   * what it finds fails the test when it ends.
   */
  accessible: (page: Page, state?: string) => Promise<void>;
};

export const test = base.extend<TTestFixtures, TWorkerFixtures>({
  admin: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use, workerInfo) => {
      const email = `ada-worker${workerInfo.workerIndex}-${uniqueStamp()}@example.com`;
      await signUpByHttp({ name: "Ada Admin", email });
      grantAdmin(email);
      await use(sharedAccount("Ada Admin", email));
    },
    { scope: "worker", timeout: 60_000 },
  ],

  adminPage: async ({ browser, admin }, use) => {
    const { page } = await desktopPage(browser);
    await injectSession(page, await logInByHttp(admin.email));
    await use(page);
  },

  accessible: [
    // After the test's own contexts are closed (closeOwnContexts' end comes after this one's).
    async ({ browser, context, javaScriptEnabled, closeOwnContexts: _ }, use) => {
      // axe runs as a script in the page: a journey without scripts has nothing to run it with.
      if (javaScriptEnabled === false) {
        await use(async () => undefined);
        return;
      }
      const findings: TAxeFinding[] = [];
      const pending = new Set<Promise<void>>();
      watchContext(context, findings, pending);
      // The contexts the test opens itself (browser.newContext, desktopPage) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        watchContext(opened, findings, pending);
        return opened;
      };
      await use((page, state) => checkedPage(page, findings, state));
      browser.newContext = newContext;
      // A check that hangs (a page that never answers) is dropped, not waited on until the
      // journey's time is up: its route goes unchecked in this run.
      const enough = (work: Promise<unknown>) =>
        within(work, 2 * CHECK_TIMEOUT_MS, "the journey's axe checks").catch((error) =>
          console.warn(String(error)),
        );
      await enough(Promise.all(pending));
      // The pages' last state, which the test may have reached without a navigation.
      const pages = browser.contexts().flatMap((open) => open.pages());
      for (const page of pages) await enough(checkPage(page, findings).catch(() => undefined));
      if (findings.length > 0) {
        throw new Error(
          `axe-core: ${findings.length} serious or critical violation(s)\n${describeFindings(findings)}`,
        );
      }
    },
    { auto: true },
  ],

  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true },
  ],
});

export { expect };
