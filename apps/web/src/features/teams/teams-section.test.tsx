// The Teams section of an event's hotel blocks page: the teams with their counts and status,
// stay-to-play, adding a team (0 rooms refused before sending, a taken name shown), a CSV upload
// refused with its line (the list unchanged) or taken, replacing a booking link after a
// confirmation (the new link shown), the reminder, the empty state and the phone's cards.
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { EVENT_ID, NOW, roomsHandlers, roomsWorld } from "../rooms/testing";
import { buildTeam, type TTeamsWorld, teamsHandlers, teamsUrl, teamsWorld } from "./testing";

const LAZY = { timeout: 10_000 };
const TEAMS = teamsUrl(EVENT_ID);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

const lakeside = buildTeam({
  name: "Lakeside 14U",
  contactPhone: "555-0100",
  roomsNeeded: 8,
  roomsBooked: 8,
  roomNights: 16,
  reservations: 2,
  status: "Booked",
  bookingPath: "/team-booking/lakeside-token",
});
const flyers = buildTeam({
  name: "Riverside Flyers",
  contactName: "Sam Lee",
  contactEmail: "sam@example.com",
  roomsNeeded: 6,
  roomsBooked: 2,
  roomNights: 4,
  outsideRoomNights: 2,
  status: "Partly booked",
});
const comets = buildTeam({
  name: "Westfield Comets",
  contactName: "Alex Kim",
  contactEmail: "alex@example.com",
  remindedDate: "2026-02-20T10:00:00.000Z",
});
const storm = buildTeam({ name: "Northside Storm", roomsNeeded: 4 });

async function openTeams(world: TTeamsWorld, width?: number) {
  serveBase(...roomsHandlers(roomsWorld()));
  serveBase(...teamsHandlers(world));
  const rendered = await renderApp({
    path: `/events/${EVENT_ID}/hotels`,
    auth: buildSignedInAuth(),
    width,
  });
  const section = within(await screen.findByRole("region", { name: "Teams" }, LAZY));
  return { ...rendered, section };
}

const rowTexts = (section: ReturnType<typeof within>) =>
  within(section.getByRole("table", { name: "Teams" }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => row.querySelector("th")?.textContent);

describe("the Teams section of /events/:id/hotels", () => {
  it("lists the teams with their counts, bookings and status, and switches stay-to-play on", async () => {
    const { section, user } = await openTeams(teamsWorld({ teams: [lakeside, flyers, comets] }));
    const table = within(await section.findByRole("table", { name: "Teams" }));
    const figures = section
      .getAllByRole("term")
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(figures).toEqual(["Teams: 3", "Booked: 1", "Partly booked: 1", "Not booked: 1"]);
    const flyersRow = within(
      table.getByRole("rowheader", { name: "Riverside Flyers" }).closest("tr") as HTMLElement,
    );
    expect(flyersRow.getByText("sam@example.com")).toBeTruthy();
    expect(flyersRow.getByText("2 of 6 rooms")).toBeTruthy();
    expect(flyersRow.getByText("4 room nights · 2 room nights outside the blocks")).toBeTruthy();
    expect(flyersRow.getByText("Partly booked")).toBeTruthy();
    const cometsRow = within(
      table.getByRole("rowheader", { name: "Westfield Comets" }).closest("tr") as HTMLElement,
    );
    expect(cometsRow.getByText("Feb 20, 2026")).toBeTruthy();
    expect(cometsRow.getByText("Not booked")).toBeTruthy();

    const rule = section.getByRole("switch", { name: "Stay-to-play" });
    expect((rule as HTMLInputElement).checked).toBe(false);
    expect(rule.getAttribute("aria-describedby")).toBeTruthy();
    expect(
      section.getByText(/Every team must book its rooms within the event's hotel blocks/),
    ).toBeTruthy();
    await user.click(rule);
    await waitFor(() =>
      expect(sent.bodies(`${TEAMS}/stay-to-play`, "PUT")).toEqual([{ data: { required: true } }]),
    );
    await waitFor(() => expect((rule as HTMLInputElement).checked).toBe(true));
  });

  it("says so when there are no teams yet", async () => {
    const { section } = await openTeams(teamsWorld());
    expect(await section.findByText("No teams yet")).toBeTruthy();
    expect(section.getByText("Add them one by one or upload a CSV.")).toBeTruthy();
    expect(section.queryByRole("button", { name: /Remind teams/ })).toBeNull();
  });

  it("refuses a team of 0 rooms before sending it, shows a taken name, then adds the team", async () => {
    const world = teamsWorld({ teams: [lakeside] });
    const { section, user } = await openTeams(world);
    await section.findByRole("table", { name: "Teams" });
    await user.click(section.getByRole("button", { name: "Add team" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add a team" }));
    await user.type(dialog.getByRole("textbox", { name: "Team name" }), "Lakeside 14U");
    await user.type(dialog.getByRole("textbox", { name: "Contact name" }), "Chris Park");
    await user.type(dialog.getByRole("textbox", { name: "Contact e-mail" }), "chris@example.com");
    await user.type(dialog.getByRole("spinbutton", { name: "Rooms needed" }), "0");
    await user.click(dialog.getByRole("button", { name: "Add team" }));
    expect(dialog.getByText("Rooms needed: a whole number from 1 to 500.")).toBeTruthy();
    expect(sent.to(TEAMS, "POST")).toHaveLength(0);

    await user.clear(dialog.getByRole("spinbutton", { name: "Rooms needed" }));
    await user.type(dialog.getByRole("spinbutton", { name: "Rooms needed" }), "5");
    await user.click(dialog.getByRole("button", { name: "Add team" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(
      "A team is already called Lakeside 14U.",
    );

    const name = dialog.getByRole("textbox", { name: "Team name" });
    await user.clear(name);
    await user.type(name, "Northside Storm");
    await user.click(dialog.getByRole("button", { name: "Add team" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.bodies(TEAMS, "POST").at(-1)).toEqual({
      data: {
        name: "Northside Storm",
        contactName: "Chris Park",
        contactEmail: "chris@example.com",
        contactPhone: null,
        roomsNeeded: 5,
      },
    });
    expect(await screen.findByText("Northside Storm was added.")).toBeTruthy();
    await waitFor(() => expect(rowTexts(section)).toEqual(["Lakeside 14U", "Northside Storm"]));
  });

  it("shows the line of a refused CSV and imports nothing", async () => {
    server.use(
      http.post(`${TEAMS}/import`, () =>
        errorReply(
          400,
          "TEAMS_CSV_INVALID",
          "Line 3: the rooms must be a whole number from 1 to 500.",
          {
            line: 3,
            column: "rooms",
          },
        ),
      ),
    );
    const { section, user } = await openTeams(teamsWorld({ teams: [lakeside] }));
    await section.findByRole("table", { name: "Teams" });
    await user.click(section.getByRole("button", { name: "Upload CSV" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Upload teams from a CSV file" }),
    );
    expect(dialog.getByText("contact email")).toBeTruthy();
    expect(dialog.getByRole("button", { name: "Download a template" })).toBeTruthy();
    const csv =
      "name,contact name,contact email,contact phone,rooms\nA,B,a@b.co,,2\nC,D,c@d.co,,0\n";
    await user.upload(
      dialog.getByLabelText("CSV file"),
      new File([csv], "teams.csv", { type: "text/csv" }),
    );
    await user.click(await dialog.findByRole("button", { name: "Upload" }));
    const alert = await dialog.findByRole("alert");
    expect(alert.textContent).toBe(
      "Line 3: the rooms must be a whole number from 1 to 500. Nothing was imported.",
    );
    expect(sent.bodies(`${TEAMS}/import`, "POST")).toEqual([{ data: { csv } }]);
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(rowTexts(section)).toEqual(["Lakeside 14U"]);
  });

  it("imports a CSV: the new teams join the list and a snackbar counts them", async () => {
    const { section, user } = await openTeams(teamsWorld({ teams: [lakeside] }));
    await section.findByRole("table", { name: "Teams" });
    await user.click(section.getByRole("button", { name: "Upload CSV" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Upload teams from a CSV file" }),
    );
    const csv = [
      "name,contact name,contact email,contact phone,rooms",
      "Lakeside 14U,Morgan Diaz,morgan@example.com,,10",
      "Northside Storm,Chris Park,chris@example.com,,5",
      "Westfield Comets,Alex Kim,alex@example.com,555-0199,7",
    ].join("\n");
    await user.upload(dialog.getByLabelText("CSV file"), new File([csv], "teams.csv"));
    await user.click(await dialog.findByRole("button", { name: "Upload" }));
    expect(await screen.findByText("2 teams added, 1 changed.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(rowTexts(section)).toEqual(["Lakeside 14U", "Northside Storm", "Westfield Comets"]);
  });

  it("replaces a team's booking link after a confirmation, and shows the new one", async () => {
    const world = teamsWorld({ teams: [lakeside, comets] });
    const { section, user } = await openTeams(world);
    await section.findByRole("table", { name: "Teams" });
    await user.click(section.getByRole("button", { name: "More for Lakeside 14U" }));
    await user.click(await screen.findByRole("menuitem", { name: "Replace booking link" }));
    const confirm = within(
      await screen.findByRole("dialog", { name: "Replace the booking link of Lakeside 14U?" }),
    );
    expect(confirm.getByText(/The old link stops working at once/)).toBeTruthy();
    await user.click(confirm.getByRole("button", { name: "Replace link" }));
    await waitFor(() =>
      expect(sent.to(`${TEAMS}/${lakeside.id}/revoke-link`, "PUT")).toHaveLength(1),
    );
    const field = await section.findByRole("textbox", { name: "Booking link for Lakeside 14U" });
    const newPath = world.teams.find((t) => t.id === lakeside.id)?.bookingPath;
    expect(newPath).not.toBe(lakeside.bookingPath);
    expect((field as HTMLInputElement).value).toBe(`${window.location.origin}${newPath}`);
    expect(section.getByText(/the old one no longer works/)).toBeTruthy();

    // Copying now gives the new link.
    await user.click(
      section.getByRole("button", { name: "Copy the booking link of Lakeside 14U" }),
    );
    expect(await screen.findByText("Booking link for Lakeside 14U copied.")).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe((field as HTMLInputElement).value);
  });

  it("reminds the teams that have not booked", async () => {
    const { section, user } = await openTeams(teamsWorld({ teams: [lakeside, comets, storm] }));
    await section.findByRole("table", { name: "Teams" });
    await user.click(
      section.getByRole("button", { name: "Remind teams that have not booked (2)" }),
    );
    expect(await screen.findByText("2 teams reminded by e-mail.")).toBeTruthy();
    expect(sent.to(`${TEAMS}/remind`, "POST")).toHaveLength(1);
    const table = within(section.getByRole("table", { name: "Teams" }));
    await waitFor(() => expect(table.getAllByText("Mar 2, 2026")).toHaveLength(2));
  });

  it("shows a card per team on a phone", async () => {
    const { section } = await openTeams(teamsWorld({ teams: [lakeside, flyers] }), 375);
    const cards = within(await section.findByRole("list", { name: "Teams" }));
    const card = within(cards.getByRole("listitem", { name: "Riverside Flyers" }));
    expect(card.getByText("Partly booked")).toBeTruthy();
    expect(card.getByText("Needs 6 rooms")).toBeTruthy();
    expect(
      card.getByRole("button", { name: "Copy the booking link of Riverside Flyers" }),
    ).toBeTruthy();
    expect(section.queryByRole("table")).toBeNull();
  });
});
