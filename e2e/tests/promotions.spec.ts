// Business promotions end to end: a business manager adds a deal from their business's page, and a
// visiting team's coach finds it on a nearby event's page under "Deals near this event".
import { signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

/** A one-pixel PNG: the deal's image. */
const DEAL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const INDIANAPOLIS = { lat: 39.7684, lng: -86.158 };
const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

test("a business manager adds a deal that shows on a nearby event's page as a deal near it", async ({
  browser,
  admin: ada,
}) => {
  const stamp = uniqueStamp();
  const businessName = `Monument Diner ${stamp}`;
  const eventName = `Crossroads Cup ${stamp}`;
  const dealTitle = `20% off team dinners ${stamp}`;
  const context = () => browser.newContext({ viewport: { width: 1280, height: 900 } });

  // The business, two miles from the venue, listed.
  const bea = await (await context()).newPage();
  await signedInAs(bea, "Bea Business", `bea-${stamp}@example.com`);
  const business = await api(
    bea,
    "POST",
    "/business-mgmt/api/businesses",
    {
      data: {
        name: businessName,
        businessCategory: "Food & Beverage",
        lat: INDIANAPOLIS.lat + 0.02,
        lng: INDIANAPOLIS.lng + 0.02,
      },
    },
    201,
  );
  const businessId = business!.data.id;
  await api(ada, "PUT", `/business-mgmt/api/businesses/${businessId}/approve`);

  // The event at the venue, 30 days out, listed.
  const olive = await (await context()).newPage();
  await signedInAs(olive, "Olive Organizer", `olive-${stamp}@example.com`);
  const event = await api(
    olive,
    "POST",
    "/event-mgmt/api/events",
    {
      data: {
        name: eventName,
        type: "Tournament",
        startDate: day(30),
        endDate: day(32),
        ...INDIANAPOLIS,
      },
    },
    201,
  );
  const eventId = event!.data.id;
  await api(ada, "PUT", `/event-mgmt/api/events/${eventId}/approve`);

  // Bea adds the deal from her business's page.
  await bea.goto(`/businesses/${businessId}`);
  const deals = bea.getByRole("region", { name: "Deals", exact: true });
  await expect(deals).toContainText("No deals yet");
  await deals.getByRole("button", { name: "Add a deal" }).click();
  const dialog = bea.getByRole("dialog", { name: "Add a deal" });
  await dialog.getByRole("textbox", { name: "Title" }).fill(dealTitle);
  await dialog.getByLabel("Percent off").fill("20");
  await dialog.getByLabel("Valid to").fill(day(90));
  await dialog.getByRole("textbox", { name: "Code" }).fill("CUP20");
  // The deal's image is uploaded, as the listing's own images are (no link to type).
  await dialog.getByLabel("Choose the deal's image").setInputFiles({
    name: "deal.png",
    mimeType: "image/png",
    buffer: DEAL_PNG,
  });
  await expect(dialog.getByRole("img", { name: "The deal's image" })).toBeVisible();
  await dialog.getByRole("checkbox", { name: "Coaches" }).check();
  await dialog.getByRole("button", { name: "Add deal" }).click();
  await expect(dialog).toBeHidden();
  await expect(deals.getByRole("listitem", { name: dealTitle })).toContainText("20% off");

  // A coach opens the event's page: the deal is among the deals near it.
  const cole = await (await context()).newPage();
  await signedInAs(cole, "Cole Coach", `cole-${stamp}@example.com`);
  await cole.goto(`/events/${eventId}`);
  const nearby = cole.getByRole("region", { name: "Deals near this event" });
  const card = nearby.getByRole("listitem", { name: dealTitle });
  await expect(card).toContainText("20% off");
  await expect(card.getByRole("link", { name: businessName })).toHaveAttribute(
    "href",
    `/businesses/${businessId}`,
  );
  await card.getByRole("button", { name: "Show code" }).click();
  await expect(card).toContainText("CUP20");
  await cole.screenshot({ path: test.info().outputPath("event-deals-1280.png"), fullPage: true });
});
