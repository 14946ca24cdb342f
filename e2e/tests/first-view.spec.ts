// A public page's first view: the server paints it from the app's own components before any
// script runs (so a phone on a slow network sees the page at once), and the app then takes that
// markup over without redrawing it. Someone who signed in here lately gets no visitor's view.
import { expect, test } from "../support/test";

const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
};

/** The first facility the marketplace lists: its name and page. */
async function firstFacility(baseURL: string) {
  const reply = await fetch(
    `${baseURL}/facility-mgmt/api/facilities/search?api-version=1.0&take=1`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: {} }),
    },
  );
  const facility = (await reply.json()).data[0] as { id: string; name: string };
  return { name: facility.name, path: `/facilities/${facility.id}` };
}

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false, ...PHONE });

  test("the facility marketplace and a facility page are painted by the server", async ({
    page,
    baseURL,
  }) => {
    const facility = await firstFacility(baseURL!);
    await page.goto("/facilities/marketplace");
    // The painted page is inert (it cannot be used before the app runs), so it is read as text.
    const root = page.locator("#root");
    await expect(root).toHaveAttribute("inert", "");
    await expect(root).toHaveAttribute("aria-hidden", "true");
    await expect(root.locator("h1")).toHaveText("Facilities");
    // Named in the head as well, for tabs, search results and link previews.
    await expect(page).toHaveTitle("Facilities | Hostfield");
    await expect(root.locator("article").first()).toBeVisible();
    await expect(root.locator("article", { hasText: facility.name })).toHaveCount(1);
    // Laid out for the phone the browser said it is: the compact top bar, no "Log in" button.
    await expect(root.getByText("Log in", { exact: true })).toHaveCount(0);

    await page.goto(facility.path);
    await expect(root.locator("h1")).toHaveText(facility.name);
    await expect(root.getByText("About", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${facility.name} | Hostfield`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      `${facility.name} | Hostfield`,
    );
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      "content",
      new RegExp(`${facility.path}$`),
    );
  });
});

test.describe("with scripts", () => {
  test.use(PHONE);

  test("the app takes the painted page over without redrawing it, and it works", async ({
    page,
    baseURL,
  }) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      // A redrawn first view is reported with console.info; errors are what must not happen.
      if (message.type() === "error" || message.text().includes("first view was redrawn")) {
        problems.push(message.text());
      }
    });
    const facility = await firstFacility(baseURL!);
    await page.goto(facility.path);
    const heading = page.locator("h1");
    const painted = await heading.elementHandle();
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    await expect(page.locator("#root")).not.toHaveAttribute("aria-hidden");
    // The same element: taken over (hydrated), not replaced.
    expect(await heading.evaluate((element, first) => element === first, painted)).toBe(true);
    // The page's styles came with it, in the head, and the app found every one in place: it added
    // no rule of its own while taking over. (A renderer built for development labels its class
    // names, and the app then inserts each style again.)
    const styles = await page.evaluate(() => {
      const tags = [...document.querySelectorAll<HTMLStyleElement>("style[data-emotion]")];
      return {
        painted: tags.filter((tag) => tag.hasAttribute("data-s")).length,
        inBody: document.body.querySelectorAll("style[data-emotion]").length,
        addedRules: tags
          .filter((tag) => tag.getAttribute("data-emotion") === "css")
          .reduce((sum, tag) => sum + (tag.sheet?.cssRules.length ?? 0), 0),
      };
    });
    expect(styles.painted).toBeGreaterThan(10);
    expect(styles.inBody).toBe(0);
    expect(styles.addedRules).toBe(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(facility.name);
    // Working: Like asks a visitor to sign in.
    await page.getByRole("button", { name: /^Like/ }).click();
    await expect(page.getByRole("dialog")).toContainText(/sign in|log in/i);
    expect(problems).toEqual([]);
  });

  test("someone who signed in here lately gets the plain page", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "hf_session_hint", value: "1", url: baseURL! }]);
    const reply = await page.request.get("/facilities/marketplace");
    const html = await reply.text();
    expect(html).not.toContain("first-view-state");
    expect(html).toContain('<div id="root"></div>');
  });
});
