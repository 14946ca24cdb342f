// Foundation journey: a visitor explores the shell from the landing page, wide and on a phone.
import { signedInAs } from "../support/accounts";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

const MARKETPLACES = [
  { title: "Events", path: "/events/marketplace" },
  { title: "Event Organizations", path: "/organizations/directory" },
  { title: "Facilities", path: "/facilities/marketplace" },
  { title: "Destinations", path: "/destinations/marketplace" },
  { title: "Attractions & Things to Do", path: "/businesses/marketplace" },
];
/** The Search menu's sections: every marketplace, then the stories. */
const SECTIONS = [...MARKETPLACES, { title: "Stories", path: "/stories" }];

test("a visitor opens Search and visits every marketplace and the stories; a member switches the colour theme", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });

  await page.goto("/");
  await expect(page).toHaveTitle("Your sports event starts here | Hostfield");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign up" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Find new event host" }).first()).toBeVisible();

  for (const marketplace of SECTIONS) {
    // The top bar's Search menu (a marketplace page has its own Search button too).
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "Search" })
      .click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveCount(SECTIONS.length);
    // Named by its title, then its description.
    await menu.getByRole("menuitem", { name: new RegExp(`^${marketplace.title} `) }).click();
    await expect(page).toHaveURL(marketplace.path);
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(marketplace.title);
    await expect(page).toHaveTitle(`${marketplace.title} | Hostfield`);
  }

  // A visitor has no theme control; a member's toggle cycles light → dark → system and remembers
  // the choice across a reload.
  await expect(page.getByRole("button", { name: "Toggle colour theme" })).toHaveCount(0);
  await signedInAs(page, "Theo Theme", `theo-${uniqueStamp()}@example.com`);
  await page.goto("/facilities/marketplace");
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const toggle = page.getByRole("button", { name: "Toggle colour theme" });
  await page.emulateMedia({ colorScheme: "light" });
  const before = await background();
  await toggle.click();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("hostfield.colorMode")))
    .not.toBeNull();
  let mode = await page.evaluate(() => localStorage.getItem("hostfield.colorMode"));
  while (mode !== "dark") {
    await toggle.click();
    mode = await page.evaluate(() => localStorage.getItem("hostfield.colorMode"));
  }
  await expect.poll(background).not.toBe(before);
  const dark = await background();
  await page.reload();
  await expect.poll(background).toBe(dark);

  expect(problems).toEqual([]);
});

test("on a 375 px screen the menu holds the sign-in actions", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/facilities/marketplace");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole("button", { name: "Log in" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Log in" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Sign up" })).toBeVisible();
  // The colour theme is a member's control (spec: theme controls show only when logged in).
  await expect(menu.getByRole("menuitem", { name: /^Colour theme: / })).toHaveCount(0);
  await menu.getByRole("menuitem", { name: "Find new event host" }).click();
  await expect(page).toHaveURL("/destinations/marketplace");
  await expect(page.getByRole("menu")).toBeHidden();
});

test("an unknown address shows the not-found page, and back/forward restore the scroll position", async ({
  page,
}) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/\| Hostfield$/);
  await expect(page.getByText(/not found|doesn.t exist|can.t find/i).first()).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("menuitem", { name: /^Facilities / }).click();
  await expect(page).toHaveURL("/facilities/marketplace");
  await page.goBack();
  await expect(page).toHaveURL("/");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
});
