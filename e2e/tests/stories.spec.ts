// Stories end to end: a destination's manager writes a story about it from the destination's
// manage menu, with the live preview, and sends it; an admin approves it from the stories page;
// a visitor reads it at /stories/{slug}, painted by the server, with the destination as a card.
// A manager writes one from /stories, picking her destination in the editor, and an admin finds
// it on the Approvals tab and approves it there (sent after the moment its Undo is offered).
// And a story full of hostile Markdown is inert on the painted page and in the running app.
import { XSS_PAYLOADS, xssFindings } from "@hostfield/domain/testing";
import { desktopPage, signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

const INDIANAPOLIS = { lat: 39.7684, lng: -86.158 };
const address = {
  street: "200 S Capitol Ave",
  city: "Indianapolis",
  state: "IN",
  postalCode: "46225",
  country: "US",
};

/** The markup the server painted inside #root (what a browser shows before any script). */
const paintedRoot = (html: string) =>
  html.match(
    /<div id="root" inert aria-hidden="true">([\s\S]*)<\/div><script type="application\/json" id="first-view-state">/,
  )?.[1] ?? "";

test("a destination manager writes a story, an admin approves it, a visitor reads it", async ({
  browser,
  baseURL,
  adminPage: ada,
}) => {
  const stamp = uniqueStamp();
  const destinationName = `Visit Circle City ${stamp}`;
  const title = `How Circle City hosted 600 volleyball teams ${stamp}`;

  const { page: dana } = await desktopPage(browser);
  await signedInAs(dana, "Dana Destination", `dana-${stamp}@example.com`);
  const destination = await api(
    dana,
    "POST",
    "/destination-mgmt/api/destinations",
    { data: { name: destinationName, address, ...INDIANAPOLIS } },
    201,
  );
  const destinationId = destination!.data.id;
  await api(ada, "PUT", `/destination-mgmt/api/destinations/${destinationId}/approve`);

  // Dana opens the editor from her destination's manage menu.
  await dana.goto(`/destinations/${destinationId}`);
  await dana.getByRole("button", { name: "More listing actions" }).click();
  await dana.getByRole("menuitem", { name: "Write a story" }).click();
  await expect(dana).toHaveURL(/\/stories\/new\?listing=/);
  await expect(dana.getByRole("heading", { level: 1, name: "Write a story" })).toBeVisible();
  await dana.getByRole("textbox", { name: "Title" }).fill(title);
  await dana
    .getByRole("textbox", { name: "Summary" })
    .fill("Three days, twelve courts and one downtown.");
  await dana
    .getByRole("textbox", { name: "Story (Markdown)" })
    .fill("## Twelve courts\n\nEvery court was **hardwood**, a short walk from the hotels.");
  // The live preview: the server's rendering of what is written.
  const preview = dana.getByLabel("Preview");
  await expect(preview.getByRole("heading", { name: "Twelve courts" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("hardwood");
  await dana.getByRole("button", { name: "Event recaps" }).click();
  await dana.getByRole("textbox", { name: "Tags" }).fill("volleyball, downtown");
  await expect(dana.getByText(destinationName)).toBeVisible();
  await dana.getByRole("button", { name: "Save draft" }).click();

  await expect(dana).toHaveURL(/\/stories\/how-circle-city-hosted-600-volleyball-teams-\d+$/);
  const path = new URL(dana.url()).pathname;
  await expect(dana.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(dana.getByRole("alert").filter({ hasText: /^Draft/ })).toBeVisible();
  await dana.getByRole("button", { name: "Send for approval" }).click();
  await expect(dana.getByText("Waiting for approval").first()).toBeVisible();

  // Not published yet: a visitor who knows the address is told there is no such story.
  const { page: vic } = await desktopPage(browser);
  await vic.goto(path);
  await expect(
    vic.getByRole("heading", { name: "We have no story at this address" }),
  ).toBeVisible();

  // Ada finds it waiting on the stories page and approves it.
  await ada.goto("/stories");
  const waiting = ada.getByRole("region", { name: "My stories and stories waiting for approval" });
  await waiting.getByRole("link", { name: new RegExp(title) }).click();
  await expect(ada).toHaveURL(new RegExp(`${path}$`));
  await ada.getByRole("button", { name: "Approve" }).click();
  await expect(ada.getByRole("alert").filter({ hasText: /^Published/ })).toBeVisible();

  // The visitor reads it: painted by the server first (title and preview tags in the head).
  const html = await (await fetch(`${baseURL}${path}`)).text();
  expect(paintedRoot(html)).toContain(title);
  expect(html).toContain(`<meta property="og:title" content="${title} | Hostfield" />`);
  expect(html).toContain(
    '<meta name="description" content="Three days, twelve courts and one downtown." />',
  );
  await vic.goto(path);
  await expect(vic.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(vic.getByRole("heading", { name: "Twelve courts" })).toBeVisible();
  const about = vic.getByRole("region", { name: "In this story" });
  await expect(about.getByRole("link", { name: new RegExp(destinationName) })).toHaveAttribute(
    "href",
    `/destinations/${destinationId}`,
  );
  // Its tag leads to the stories filtered by it, with this one among them.
  await vic.getByRole("link", { name: "#downtown" }).click();
  await expect(vic).toHaveURL(/\/stories\?tags=downtown$/);
  await expect(vic.getByRole("link", { name: title })).toBeVisible();
  await vic.screenshot({ path: test.info().outputPath("stories-1280.png"), fullPage: true });

  // On a phone the list is one column and the story reads without sideways scrolling.
  await vic.setViewportSize({ width: 390, height: 844 });
  await vic.goto(path);
  await expect(vic.getByRole("heading", { level: 1 })).toHaveText(title);
  const overflow = await vic.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a manager writes a story from /stories, picking her destination, and an admin approves it on the Approvals tab", async ({
  browser,
  adminPage: ada,
}) => {
  const stamp = uniqueStamp();
  const destinationName = `Visit Riverbend ${stamp}`;
  const title = `Sand courts by the river ${stamp}`;

  const { page: dana } = await desktopPage(browser);
  await signedInAs(dana, "Dana Destination", `dana-picks-${stamp}@example.com`);
  await api(
    dana,
    "POST",
    "/destination-mgmt/api/destinations",
    { data: { name: destinationName, address, ...INDIANAPOLIS } },
    201,
  );

  // Dana starts from the stories page: no listing comes with the editor, she picks hers.
  await dana.goto("/stories");
  await dana.getByRole("link", { name: "Write a story" }).click();
  await expect(dana).toHaveURL(/\/stories\/new$/);
  await dana.getByRole("textbox", { name: "Title" }).fill(title);
  await dana
    .getByRole("textbox", { name: "Story (Markdown)" })
    .fill("Eight sand courts, a short walk from the river.");
  const picker = dana.getByRole("combobox", { name: "About these listings" });
  await picker.fill(`Riverbend ${stamp}`);
  await expect(dana.getByRole("option", { name: new RegExp(destinationName) })).toBeVisible();
  await picker.press("ArrowDown");
  await picker.press("Enter");
  await expect(dana.getByRole("button", { name: destinationName })).toBeVisible();
  await dana.getByRole("button", { name: "Save draft" }).click();

  await expect(dana.getByRole("heading", { level: 1 })).toHaveText(title);
  const path = new URL(dana.url()).pathname;
  expect(path).not.toBe("/stories/new");
  await expect(dana.getByRole("region", { name: "In this story" })).toContainText(destinationName);
  await dana.getByRole("button", { name: "Send for approval" }).click();
  await expect(dana.getByText("Waiting for approval").first()).toBeVisible();

  // Ada finds it on the Approvals tab and approves it there; it is sent once the Undo has gone.
  await ada.goto("/admin");
  const queue = ada.getByRole("region", { name: /^Stories waiting for approval/ });
  const item = queue.getByRole("listitem", { name: title });
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: `Approve the story ${title}` }).click();
  await expect(ada.getByText(`Publishing “${title}”…`)).toBeVisible();
  await expect(ada.getByText(`“${title}” is approved and published.`)).toBeVisible();
  await expect(ada.getByRole("listitem", { name: title })).toHaveCount(0);

  // Published: a visitor reads it.
  const { page: vic } = await desktopPage(browser);
  await vic.goto(path);
  await expect(vic.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("hostile Markdown in a story is inert on the painted page and in the app", async ({
  browser,
  baseURL,
  admin: ada,
}) => {
  const stamp = uniqueStamp();
  const title = `Hostile story ${stamp}`;
  const created = await api(
    ada,
    "POST",
    "/story-mgmt/api/stories",
    {
      data: {
        title,
        body: XSS_PAYLOADS.map((p) => `${p.markdown}\n\nafter ${p.name}`).join("\n\n"),
      },
    },
    201,
  );
  const story = created!.data as unknown as { id: string; slug: string };
  await api(ada, "PUT", `/story-mgmt/api/stories/${story.id}/approve`);

  // The server's paint: every payload's neighbour is there, no payload's tag survives.
  const html = await (await fetch(`${baseURL}/stories/${story.slug}`)).text();
  const root = paintedRoot(html).replace(/&#x27;|&#39;/g, "'");
  expect(root).toContain(title);
  for (const p of XSS_PAYLOADS) expect(root).toContain(`after ${p.name}`);
  // The story's body (the article holds nothing after it: no categories, tags or listings)...
  const painted = root.slice(root.indexOf("story-body"), root.indexOf("</article>"));
  expect(painted).toContain("after script tag");
  expect(xssFindings(`<div class="${painted}`)).toEqual([]);
  // ...and the whole painted page: no script, handler or javascript: link anywhere in it.
  const tags = root.match(/<[a-z!/][^>]*>/gi) ?? [];
  expect(tags.filter((tag) => /<script|\son[a-z]+\s*=|javascript:/i.test(tag))).toEqual([]);
  // The page has the scripts every painted page has (start-up, data), and not one more.
  const scripts = (page: string) => page.match(/<script\b/gi)?.length ?? 0;
  const listHtml = await (await fetch(`${baseURL}/stories`)).text();
  expect(paintedRoot(listHtml)).toContain("Stories");
  expect(scripts(html)).toBe(scripts(listHtml));

  // The running app shows the same HTML: nothing ran, no dialog opened.
  const { page } = await desktopPage(browser);
  let dialogs = 0;
  page.on("dialog", async (dialog) => {
    dialogs++;
    await dialog.dismiss();
  });
  await page.goto(`/stories/${story.slug}`);
  await expect(page.locator("#root")).not.toHaveAttribute("inert");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  // What was a javascript: link is words without an address now: clicking it does nothing.
  await page.locator(".story-body").getByText("click me", { exact: true }).click();
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toBe(0);
  const body = await page.locator(".story-body").innerHTML();
  expect(xssFindings(body)).toEqual([]);
});
