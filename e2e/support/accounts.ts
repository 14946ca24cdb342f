// Accounts for the journeys. Most are made over HTTP and their session put into the page
// (signedInAs: support/session.ts), which takes a fraction of the pages' time; the journeys about
// signing up and in go through the pages: the Sign up and Log in popups, the outbox's link.
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { injectSession, logInByHttp, PASSWORD, signUpByHttp } from "./session";

export { PASSWORD };

export async function signUpInPopup(page: Page, name: string, email: string) {
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Sign up" }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole("heading", { name: "Create your Hostfield account" })).toBeVisible();
  await popup.getByLabel("Name").fill(name);
  await popup.getByLabel("E-mail").fill(email);
  await popup.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await popup.getByLabel("Account type").selectOption("Event Organizer");
  await popup.getByRole("button", { name: "Sign up" }).click();
  await expect(popup.getByText(email)).toBeVisible();
  await expect(popup.getByText(/Look for an email/)).toBeVisible();
  await popup.close();
}

/**
 * Signs in through the top bar's "Log in" popup. The top bar's button, not any: a page that asks a
 * guest to sign in (a notification's link, say) shows a second "Log in" button of its own.
 */
export async function logInWithPopup(page: Page, email: string, password = PASSWORD) {
  const popupOpened = page.waitForEvent("popup");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Log in" })
    .click();
  const popup = await popupOpened;
  await popup.getByLabel("E-mail").fill(email);
  await popup.getByLabel("Password", { exact: true }).fill(password);
  // Listened for before the click: a quick sign-in closes the popup before the click returns, and
  // a close that has already happened is never reported to a later listener.
  const closed = popup.waitForEvent("close", { timeout: 30_000 });
  await popup
    .getByRole("button", { name: "Log in" })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
  return { popup, closed };
}

/**
 * A new account (an Event Organizer, as the popup's form defaults to), signed up, verified and
 * logged in over HTTP, its session put into `page` (a page of a context of its own), which ends
 * on /home.
 */
export async function signedInAs(page: Page, name: string, email: string) {
  await signUpByHttp({ name, email });
  await injectSession(page, await logInByHttp(email));
}

/** An existing account (the seed's demo accounts, say) logged in over HTTP on `page`; ends on /home. */
export async function loggedInAs(page: Page, email: string, password = PASSWORD) {
  await injectSession(page, await logInByHttp(email, password));
}

/** A page in a browser context of its own (its own session), at the journeys' desktop size. */
export async function desktopPage(
  browser: Browser,
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { page: await context.newPage(), context };
}
