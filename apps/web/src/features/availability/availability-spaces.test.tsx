// A facility's calendar by space type: a day where some of its courts are taken reads "2 of 4
// courts booked" (half filled, with its legend entry, and on focus), its managers mark some of one
// space type's spaces, and the form says so while the facility's spaces load or when they failed.
import type { TAvailabilityCalendar, TAvailabilityRange } from "@hostfield/domain/contracts";
import { ZAvailabilityCalendar, ZAvailabilityRange } from "@hostfield/domain/contracts";
import { addDays } from "@hostfield/domain/rules";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { currentMonth, firstDay } from "../../lib/month-grid";
import { buildSignedInAuth } from "../../test/factories";
import { dataReply, listReply, sent, server } from "../../test/msw";
import { TestProviders } from "../../test/render-app";
import { AVAILABILITY_TITLE, AvailabilitySection } from "./availability-section";
import type { TSpaceChoices } from "./mark-days-dialog";

const FACILITY = "00000000-0000-4000-8000-00000000f002";
const CALENDAR = `/facility-mgmt/api/facilities/${FACILITY}/availability`;
const FIRST = firstDay(currentMonth());
const PARTLY_DAY = addDays(FIRST, 40);
const COURTS = {
  id: "00000000-0000-4000-8000-0000000000c1",
  name: "Court",
  count: 4,
  surface: "Hardwood",
  location: "Indoor",
};
const POOL = {
  id: "00000000-0000-4000-8000-0000000000c2",
  name: "Pool",
  count: 1,
  surface: "N/A",
  location: "Indoor",
};
const READY: TSpaceChoices = { items: [COURTS, POOL], status: "success" };

const range = (over: Partial<TAvailabilityRange>): TAvailabilityRange => ({
  id: "00000000-0000-4000-8000-00000000a101",
  kind: "booked",
  startDate: PARTLY_DAY,
  endDate: PARTLY_DAY,
  spaceTypeId: COURTS.id,
  spaces: 2,
  discountPercent: null,
  note: null,
  source: "manual",
  eventId: null,
  createdDate: "2026-01-01T00:00:00.000Z",
  ...over,
});

function serveCalendar(calendar: Pick<TAvailabilityCalendar, "kept" | "ranges">) {
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

function renderSection(canEdit: boolean, spaces: TSpaceChoices | undefined = READY) {
  render(
    <TestProviders auth={buildSignedInAuth()}>
      <AvailabilitySection kind="facility" profileId={FACILITY} canEdit={canEdit} spaces={spaces} />
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

describe("a facility's calendar by space type", () => {
  it("shows a visitor a day where some courts are taken as partly booked, with how many", async () => {
    serveCalendar({ kept: true, ranges: [range({})] });
    const user = userEvent.setup();
    const section = renderSection(false);
    const name = `${dayLabel(PARTLY_DAY)}: 2 of 4 courts booked`;
    await section.findByLabelText(name);
    expect(section.getByText("Partly booked")).toBeTruthy();
    // The tooltip's code comes in for a calendar with partly booked days: the native hint the
    // day shows meanwhile gives way to it.
    await waitFor(() => expect(section.getByLabelText(name).hasAttribute("title")).toBe(false));
    const day = section.getByLabelText(name);
    // The keyboard reaches it; a tap shows its tooltip, which says the same (jsdom has no
    // :focus-visible, which opens it on focus in a browser).
    await user.tab();
    expect(document.activeElement).toBe(day);
    fireEvent.touchStart(day);
    expect(await screen.findByRole("tooltip")).toHaveProperty(
      "textContent",
      "2 of 4 courts booked",
    );
  });

  it("lets a manager mark 2 of the 4 courts, or the whole facility by default", async () => {
    serveCalendar({ kept: false, ranges: [] });
    server.use(http.post(CALENDAR, () => listReply(ZAvailabilityRange, [range({})])));
    const user = userEvent.setup();
    const section = renderSection(true);
    await section.findByText(/You keep no calendar here yet/);
    await user.click(section.getByRole("button", { name: "Mark days" }));
    let dialog = within(await screen.findByRole("dialog", { name: "Mark days on the calendar" }));
    const which = dialog.getByRole("combobox", { name: "Which spaces" });
    expect(which).toHaveProperty("value", "");
    expect(
      within(which)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["The whole facility", "Court · Indoor · Hardwood (4)", "Pool · Indoor (1)"]);
    await user.selectOptions(which, COURTS.id);
    const many = dialog.getByRole("spinbutton", { name: "How many courts" });
    expect(many).toHaveProperty("value", "4");
    await user.clear(many);
    await user.type(many, "5");
    fireEvent.change(dialog.getByLabelText(/^From/), { target: { value: PARTLY_DAY } });
    fireEvent.change(dialog.getByLabelText(/^To/), { target: { value: PARTLY_DAY } });
    await user.click(dialog.getByRole("button", { name: "Mark days" }));
    expect(dialog.getByText("Enter a whole number from 1 to 4.")).toBeTruthy();
    expect(sent.to(CALENDAR, "POST")).toHaveLength(0);
    await user.clear(many);
    await user.type(many, "2");
    await user.click(dialog.getByRole("button", { name: "Mark days" }));
    expect(await screen.findByText("The days are marked.")).toBeTruthy();
    expect(sent.bodies(CALENDAR, "POST").at(-1)).toMatchObject({
      data: { kind: "booked", spaceTypeId: COURTS.id, spaces: 2 },
    });

    // The whole facility, the default.
    await user.click(section.getByRole("button", { name: "Mark days" }));
    dialog = within(await screen.findByRole("dialog", { name: "Mark days on the calendar" }));
    expect(dialog.queryByRole("spinbutton", { name: /How many/ })).toBeNull();
    fireEvent.change(dialog.getByLabelText(/^From/), { target: { value: PARTLY_DAY } });
    fireEvent.change(dialog.getByLabelText(/^To/), { target: { value: PARTLY_DAY } });
    await user.click(dialog.getByRole("button", { name: "Mark days" }));
    await screen.findByText("The days are marked.");
    expect(sent.bodies(CALENDAR, "POST").at(-1)).toMatchObject({
      data: { spaceTypeId: null, spaces: null },
    });
  });

  it("lists a manager's ranges with their spaces by name", async () => {
    serveCalendar({ kept: true, ranges: [range({ kind: "held", spaces: null })] });
    const section = renderSection(true);
    expect(await section.findByText(/^Held \(all of 4 courts\)/)).toBeTruthy();
  });

  it("offers only the whole facility while its spaces load, or when they did not", async () => {
    serveCalendar({ kept: false, ranges: [] });
    const user = userEvent.setup();
    const section = renderSection(true, { items: [], status: "pending" });
    await section.findByText(/You keep no calendar here yet/);
    await user.click(section.getByRole("button", { name: "Mark days" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Mark days on the calendar" }));
    expect(dialog.getByText("Loading the facility's spaces…")).toBeTruthy();
    expect(dialog.getByRole("combobox", { name: "Which spaces" })).toHaveProperty("disabled", true);
  });

  it("says so when the spaces did not load", async () => {
    serveCalendar({ kept: false, ranges: [] });
    const user = userEvent.setup();
    const section = renderSection(true, { items: [], status: "error" });
    await section.findByText(/You keep no calendar here yet/);
    await user.click(section.getByRole("button", { name: "Mark days" }));
    expect(
      screen.getByText(
        "The facility's spaces did not load: these days are for the whole facility.",
      ),
    ).toBeTruthy();
  });
});

describe("a destination's calendar", () => {
  it("has no partly booked days, nor spaces to choose", async () => {
    server.use(
      http.get("/destination-mgmt/api/destinations/:id/availability", ({ request }) => {
        const query = new URL(request.url).searchParams;
        return dataReply(ZAvailabilityCalendar, {
          from: query.get("from")!,
          to: query.get("to")!,
          kept: true,
          ranges: [range({ spaceTypeId: null, spaces: null })],
          sync: null,
        });
      }),
    );
    const user = userEvent.setup();
    render(
      <TestProviders auth={buildSignedInAuth()}>
        <AvailabilitySection kind="destination" profileId={FACILITY} canEdit />
      </TestProviders>,
    );
    const section = within(screen.getByRole("region", { name: AVAILABILITY_TITLE }));
    expect(await section.findByLabelText(`${dayLabel(PARTLY_DAY)}: Booked`)).toBeTruthy();
    expect(section.queryByText("Partly booked")).toBeNull();
    await user.click(section.getByRole("button", { name: "Mark days" }));
    expect(screen.queryByRole("combobox", { name: "Which spaces" })).toBeNull();
  });
});
