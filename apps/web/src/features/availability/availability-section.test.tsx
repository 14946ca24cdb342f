import type { TAvailabilityCalendar, TAvailabilityRange } from "@hostfield/domain/contracts";
import { ZAvailabilityCalendar, ZAvailabilityRange } from "@hostfield/domain/contracts";
import { addDays } from "@hostfield/domain/rules";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { currentMonth, firstDay } from "../../lib/month-grid";
import { buildSignedInAuth } from "../../test/factories";
import { dataReply, errorReply, listReply, sent, server } from "../../test/msw";
import { TestProviders } from "../../test/render-app";
import { AVAILABILITY_TITLE, AvailabilitySection } from "./availability-section";

const FACILITY = "00000000-0000-4000-8000-00000000f001";
const CALENDAR = `/facility-mgmt/api/facilities/${FACILITY}/availability`;
// Days in this month and the next, whatever today is.
const FIRST = firstDay(currentMonth());
const NEED_DAY = addDays(FIRST, 40);
const BOOKED_DAY = addDays(FIRST, 41);

const range = (over: Partial<TAvailabilityRange>): TAvailabilityRange => ({
  id: "00000000-0000-4000-8000-00000000a001",
  kind: "booked",
  startDate: BOOKED_DAY,
  endDate: BOOKED_DAY,
  spaceTypeId: null,
  spaces: null,
  discountPercent: null,
  note: null,
  source: "manual",
  eventId: null,
  createdDate: "2026-01-01T00:00:00.000Z",
  ...over,
});

function serveCalendar(
  calendar: Omit<TAvailabilityCalendar, "from" | "to" | "sync"> & Partial<TAvailabilityCalendar>,
) {
  server.use(
    http.get(CALENDAR, ({ request }) => {
      const query = new URL(request.url).searchParams;
      return dataReply(ZAvailabilityCalendar, {
        from: query.get("from")!,
        to: query.get("to")!,
        sync: null,
        ...calendar,
      });
    }),
  );
}

function renderSection(canEdit: boolean) {
  render(
    <TestProviders auth={buildSignedInAuth()}>
      <AvailabilitySection kind="facility" profileId={FACILITY} canEdit={canEdit} />
    </TestProviders>,
  );
  return within(screen.getByRole("region", { name: AVAILABILITY_TITLE }));
}

const dayLabel = (day: string) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));

describe("a venue's calendar on its page", () => {
  it("shows a visitor 12 months, each day free, booked or a need date with its discount", async () => {
    serveCalendar({
      kept: true,
      ranges: [
        range({
          id: "00000000-0000-4000-8000-00000000a002",
          kind: "need",
          startDate: NEED_DAY,
          endDate: NEED_DAY,
          discountPercent: 15,
        }),
        range({}),
      ],
    });
    const section = renderSection(false);
    expect(
      await section.findByLabelText(`${dayLabel(NEED_DAY)}: Need dates, 15% off`),
    ).toBeTruthy();
    expect(section.getByLabelText(`${dayLabel(BOOKED_DAY)}: Booked`)).toBeTruthy();
    expect(section.getByLabelText(`${dayLabel(FIRST)}: Free`)).toBeTruthy();
    expect(section.getAllByRole("table")).toHaveLength(12);
    // Nothing to change for a visitor, and no notes or list of ranges.
    expect(section.queryByRole("button", { name: "Mark days" })).toBeNull();
    expect(section.queryByText("Marked days")).toBeNull();
  });

  it("says so when the venue keeps no calendar", async () => {
    serveCalendar({ kept: false, ranges: [] });
    const section = renderSection(false);
    expect(
      await section.findByText("This venue keeps no calendar here: ask it about your dates."),
    ).toBeTruthy();
    expect(section.queryAllByRole("table")).toHaveLength(0);
  });

  it("lets a manager mark need dates, shows the server's refusal, and remove a range", async () => {
    serveCalendar({ kept: true, ranges: [range({ note: "State finals" })] });
    server.use(
      http.post(
        CALENDAR,
        () => errorReply(409, "AVAILABILITY_OVERLAP", "That day is already marked booked."),
        { once: true },
      ),
      http.post(CALENDAR, () => listReply(ZAvailabilityRange, [range({ kind: "need" })])),
      http.delete(`${CALENDAR}/:rangeId`, () => new Response(null, { status: 204 })),
    );
    const user = userEvent.setup();
    const section = renderSection(true);
    expect(await section.findByText(/State finals/)).toBeTruthy();
    await user.click(section.getByRole("button", { name: "Mark days" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Mark days on the calendar" }));
    await user.click(dialog.getByRole("radio", { name: /^Need dates/ }));
    await user.click(dialog.getByRole("button", { name: "Mark days" }));
    expect(dialog.getByText("Enter the first day.")).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^From/), { target: { value: NEED_DAY } });
    fireEvent.change(dialog.getByLabelText(/^To/), { target: { value: NEED_DAY } });
    await user.type(dialog.getByRole("spinbutton", { name: "Discount (%)" }), "15");
    await user.click(dialog.getByRole("button", { name: "Mark days" }));
    expect(await dialog.findByText("That day is already marked booked.")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Mark days" }));
    expect(await screen.findByText("The days are marked.")).toBeTruthy();
    expect(sent.bodies(CALENDAR, "POST").at(-1)).toEqual({
      data: {
        kind: "need",
        startDate: NEED_DAY,
        endDate: NEED_DAY,
        spaceTypeId: null,
        spaces: null,
        discountPercent: 15,
        note: null,
        repeat: null,
      },
    });
    await user.click(section.getByRole("button", { name: /^Remove Booked/ }));
    expect(sent.to(`${CALENDAR}/00000000-0000-4000-8000-00000000a001`, "DELETE")).toHaveLength(1);
  });
});
