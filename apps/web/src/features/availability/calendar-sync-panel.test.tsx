import type { TCalendarSync } from "@hostfield/domain/contracts";
import { ZAvailabilityCalendar, ZCalendarExportLink } from "@hostfield/domain/contracts";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/date-format";
import { buildSignedInAuth } from "../../test/factories";
import { dataReply, errorReply, sent, server } from "../../test/msw";
import { TestProviders } from "../../test/render-app";
import { AVAILABILITY_TITLE, AvailabilitySection } from "./availability-section";
import { EXPORT_TITLE, SYNC_TITLE } from "./calendar-sync-panel";
import { buildCalendarSync, buildExportLink, calendarSyncHandlers } from "./testing";

const FACILITY = "00000000-0000-4000-8000-00000000f002";
const CALENDAR = `/facility-mgmt/api/facilities/${FACILITY}/availability`;
const FEED = "https://bookings.example.com/venue/calendar.ics";
const IMPORTED_AT = "2026-11-27T10:00:00.000Z";

/** The calendar as the server has it now: `state.sync` changes as the test's calls answer. */
function serve(initial: Partial<TCalendarSync>) {
  const state = { sync: buildCalendarSync(initial) };
  server.use(
    http.get(CALENDAR, ({ request }) => {
      const query = new URL(request.url).searchParams;
      return dataReply(ZAvailabilityCalendar, {
        from: query.get("from")!,
        to: query.get("to")!,
        kept: false,
        ranges: [],
        sync: state.sync,
      });
    }),
    ...calendarSyncHandlers(CALENDAR, { sync: () => state.sync }),
  );
  return state;
}

async function renderPanel(canEdit = true) {
  render(
    <TestProviders auth={buildSignedInAuth()}>
      <AvailabilitySection kind="facility" profileId={FACILITY} canEdit={canEdit} />
    </TestProviders>,
  );
  const section = within(screen.getByRole("region", { name: AVAILABILITY_TITLE }));
  if (!canEdit) return section;
  return within(await section.findByRole("region", { name: SYNC_TITLE }));
}

describe("syncing a venue's calendar with its booking system", () => {
  it("a manager sets the feed: a bad address is refused before sending, a good one is read", async () => {
    const state = serve({});
    const user = userEvent.setup();
    const panel = await renderPanel();
    const field = panel.getByRole("textbox", { name: "Feed address (.ics)" });
    await user.type(field, "calendar.ics");
    await user.click(panel.getByRole("button", { name: "Save feed" }));
    expect(panel.getByText("Enter the feed's address, starting with https://.")).toBeTruthy();
    expect(sent.to(`${CALENDAR}/feed`, "PUT")).toHaveLength(0);
    // Enter sends the form.
    state.sync = buildCalendarSync({
      feedUrl: FEED,
      lastImportedAt: IMPORTED_AT,
      importedRanges: 5,
    });
    await user.clear(field);
    await user.type(field, `${FEED}{Enter}`);
    expect(await screen.findByText("The feed is set: 5 ranges imported.")).toBeTruthy();
    expect(sent.bodies(`${CALENDAR}/feed`, "PUT")).toEqual([{ data: { url: FEED } }]);
    expect(
      await panel.findByText(`Last imported ${formatDateTime(IMPORTED_AT)} (5 ranges)`),
    ).toBeTruthy();
    expect(panel.getByText(FEED)).toBeTruthy();
    expect(panel.getByRole("button", { name: "Import now" })).toBeTruthy();
  });

  it("shows the server's refusal of an address under the field", async () => {
    serve({});
    server.use(
      http.put(`${CALENDAR}/feed`, () =>
        errorReply(
          400,
          "CALENDAR_FEED_URL_NOT_ALLOWED",
          "The feed's address is refused: The host 10.0.0.8 is a private network address; use an address on the internet.",
        ),
      ),
    );
    const user = userEvent.setup();
    const panel = await renderPanel();
    await user.type(
      panel.getByRole("textbox", { name: "Feed address (.ics)" }),
      "https://10.0.0.8/c.ics",
    );
    await user.click(panel.getByRole("button", { name: "Save feed" }));
    expect(await panel.findByText(/is a private network address/)).toBeTruthy();
  });

  it("'Import now' that fails says why, and the status says since when imports fail", async () => {
    const state = serve({ feedUrl: FEED, lastImportedAt: IMPORTED_AT, importedRanges: 3 });
    const FAILING = "2026-11-27T11:00:00.000Z";
    server.use(
      http.post(`${CALENDAR}/feed/import`, () => {
        state.sync = {
          ...state.sync,
          failingSince: FAILING,
          failure: "The feed answered HTTP 404.",
        };
        return errorReply(502, "CALENDAR_FEED_UNREACHABLE", "The feed answered HTTP 404.");
      }),
    );
    const user = userEvent.setup();
    const panel = await renderPanel();
    expect(panel.getByText(`Last imported ${formatDateTime(IMPORTED_AT)} (3 ranges)`)).toBeTruthy();
    await user.click(panel.getByRole("button", { name: "Import now" }));
    expect(await screen.findByText("The feed answered HTTP 404.")).toBeTruthy();
    const alert = await panel.findByRole("alert");
    expect(alert.textContent).toContain(
      `Import failing since ${formatDateTime(FAILING)}: The feed answered HTTP 404.`,
    );
    expect(alert.textContent).toContain("its days are kept");
  });

  it("imports a file once and lists what the import left out", async () => {
    const state = serve({});
    const user = userEvent.setup();
    const panel = await renderPanel();
    state.sync = buildCalendarSync({
      lastImportedAt: IMPORTED_AT,
      importedRanges: 2,
      importNotes: [
        "1 event repeats by a rule not read here (FREQ=MONTHLY): only its first date was taken.",
      ],
    });
    const file = new File(["BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"], "bookings.ics", {
      type: "text/calendar",
    });
    await user.upload(panel.getByLabelText("Calendar file (.ics)"), file);
    expect(await screen.findByText("bookings.ics was read: 2 ranges imported.")).toBeTruthy();
    expect(sent.to(`${CALENDAR}/file`, "POST")).toHaveLength(1);
    expect(await panel.findByText(/FREQ=MONTHLY/)).toBeTruthy();
  });

  it("removes the feed once confirmed", async () => {
    const state = serve({ feedUrl: FEED, lastImportedAt: IMPORTED_AT, importedRanges: 3 });
    const user = userEvent.setup();
    const panel = await renderPanel();
    state.sync = buildCalendarSync();
    await user.click(panel.getByRole("button", { name: "Remove feed" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Remove the feed?" }));
    await user.click(dialog.getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("The feed is removed, and the days it imported.")).toBeTruthy();
    expect(sent.to(`${CALENDAR}/feed`, "DELETE")).toHaveLength(1);
    expect(await panel.findByRole("textbox", { name: "Feed address (.ics)" })).toBeTruthy();
  });
});

describe("the export link", () => {
  it("is made and shown once to copy; a new one needs a confirmation; revoked, it is gone", async () => {
    const state = serve({});
    const first = buildExportLink();
    const second = buildExportLink({
      url: first.url.replace("Zm9v", "YmFy"),
      createdAt: "2026-11-27T12:30:00.000Z",
    });
    let made = 0;
    server.use(
      http.post(`${CALENDAR}/export`, () => {
        made += 1;
        const link = made === 1 ? first : second;
        state.sync = { ...state.sync, exportCreatedAt: link.createdAt };
        return dataReply(ZCalendarExportLink, link, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const sync = await renderPanel();
    const panel = within(sync.getByRole("region", { name: EXPORT_TITLE }));
    await user.click(panel.getByRole("button", { name: "Create export link" }));
    const field = await panel.findByRole("textbox", { name: "Export link" });
    expect((field as HTMLInputElement).value).toBe(first.url);
    expect(panel.getByText("Copy it now: it is shown only this once.")).toBeTruthy();
    await user.click(panel.getByRole("button", { name: "Copy" }));
    expect(await screen.findByText("Link copied.")).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(first.url);

    // A new link: asked first; cancelled, nothing is sent.
    await user.click(panel.getByRole("button", { name: "Make a new link" }));
    let dialog = within(await screen.findByRole("dialog", { name: "Make a new export link?" }));
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.to(`${CALENDAR}/export`, "POST")).toHaveLength(1);
    await user.click(panel.getByRole("button", { name: "Make a new link" }));
    dialog = within(await screen.findByRole("dialog", { name: "Make a new export link?" }));
    await user.click(dialog.getByRole("button", { name: "Make a new link" }));
    await waitFor(() =>
      expect((panel.getByRole("textbox", { name: "Export link" }) as HTMLInputElement).value).toBe(
        second.url,
      ),
    );

    state.sync = buildCalendarSync();
    await user.click(panel.getByRole("button", { name: "Revoke link" }));
    dialog = within(await screen.findByRole("dialog", { name: "Revoke the export link?" }));
    await user.click(dialog.getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("The export link is revoked: it no longer works.")).toBeTruthy();
    expect(sent.to(`${CALENDAR}/export`, "DELETE")).toHaveLength(1);
    expect(await panel.findByRole("button", { name: "Create export link" })).toBeTruthy();
    expect(panel.queryByRole("textbox", { name: "Export link" })).toBeNull();
  });

  it("says a link is in use without showing its address again", async () => {
    serve({ exportCreatedAt: "2026-11-20T09:00:00.000Z" });
    const sync = await renderPanel();
    const panel = within(sync.getByRole("region", { name: EXPORT_TITLE }));
    expect(
      panel.getByText(
        new RegExp(`A link made ${formatDateTime("2026-11-20T09:00:00.000Z")} is in use`),
      ),
    ).toBeTruthy();
    expect(panel.queryByRole("textbox", { name: "Export link" })).toBeNull();
    expect(panel.getByRole("button", { name: "Revoke link" })).toBeTruthy();
  });
});

describe("visitors", () => {
  it("see no sync", async () => {
    serve({});
    server.use(
      http.get(CALENDAR, ({ request }) => {
        const query = new URL(request.url).searchParams;
        return dataReply(ZAvailabilityCalendar, {
          from: query.get("from")!,
          to: query.get("to")!,
          kept: false,
          ranges: [],
          sync: null,
        });
      }),
    );
    const section = await renderPanel(false);
    expect(await section.findByText(/keeps no calendar here/)).toBeTruthy();
    expect(section.queryByRole("region", { name: SYNC_TITLE })).toBeNull();
  });
});
