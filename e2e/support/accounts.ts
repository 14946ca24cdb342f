// Accounts made the way people make them: sign up in the popup, verify from the outbox, log in.
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { grantAdmin } from "./api";
import { lastMailTo, linkIn } from "./outbox";

export const PASSWORD = "correct horse 42";

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

/** Signs up, verifies and signs in on `page`, which ends on /home. */
export async function signedInAs(page: Page, name: string, email: string) {
  await page.goto("/");
  await signUpInPopup(page, name, email);
  await page.goto(linkIn((await lastMailTo(email)).text));
  await expect(page.getByText(/verified/i).first()).toBeVisible();
  await page.goto("/");
  await (await logInWithPopup(page, email)).closed;
  await expect(page).toHaveURL(/\/home$/);
}

/** A page in a browser context of its own (its own session), at the journeys' desktop size. */
export async function desktopPage(
  browser: Browser,
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { page: await context.newPage(), context };
}

/** Ada, signed in on a page of her own and made admin from the shell, as an operator would. */
export async function signedInAdmin(browser: Browser, email: string): Promise<Page> {
  const { page } = await desktopPage(browser);
  await signedInAs(page, "Ada Admin", email);
  grantAdmin(email);
  return page;
}
