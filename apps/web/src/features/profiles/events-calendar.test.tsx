// The organization page's events calendar and the event page's calendar and request links, on the
// real profile page.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { sent } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import type { TEventListing } from "./events-api";
import { CALENDAR_TITLE } from "./events-calendar";
import {
  addListing,
  buildListing,
  EVENT_ID,
  ORGANIZATION_ID,
  OWNER_ABILITIES,
  serveProfiles,
  uuid,
} from "./testing";

const CALENDAR = `/event-mgmt/api/organizations/${ORGANIZATION_ID}/events/calendar`;

const event = (overrides: Partial<TEventListing>) =>
  buildListing("event", { slug: "an-event", ...overrides }) as TEventListing;

function organizationServers() {
  const world = serveProfiles();
  addListing(world, buildListing("organization", { id: ORGANIZATION_ID, name: "Bluegrass Hoops" }));
  world.calendar.set(ORGANIZATION_ID, [
    event({
      id: uuid(0x50),
      name: "Spring Classic",
      startDate: "2026-03-07",
      endDate: "2026-03-09",
    }),
    event({
      id: uuid(0x51),
      name: "Summer Camp",
      startDate: "2026-03-30",
      endDate: "2026-05-02",
      hasFlexibleDates: true,
    }),
  ]);
}

const windows = () =>
  sent
    .to(CALENDAR, "POST")
    .map(
      (call) =>
        `${call.url.searchParams.get("startDate")}..${call.url.searchParams.get("endDate")}`,
    );

describe("an organization's events calendar", { timeout: 60_000 }, () => {
  it("shows the month as a table with day headers, and walks to other months", async () => {
    organizationServers();
    const { user, router } = await renderApp({
      path: `/organizations/${ORGANIZATION_ID}?month=2026-03-01`,
      auth: buildSignedOutAuth(),
    });
    const section = within(await screen.findByRole("region", { name: CALENDAR_TITLE }));
    const table = within(await section.findByRole("table", { name: "Events in March 2026" }));
    expect(table.getAllByRole("columnheader").map((th) => th.getAttribute("abbr"))).toEqual([
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    // A three-day event is on each of its days; a flexible one once, on its first day.
    const classic = await table.findAllByRole("link", { name: "Spring Classic" });
    expect(classic).toHaveLength(3);
    expect(classic[0]?.getAttribute("href")).toBe(`/events/${uuid(0x50)}`);
    expect(table.getAllByRole("link", { name: "Summer Camp (flexible dates)" })).toHaveLength(1);
    const saturday = table.getByLabelText("Sat, Mar 7th, 2026").closest("td")!;
    expect(within(saturday).getByRole("link", { name: "Spring Classic" })).toBeTruthy();
    expect(windows()).toEqual(["2026-03-01..2026-03-31"]);

    await user.click(section.getByRole("button", { name: "Next month" }));
    await waitFor(() =>
      expect(section.getByRole("heading", { level: 3 }).textContent).toBe("April 2026"),
    );
    expect(router.state.location.search).toBe("?month=2026-04-01");
    // The flexible camp runs on into April: it shows there once too.
    expect(await section.findByRole("link", { name: "Summer Camp (flexible dates)" })).toBeTruthy();
    expect(section.queryByRole("link", { name: "Spring Classic" })).toBeNull();
    await user.click(section.getByRole("button", { name: "Previous month" }));
    await user.click(section.getByRole("button", { name: "Previous month" }));
    expect(await section.findByText("No events in February 2026.")).toBeTruthy();
    expect(section.getByRole("heading", { level: 3 }).textContent).toBe("February 2026");
    expect(windows()).toEqual([
      "2026-03-01..2026-03-31",
      "2026-04-01..2026-04-30",
      "2026-02-01..2026-02-28",
    ]);
  });

  it("on a phone lists the month's events week by week", async () => {
    organizationServers();
    await renderApp({
      path: `/organizations/${ORGANIZATION_ID}?month=2026-03-01`,
      auth: buildSignedOutAuth(),
      width: 375,
    });
    const section = within(await screen.findByRole("region", { name: CALENDAR_TITLE }));
    const week = within(await section.findByRole("region", { name: "Week of Sun, Mar 1st, 2026" }));
    expect(week.getByText("Sat, Mar 7th, 2026")).toBeTruthy();
    expect(week.getByRole("link", { name: "Spring Classic" }).getAttribute("href")).toBe(
      `/events/${uuid(0x50)}`,
    );
    expect(section.getByRole("region", { name: "Week of Sun, Mar 8th, 2026" })).toBeTruthy();
    expect(section.queryByRole("table")).toBeNull();
  });
});

describe("the event page's calendar and request links", { timeout: 60_000 }, () => {
  it("everyone gets 'Add to calendar' (the iCalendar call, with api-version); only organizers request", async () => {
    addListing(serveProfiles(), buildListing("event", { id: EVENT_ID, name: "Spring Classic" }));
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedOutAuth() });
    const link = await screen.findByRole("link", { name: "Add to calendar" });
    expect(link.getAttribute("href")).toBe(
      `/event-mgmt/api/events/${EVENT_ID}/ical?api-version=1.0`,
    );
    expect(screen.queryByRole("link", { name: "Request proposals" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Compare proposals" })).toBeNull();
  });

  it("organizers get 'Request proposals' and 'Compare proposals'", async () => {
    addListing(
      serveProfiles(),
      buildListing("event", { id: EVENT_ID, name: "Spring Classic" }),
      OWNER_ABILITIES,
    );
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });
    expect(
      (await screen.findByRole("link", { name: "Request proposals" })).getAttribute("href"),
    ).toBe(`/events/${EVENT_ID}/request`);
    expect(screen.getByRole("link", { name: "Compare proposals" }).getAttribute("href")).toBe(
      `/events/${EVENT_ID}/proposals`,
    );
  });
});
