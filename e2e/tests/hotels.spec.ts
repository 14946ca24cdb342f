// Hotel rooms for an event end to end: a hotel near the venue sells queens, holds 10 a night for a
// Marketed event at a group rate; a team manager reserves 3 rooms for the event's 2 nights from the
// event page; the organizer sees pickup rise on the block dashboard; the hotel's manager sees the
// reservation and exports it.
import fs from "node:fs";
import { signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

const INDIANAPOLIS = { lat: 39.7684, lng: -86.158 };
const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

test("a team manager reserves 3 rooms for 2 nights from the event page; the organizer sees the pickup, the hotel exports the reservation", async ({
  browser,
  admin: ada,
}) => {
  const stamp = uniqueStamp();
  const hotelName = `Canal Walk Hotel ${stamp}`;
  const eventName = `Circle City Classic ${stamp}`;
  const context = () => browser.newContext({ viewport: { width: 1280, height: 900 } });

  // The hotel: listed, one room type, 20 queens a night at $150 for the next 90 days.
  const hattie = await (await context()).newPage();
  await signedInAs(hattie, "Hattie Hotel", `hattie-${stamp}@example.com`);
  const hotel = await api(
    hattie,
    "POST",
    "/hotel-mgmt/api/hotels",
    {
      data: {
        name: hotelName,
        address: {
          street: "350 W Washington St",
          city: "Indianapolis",
          state: "IN",
          postalCode: "46204",
          country: "US",
        },
        lat: INDIANAPOLIS.lat + 0.004,
        lng: INDIANAPOLIS.lng - 0.01,
      },
    },
    201,
  );
  const hotelId = hotel!.data.id;
  await api(ada, "PUT", `/hotel-mgmt/api/hotels/${hotelId}/approve`);
  const queen = await api(
    hattie,
    "POST",
    `/hotel-mgmt/api/hotels/${hotelId}/rooms`,
    { data: { name: "Double Queen", beds: "2 Queen", maxOccupancy: 4, rackRate: 189 } },
    201,
  );
  await api(hattie, "PUT", `/hotel-mgmt/api/hotels/${hotelId}/calendar`, {
    data: { roomTypeIds: [queen!.data.id], from: day(0), to: day(90), roomsToSell: 20, rate: 150 },
  });

  // The event: Marketed, 40 days out, two nights, at the venue; the hotel holds 10 queens a night.
  const olive = await (await context()).newPage();
  await signedInAs(olive, "Olive Organizer", `olive-${stamp}@example.com`);
  const start = day(40);
  const event = await api(
    olive,
    "POST",
    "/event-mgmt/api/events",
    {
      data: {
        name: eventName,
        type: "Tournament",
        startDate: start,
        endDate: day(42),
        category: "Marketed",
        ...INDIANAPOLIS,
      },
    },
    201,
  );
  const eventId = event!.data.id;
  await api(ada, "PUT", `/event-mgmt/api/events/${eventId}/approve`);
  const block = await api(
    olive,
    "POST",
    "/hotel-mgmt/api/hotels/blocks",
    {
      data: {
        eventId,
        hotelId,
        perNight: { roomTypeId: queen!.data.id, rooms: 10, rate: 119 },
        cutoffDate: day(20),
        attritionPercent: 20,
      },
    },
    201,
  );
  await api(hattie, "PUT", `/hotel-mgmt/api/hotels/blocks/${block!.data.id}/accept`);

  // The organizer's dashboard: nothing booked yet.
  await olive.goto(`/events/${eventId}/hotels`);
  const pickup = olive.getByRole("region", { name: "Pickup" });
  await expect(pickup).toContainText("0 of 20 room nights");

  // A team manager opens the event page and reserves from its hotels.
  const tom = await (await context()).newPage();
  await signedInAs(tom, "Tom Team", `tom-${stamp}@example.com`);
  await tom.goto(`/events/${eventId}`);
  const hotels = tom.getByRole("region", { name: "Hotels for this event" });
  await expect(hotels.getByRole("link", { name: hotelName, exact: true })).toBeVisible();
  await hotels.getByRole("link", { name: `Reserve at ${hotelName}` }).click();
  const dates = tom.getByRole("form", { name: "Dates and rooms" });
  // The event's stay window is prefilled: its two nights.
  await expect(dates.getByLabel("Check-in")).toHaveValue(start);
  await expect(dates.getByLabel("Check-out")).toHaveValue(day(42));
  await dates.getByLabel("Rooms", { exact: true }).fill("3");
  await dates.getByLabel("Guests", { exact: true }).fill("8");
  await dates.getByRole("button", { name: "See rooms" }).click();
  const offers = tom.getByRole("list", { name: "Room offers" });
  await expect(offers.getByRole("listitem", { name: "Double Queen" })).toContainText("Group rate");
  await offers.getByRole("button", { name: "Choose the Double Queen" }).click();
  const guest = tom.getByRole("form", { name: "Guest details" });
  await guest.getByRole("textbox", { name: "Phone" }).fill("+1 317 555 0142");
  await guest.getByRole("textbox", { name: "Team (optional)" }).fill("Carmel Dads Club 14U");
  await guest.getByRole("button", { name: "Review" }).click();
  // 3 rooms x 2 nights at the $119 group rate.
  await tom.getByRole("button", { name: "Book for $714" }).click();
  await expect(tom).toHaveURL(/\/reservations\//);
  await expect(tom.getByRole("main")).toContainText("Confirmation number");
  const confirmation = (await tom.getByText(/^HF-[A-Z2-9]{8}$/).textContent())!;
  await tom.screenshot({ path: test.info().outputPath("reservation-1280.png") });

  // The organizer sees the pickup rise: 6 of the 20 room nights held.
  await olive.reload();
  await expect(pickup).toContainText("6 of 20 room nights");
  await expect(pickup).toContainText("30%");
  await expect(
    olive.getByRole("list", { name: "Pickup per night" }).getByRole("listitem"),
  ).toHaveCount(2);

  // The hotel's manager sees the reservation with the guest's details and exports it.
  await hattie.goto(`/hotels/${hotelId}/reservations`);
  const main = hattie.getByRole("main");
  await expect(main).toContainText(confirmation);
  await expect(main).toContainText("+1 317 555 0142");
  const download = hattie.waitForEvent("download");
  await main.getByRole("button", { name: "Export CSV" }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file, "utf8");
  expect(csv.split("\r\n")[0]).toContain("confirmationNumber");
  expect(csv).toContain(
    `${confirmation},Confirmed,${hotelName},${eventName},Double Queen,${start},${day(42)},2,3,8,714.00,Tom Team`,
  );
});
