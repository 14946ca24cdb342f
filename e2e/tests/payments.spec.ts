// Buying a tier end to end, against the local fake Stripe (e2e/serve.mjs starts it): the admin puts
// the tiers on sale; a Bronze destination near Fargo sees on the RFP marketplace that a hot request
// is on its way (Bronze gets hot requests a day late) with the upsell, follows it to its listing's
// Membership, chooses Silver, pays on the provider's hosted checkout, comes back to its tier
// confirmed, and finds the waiting request on the marketplace.
import { FOUR_INDOOR_COURTS } from "@hostfield/domain/testing";
import { signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";
import { silverCourts, type TVenuePlace } from "../support/venues";

/** Fargo, North Dakota: no other journey's listings are near it. */
const FARGO: TVenuePlace = {
  city: "Fargo",
  state: "ND",
  postalCode: "58102",
  lat: 46.8772,
  lng: -96.7898,
};

test("a Bronze destination sees the hot-lead notice, upgrades to Silver on the provider's checkout, and the waiting request appears", async ({
  browser,
  admin: ada,
}) => {
  const stamp = uniqueStamp();
  const destinationName = `Red River Sports ${stamp}`;
  const eventName = `Prairie Hoops Shootout ${stamp}`;
  const context = () => browser.newContext({ viewport: { width: 1280, height: 900 } });

  // The tiers on sale.
  await api(ada, "PUT", "/payment-mgmt/api/payments/admin/prices", {
    data: {
      prices: [
        { tier: "Bronze", interval: "month", amount: 29 },
        { tier: "Silver", interval: "month", amount: 99 },
        { tier: "Gold", interval: "month", amount: 199 },
      ],
    },
  });

  // A Bronze destination, and a venue with four indoor hardwood courts listed under it.
  const dora = await (await context()).newPage();
  await signedInAs(dora, "Dora Destination", `dora-${stamp}@example.com`);
  const destination = await api(
    dora,
    "POST",
    "/destination-mgmt/api/destinations",
    {
      data: {
        name: destinationName,
        address: { street: null, city: "Fargo", state: "ND", postalCode: null, country: "US" },
        lat: FARGO.lat,
        lng: FARGO.lng,
      },
    },
    201,
  );
  const destinationId = destination!.data.id;
  await api(ada, "PUT", `/destination-mgmt/api/destinations/${destinationId}/approve`);
  await api(ada, "PATCH", `/destination-mgmt/api/destinations/${destinationId}`, [
    { op: "replace", path: "/tier", value: "Bronze" },
  ]);
  // The venue is someone else's (its own Silver tier would give Dora hot leads through it).
  const vic = await (await context()).newPage();
  await signedInAs(vic, "Vic Venue", `vic-${stamp}@example.com`);
  const courts = await silverCourts(vic, ada, `Fargodome Courts ${stamp}`, FARGO);
  await api(
    ada,
    "POST",
    `/facility-mgmt/api/facilities/${courts}/destinations`,
    { data: { destinationId } },
    201,
  );

  // An organizer publishes an urgent request for courts near Fargo: a hot lead.
  const olive = await (await context()).newPage();
  await signedInAs(olive, "Olive Organizer", `olive-${stamp}@example.com`);
  const event = await api(
    olive,
    "POST",
    "/event-mgmt/api/events",
    {
      data: { name: eventName, type: "Tournament", startDate: "2031-03-14", endDate: "2031-03-16" },
    },
    201,
  );
  const eventId = event!.data.id;
  const draft = await api(
    olive,
    "POST",
    `/event-mgmt/api/events/${eventId}/requirements`,
    {
      data: {
        ...FOUR_INDOOR_COURTS,
        address: "Fargo, ND",
        dist: 50,
        spaceDescription: null,
        urgency: 0,
      },
    },
    201,
  );
  await api(
    olive,
    "PUT",
    `/event-mgmt/api/events/${eventId}/requirements/${draft!.data.id}/publish`,
  );

  // On the RFP marketplace the Bronze destination sees it is on its way, and the upsell.
  await dora.goto("/rfps");
  // (The notice is a line above other journeys' requests, or a panel on an empty marketplace.)
  const heldBack = dora.getByText(/1 hot request reaches your listing 24 hours after it went out/);
  await expect(heldBack).toBeVisible();
  await expect(dora.getByRole("main")).not.toContainText(eventName);
  await expect(
    dora.getByText("Upgrade to Silver to see hot requests as soon as they are published."),
  ).toBeVisible();
  await dora.getByRole("link", { name: /^See plans/ }).click();
  await expect(dora).toHaveURL(new RegExp(`/destinations/${destinationId}#membership$`));

  // Its Membership: Bronze, set by Hostfield's team; it chooses Silver and pays at the provider.
  const membership = dora.getByRole("region", { name: "Membership" });
  await expect(membership).toContainText("Current tier: Bronze");
  await membership.getByRole("button", { name: "Choose Silver" }).click();
  await expect(dora.getByRole("button", { name: "Pay" })).toBeVisible();
  await dora.getByRole("button", { name: "Pay" }).click();

  // Back on the listing: the tier follows once the provider's webhooks confirm the payment.
  await expect(dora).toHaveURL(/checkout=success/);
  await expect(dora.getByText(`Payment confirmed: ${destinationName} is now Silver.`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(membership).toContainText("Current tier: Silver");

  // The waiting request is on the marketplace now, a day early.
  await dora.goto("/rfps");
  await expect(dora.getByRole("main")).toContainText(eventName);
  await expect(heldBack).toHaveCount(0);
});
