// Team hotel blocks end to end: a hotel holds rooms for a tournament night by night (fewer on the
// arrival shoulder); the organizer uploads its 12 teams from a CSV file on the event's hotel-blocks
// page; one team's manager opens the team's booking link without an account, signs in and books 2
// rooms through it; the hotel sees that booking in its forward pickup; the organizer sees that team
// booked and the 11 others not, with a reminder to send them.
import { signedInAs } from "../support/accounts";
import { api } from "../support/api";
import { listedHotel } from "../support/hotels";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";

const INDIANAPOLIS = { lat: 39.7684, lng: -86.158 };
const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

/** Twelve teams as a CSV file: a header row, a name with a comma (quoted), each needing 2 rooms. */
function teamsCsv(stamp: string): string {
  const rows = Array.from({ length: 12 }, (_, i) => {
    const n = String(i + 1).padStart(2, "0");
    const name = i === 0 ? `"Carmel Dads, 14U ${stamp}"` : `Team ${n} ${stamp}`;
    return `${name},Coach ${n},coach${n}-${stamp}@example.com,317-555-01${n},2`;
  });
  return ["name,contact name,contact email,contact phone,rooms", ...rows, ""].join("\n");
}

test("an organizer uploads 12 teams, a team manager books through the team's link, the hotel sees the forward pickup, the organizer sees who has not booked", async ({
  browser,
  admin: ada,
}) => {
  const stamp = uniqueStamp();
  const hotelName = `Monument Circle Inn ${stamp}`;
  const eventName = `Hoosier Hoops Invitational ${stamp}`;
  const firstTeam = `Carmel Dads, 14U ${stamp}`;
  const context = () => browser.newContext({ viewport: { width: 1280, height: 900 } });

  // The hotel: listed, one room type, 30 Double Queens a night at $159 for the next 90 days.
  const hattie = await (await context()).newPage();
  await signedInAs(hattie, "Hattie Hotel", `hattie-${stamp}@example.com`);
  const { hotelId, roomTypeId: queenId } = await listedHotel(
    hattie,
    ada,
    hotelName,
    {
      street: "31 W Ohio St",
      city: "Indianapolis",
      state: "IN",
      postalCode: "46204",
      lat: INDIANAPOLIS.lat + 0.003,
      lng: INDIANAPOLIS.lng - 0.006,
    },
    { from: day(0), to: day(90), rooms: 30, rate: 159 },
  );

  // The tournament: Marketed, days 40-42. The block holds 12 rooms on the arrival night (day 39)
  // and 24 on the two game nights, at $129, cut off at day 20; the hotel accepts.
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
        startDate: day(40),
        endDate: day(42),
        category: "Marketed",
        ...INDIANAPOLIS,
      },
    },
    201,
  );
  const eventId = event!.data.id;
  await api(ada, "PUT", `/event-mgmt/api/events/${eventId}/approve`);
  const nights = [
    { night: day(39), rooms: 12 },
    { night: day(40), rooms: 24 },
    { night: day(41), rooms: 24 },
  ].map((n) => ({ ...n, roomTypeId: queenId, rate: 129 }));
  const block = await api(
    olive,
    "POST",
    "/hotel-mgmt/api/hotels/blocks",
    { data: { eventId, hotelId, nights, cutoffDate: day(20), attritionPercent: 20 } },
    201,
  );
  await api(hattie, "PUT", `/hotel-mgmt/api/hotels/blocks/${block!.data.id}/accept`);

  // The organizer uploads the 12 teams from a file on the event's hotel-blocks page.
  await olive.goto(`/events/${eventId}/hotels`);
  const teams = olive.getByRole("region", { name: "Teams", exact: true });
  await expect(teams).toContainText("No teams yet");
  await teams.getByRole("button", { name: "Upload CSV" }).click();
  const upload = olive.getByRole("dialog", { name: "Upload teams from a CSV file" });
  await upload.getByLabel("CSV file").setInputFiles({
    name: "teams.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(teamsCsv(stamp)),
  });
  await upload.getByRole("button", { name: "Upload" }).click();
  await expect(olive.getByText("12 teams added, 0 changed.")).toBeVisible();
  const counts = teams.getByRole("definition");
  await expect(counts).toHaveText(["12", "0", "0", "12"]);
  await expect(teams.getByRole("row")).toHaveCount(13);

  // The first team's link, as the organizer sends it (read over HTTP: the clipboard is the
  // browser's, and the copy button's own test is in the web tier).
  const overview = await api(olive, "GET", `/hotel-mgmt/api/hotels/events/${eventId}/teams`);
  const { teams: listed } = overview!.data as unknown as {
    teams: { name: string; bookingPath: string }[];
  };
  const bookingPath = listed.find((t) => t.name === firstTeam)!.bookingPath;

  // The team manager opens it without an account: the team, the event, the block's nights.
  const tom = await (await context()).newPage();
  await tom.goto(bookingPath);
  await expect(tom.getByRole("heading", { name: firstTeam })).toBeVisible();
  await expect(tom.getByRole("main")).toContainText(eventName);
  await expect(tom.getByRole("main")).not.toContainText(`Team 02 ${stamp}`);
  const heldNights = tom.getByRole("table", { name: `Nights held at ${hotelName}` });
  await expect(heldNights.getByRole("row")).toHaveCount(4);

  // Signed in, the manager books 2 rooms for the block's 3 nights through the link.
  await signedInAs(tom, "Tom Team", `tom-${stamp}@example.com`);
  await tom.goto(bookingPath);
  await tom.getByRole("link", { name: `Book at ${hotelName}` }).click();
  await expect(tom.getByText(`Booking for team ${firstTeam}`)).toBeVisible();
  const dates = tom.getByRole("form", { name: "Dates and rooms" });
  await expect(dates.getByLabel("Check-in")).toHaveValue(day(39));
  await expect(dates.getByLabel("Check-out")).toHaveValue(day(42));
  await dates.getByLabel("Rooms", { exact: true }).fill("2");
  await dates.getByLabel("Guests", { exact: true }).fill("6");
  await dates.getByRole("button", { name: "See rooms" }).click();
  const offers = tom.getByRole("list", { name: "Room offers" });
  await expect(offers.getByRole("listitem", { name: "Double Queen" })).toContainText("Group rate");
  await offers.getByRole("button", { name: "Choose the Double Queen" }).click();
  const guest = tom.getByRole("form", { name: "Guest details" });
  await expect(guest.getByRole("textbox", { name: "Team (optional)" })).toHaveCount(0);
  await guest.getByRole("textbox", { name: "Phone" }).fill("+1 317 555 0101");
  await guest.getByRole("button", { name: "Review" }).click();
  // 2 rooms x 3 nights at the $129 group rate.
  await tom.getByRole("button", { name: "Book for $774" }).click();
  await expect(tom).toHaveURL(/\/reservations\//);
  await expect(tom.getByRole("main")).toContainText("Confirmation number");

  // The hotel's forward pickup shows the booking: 6 of the 60 room nights held.
  await hattie.goto(`/hotels/${hotelId}/blocks`);
  await hattie.getByRole("tab", { name: "Forward pickup" }).click();
  const forward = hattie.getByRole("article", { name: eventName });
  await expect(forward).toContainText("6 of 60 room nights");
  await expect(forward).toContainText("54 room nights");

  // The organizer sees the team booked, the 11 others not, and may remind those 11.
  await olive.reload();
  await expect(counts).toHaveText(["12", "1", "0", "11"]);
  const booked = teams.getByRole("row", { name: new RegExp(firstTeam) });
  await expect(booked).toContainText("Booked");
  await expect(booked).toContainText("2 of 2 rooms");
  await expect(booked).toContainText("6 room nights");
  await expect(teams.getByRole("row", { name: new RegExp(`Team 12 ${stamp}`) })).toContainText(
    "Not booked",
  );
  await teams.getByRole("button", { name: "Remind teams that have not booked (11)" }).click();
  await expect(olive.getByText(/11 teams? reminded/)).toBeVisible();
  await olive.screenshot({ path: test.info().outputPath("teams-1280.png") });
});
