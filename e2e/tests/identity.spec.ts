// Identity journeys, through the pages (the other journeys make their accounts over HTTP): sign up,
// verify from the outbox, sign in with the popup, admin by CLI, account, sign out (asked only
// when the app did not ask for it).
import { logInWithPopup, signUpInPopup } from "../support/accounts";
import { grantAdmin } from "../support/api";
import { lastMailTo, linkIn } from "../support/outbox";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

test("a new user signs up, verifies, signs in, becomes admin by CLI, edits the account and signs out", async ({
  page,
}) => {
  const email = `ada-${uniqueStamp()}@example.com`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await signUpInPopup(page, "Ada Lovelace", email);

  const mail = await lastMailTo(email);
  expect(mail.subject).toMatch(/verify/i);
  await page.goto(linkIn(mail.text));
  await expect(page.getByText(/verified/i).first()).toBeVisible();
  // The sign-in pages are set in the product's typeface, served by the server itself.
  const loadedFonts = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family);
  });
  expect(loadedFonts.some((family) => family.includes("Plus Jakarta Sans"))).toBe(true);

  await page.goto("/");
  await (await logInWithPopup(page, email)).closed;
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("button", { name: "Log in" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Home" })).toBeVisible();

  // The Me menu shows the address; no Admin item yet.
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Admin" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // An operator grants admin from the shell while the server runs.
  grantAdmin(email);
  await page.reload();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("menu").getByRole("menuitem", { name: "Admin" })).toBeVisible();
  await page.getByRole("menu").getByRole("menuitem", { name: "My account" }).click();
  await expect(page).toHaveURL(/\/account$/);

  const name = page.getByRole("textbox", { name: "Name" });
  await expect(name).toHaveValue("Ada Lovelace");
  await name.fill("Ada Byron");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("button", { name: "Save changes" })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Ada Byron");

  // Reached without the app (no ID token named), the provider asks; "Stay signed in" returns to
  // the page left, still signed in.
  const left = new URL(page.url()).pathname;
  await page.evaluate(() => {
    window.location.href = "/oidc/session/end?client_id=hostfield-web";
  });
  await page.getByRole("link", { name: "Stay signed in" }).click();
  await expect(page).toHaveURL(new RegExp(`${left}$`));
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("menu").getByRole("menuitem", { name: "My account" })).toBeVisible();
  await page.keyboard.press("Escape");

  // The menu's Sign out was the choice: it signs out without asking again.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
});

test("signing in before verifying shows the persistent 'Look for an email' warning", async ({
  page,
}) => {
  const email = `una-${uniqueStamp()}@example.com`;
  // The page's clock, to let the toasts' lifetime pass without waiting for it (it ticks as usual
  // until moved on).
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await signUpInPopup(page, "Una Verified", email);
  await (await logInWithPopup(page, email)).closed;
  const warning = page.getByText(/Look for an email/);
  await expect(warning).toBeVisible();
  // Persistent: still there when twice a toast's lifetime (TOAST.lifetime, 5 s) has passed on the
  // page's clock. An ordinary toast is gone within a frame or two of this.
  await page.clock.fastForward(10_000);
  await expect(warning).toBeVisible();
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
});
