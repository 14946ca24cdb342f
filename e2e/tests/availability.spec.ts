// Venue calendars meet flexible dates (issue 45): a facility's manager marks a weekend as need
// dates on the facility's page; an organizer publishes a request for any weekend in a two-month
// window; the facility's lead names that weekend first, marked as a need-dates match; a facility
// booked through the whole window gets no lead at all.

import { addDays, todayUtc, weekdayOf } from "@hostfield/domain/rules";
import { desktopPage, signedInAs } from "../support/accounts";
import { api } from "../support/api";
import {
  COURTS_NEAR_INDIANAPOLIS,
  draftRequest,
  leadOfFacility,
  publish,
} from "../support/requests";
import { expect, test } from "../support/test";
import { uniqueStamp } from "../support/unique";
import { managedFacility } from "../support/venues";

/** The first Saturday on or after `day`. */
function saturdayFrom(day: string): string {
  let saturday = day;
  while (weekdayOf(saturday) !== 6) saturday = addDays(saturday, 1);
  return saturday;
}

test("a facility's need dates meet a request's window: its lead puts them first; a facility booked all through gets none", async ({
  browser,
  admin,
}) => {
  const stamp = uniqueStamp();
  // A window from about three months ahead, over two months: inside the calendar's 12-month view.
  const from = addDays(todayUtc(), 90);
  const to = addDays(from, 60);
  const saturday = saturdayFrom(addDays(from, 14));
  const sunday = addDays(saturday, 1);

  const { page: ivy, facility: wanting } = await managedFacility(browser, admin, {
    name: "Ivy Calendar",
    email: `ivy-calendar-${stamp}@example.com`,
    venue: `Need Dates Courts ${stamp}`,
  });
  const { page: bo, facility: booked } = await managedFacility(browser, admin, {
    name: "Bo Booked",
    email: `bo-booked-${stamp}@example.com`,
    venue: `Fully Booked Courts ${stamp}`,
  });

  // Ivy marks the weekend as need dates, at 15% off, on her facility's page.
  await ivy.goto(`/facilities/${wanting}`);
  await ivy.getByRole("button", { name: "Mark days" }).click();
  const dialog = ivy.getByRole("dialog", { name: "Mark days on the calendar" });
  await dialog.getByRole("radio", { name: /^Need dates/ }).check();
  await dialog.getByRole("textbox", { name: "From", exact: true }).fill(saturday);
  await dialog.getByRole("textbox", { name: "To", exact: true }).fill(sunday);
  await dialog.getByLabel("Discount (%)").fill("15");
  await dialog.getByRole("button", { name: "Mark days" }).click();
  await expect(dialog).toBeHidden();
  await expect(ivy.getByText(/You keep no calendar here yet/)).toHaveCount(0);

  // Bo's facility is booked from the window's first day to its last.
  await api(
    bo,
    "POST",
    `/facility-mgmt/api/facilities/${booked}/availability`,
    { data: { kind: "booked", startDate: from, endDate: to } },
    201,
  );

  // Olive asks for any weekend (Saturday and Sunday) in the window, and publishes.
  const { page: olive } = await desktopPage(browser);
  await signedInAs(olive, "Olive Window", `olive-window-${stamp}@example.com`);
  const eventName = `Any Weekend Classic ${stamp}`;
  const request = await draftRequest(
    olive,
    eventName,
    {
      ...COURTS_NEAR_INDIANAPOLIS,
      dateOptions: { kind: "window", from, to, days: 2, weekdays: [6, 0] },
    },
    { startDate: from, endDate: to, hasFlexibleDates: true },
  );
  await publish(olive, request);

  // Ivy's lead: the need-dates weekend first, marked; the request's dates as a window.
  const lead = await leadOfFacility(ivy, wanting, eventName);
  await ivy.goto(`/leads/${lead.eventId}/${lead.leadId}`);
  await expect(ivy.getByText("Need dates match")).toBeVisible();
  const reasons = ivy.getByRole("list", { name: "Match reasons" }).getByRole("listitem");
  const day = String(Number(saturday.slice(8)));
  await expect(reasons.first()).toHaveText(
    new RegExp(`^You marked .*\\b${day}(st|nd|rd|th)\\b.* as need dates \\(15% off\\)$`),
  );
  await expect(ivy.getByText(/2 days in a row, Sat, Sun, between/)).toBeVisible();

  // Bo's facility, booked on every weekend of the window, has no lead for it.
  const leads = (await api(bo, "POST", `/event-mgmt/api/facilities/${booked}/leads`, {
    data: { text: eventName },
  })) as unknown as { data: { event: { name: string } }[] };
  expect(leads.data.filter((l) => l.event.name === eventName)).toEqual([]);
});
