import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { sent, serveBase } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { REPORT_FORBIDDEN } from "./report-states";
import {
  buildReport,
  DESTINATION_ID,
  FACILITY_ID,
  NOW,
  REPORTS,
  reportsHandlers,
  reportsWorld,
  type TReportsWorld,
} from "./testing";

// The page's code loads cold in a busy run; loaded once here, a test's first render waits for the
// page rather than for the transform of its modules.
beforeAll(async () => {
  await import("./report-page");
  await import("./report-charts");
}, 60_000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

const LAZY = { timeout: 10_000 };
const OVERVIEW = `${REPORTS}/facilities/${FACILITY_ID}/profile`;

async function openReport(world: TReportsWorld, path = `/reports/facility/${FACILITY_ID}`) {
  serveBase(...reportsHandlers(world));
  const rendered = await renderApp({ path, auth: buildSignedInAuth() });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

const jsonCalls = (path: string) =>
  sent.to(path, "GET").filter((call) => call.url.searchParams.get("format") === null);
const rangeOf = (call: { url: URL }) => [
  call.url.searchParams.get("startDate"),
  call.url.searchParams.get("endDate"),
];
/** The sum 1 + 2 + … + n: the unique views of an n-day report of the test builder. */
const triangle = (n: number) => (n * (n + 1)) / 2;

/** Captures what the page saves as a download. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      const url = `blob:test-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    files.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return files;
}

describe("/reports/:kind/:id, a listing's dashboard", () => {
  it("shows each headline figure with its change against the previous period, in words", async () => {
    const { main } = await openReport(reportsWorld());
    const views = within(await main.findByRole("group", { name: "Unique profile views" }, LAZY));
    expect(views.getByText(triangle(30).toString())).toBeTruthy();
    expect(views.getByText("+100%")).toBeTruthy();
    expect(views.getByText("vs. the previous 30 days")).toBeTruthy();
    // No visitors figure: views are the unique visitors now.
    expect(main.queryByRole("group", { name: /visitors/i })).toBeNull();
    const impressions = within(main.getByRole("group", { name: "Unique search impressions" }));
    expect(impressions.getByText("New")).toBeTruthy();
    const leads = within(main.getByRole("group", { name: "Leads received" }));
    expect(leads.getByText("3")).toBeTruthy();
    expect(leads.getByText("−25%")).toBeTruthy();
    expect(leads.getByText("Before: 4")).toBeTruthy();
    expect(main.getByText("For").textContent).toBe("For Riverside Sports Complex");
    expect(main.getByRole("link", { name: "Riverside Sports Complex" }).getAttribute("href")).toBe(
      `/facilities/${FACILITY_ID}`,
    );
    expect(
      main.getByText(
        "Views, impressions and clicks count visitors, not events: each visitor once per listing and day.",
      ),
    ).toBeTruthy();
    expect(main.getByRole("link", { name: "Leaderboard" }).getAttribute("href")).toBe(
      "/leaderboards/facility",
    );
    // The default range: the 30 days up to today (UTC).
    expect(jsonCalls(OVERVIEW).map(rangeOf)).toEqual([["2026-03-02", "2026-03-31"]]);
  });

  it("puts the daily chart's figures in a table screen readers read, shown on request", async () => {
    const { main, user } = await openReport(reportsWorld());
    const table = await main.findByRole(
      "table",
      { name: "Daily unique profile views and unique search impressions, by day" },
      LAZY,
    );
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(31);
    expect(
      within(rows[0]!)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Day", "Unique profile views", "Unique search impressions"]);
    expect(within(rows[1]!).getByRole("rowheader").textContent).toBe("Mar 2, 2026");
    expect(
      within(rows[30]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["30", "60"]);
    const toggle = main.getByRole("button", { name: "Show as table" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    await user.click(toggle);
    expect(main.getByRole("button", { name: "Show as chart" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    // Shown, the table scrolls in a region the keyboard reaches (axe: scrollable-region-focusable).
    const region = main.getByRole("region", {
      name: "Daily unique profile views and unique search impressions, table",
    });
    expect(region.getAttribute("tabindex")).toBe("0");
    expect(
      within(region).getByRole("table", {
        name: "Daily unique profile views and unique search impressions, by day",
      }),
    ).toBeTruthy();
  });

  it("switching to 90 days keeps the range in the address and asks for those days", async () => {
    const { main, user, router } = await openReport(reportsWorld());
    await main.findByRole("group", { name: "Unique profile views" }, LAZY);
    await user.click(main.getByRole("button", { name: "Last 90 days" }));
    await waitFor(() => expect(router.state.location.search).toBe("?days=90"));
    const views = within(await main.findByRole("group", { name: "Unique profile views" }));
    expect(await views.findByText(triangle(90).toLocaleString("en-US"))).toBeTruthy();
    expect(views.getByText("vs. the previous 90 days")).toBeTruthy();
    expect(jsonCalls(OVERVIEW).map(rangeOf).at(-1)).toEqual(["2026-01-01", "2026-03-31"]);
    expect(main.getByRole("button", { name: "Last 90 days" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
  });

  it("a custom range is checked, then applied to the address and the call", async () => {
    const { main, user, router } = await openReport(reportsWorld());
    await main.findByRole("group", { name: "Unique profile views" }, LAZY);
    await user.click(main.getByRole("button", { name: "Custom" }));
    const form = within(main.getByRole("form", { name: "Custom range" }));
    fireEvent.change(form.getByLabelText("From"), { target: { value: "2026-02-10" } });
    fireEvent.change(form.getByLabelText("To"), { target: { value: "2026-02-01" } });
    await user.click(form.getByRole("button", { name: "Apply" }));
    expect(form.getByText("The range ends before it starts.")).toBeTruthy();
    fireEvent.change(form.getByLabelText("To"), { target: { value: "2026-02-16" } });
    await user.click(form.getByRole("button", { name: "Apply" }));
    await waitFor(() =>
      expect(router.state.location.search).toBe("?from=2026-02-10&to=2026-02-16"),
    );
    const views = within(await main.findByRole("group", { name: "Unique profile views" }));
    expect(await views.findByText(String(triangle(7)))).toBeTruthy();
    expect(jsonCalls(OVERVIEW).map(rangeOf).at(-1)).toEqual(["2026-02-10", "2026-02-16"]);
  });

  it("a shared link with ?days=7 opens on those days", async () => {
    const { main } = await openReport(reportsWorld(), `/reports/facility/${FACILITY_ID}?days=7`);
    const views = within(await main.findByRole("group", { name: "Unique profile views" }, LAZY));
    expect(views.getByText(String(triangle(7)))).toBeTruthy();
    expect(main.getByRole("button", { name: "Last 7 days" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(jsonCalls(OVERVIEW).map(rangeOf)).toEqual([["2026-03-25", "2026-03-31"]]);
  });

  it("Download CSV makes the same call with format=csv and saves its file", async () => {
    const files = captureDownloads();
    const world = reportsWorld({ csv: "day,views\r\n2026-03-25,1\r\n" });
    const { main, user } = await openReport(world, `/reports/facility/${FACILITY_ID}?days=7`);
    await user.click(await main.findByRole("button", { name: "Download CSV" }, LAZY));
    await waitFor(() => expect(files).toHaveLength(1));
    const csvCalls = sent.to(OVERVIEW, "GET").filter((c) => c.url.searchParams.get("format"));
    expect(csvCalls.map((call) => [call.url.searchParams.get("format"), ...rangeOf(call)])).toEqual(
      [["csv", "2026-03-25", "2026-03-31"]],
    );
    expect(files[0]!.name).toBe(`report-facility-profile-${FACILITY_ID}-2026-03-25-2026-03-31.csv`);
    expect(await files[0]!.blob.text()).toBe("day,views\r\n2026-03-25,1\r\n");
  });

  it("says so when nothing was recorded in the range", async () => {
    const world = reportsWorld({
      report: (_path, range) => {
        const report = buildReport(range);
        return {
          ...report,
          daily: {
            ...report.daily,
            series: report.daily.series.map((s) => ({ ...s, values: s.values.map(() => 0) })),
          },
        };
      },
    });
    const { main } = await openReport(world);
    expect(
      await main.findByRole(
        "heading",
        { name: "No unique profile views recorded in these days yet" },
        LAZY,
      ),
    ).toBeTruthy();
    expect(main.queryByRole("table", { name: /by day/ })).toBeNull();
  });

  it("tells someone who does not manage the listing that its reports are not theirs", async () => {
    const { main } = await openReport(reportsWorld({ failWith: 403 }));
    expect(await main.findByRole("heading", { name: REPORT_FORBIDDEN }, LAZY)).toBeTruthy();
  });

  it("links the rows of its tables to their listings", async () => {
    const world = reportsWorld({
      report: (_path, range) =>
        buildReport(range, {
          section: "events",
          title: "Events",
          tables: [
            {
              id: "events",
              title: "Events at the facility",
              columns: [
                { key: "name", label: "Event", format: "text" },
                { key: "views", label: "Unique views", format: "count" },
              ],
              rows: [{ id: DESTINATION_ID, kind: "event", name: "Spring Classic", views: 1200 }],
              more: 3,
            },
          ],
        }),
    });
    const { main } = await openReport(world, `/reports/facility/${FACILITY_ID}/events`);
    const table = within(await main.findByRole("table", { name: "Events at the facility" }, LAZY));
    expect(table.getByRole("link", { name: "Spring Classic" }).getAttribute("href")).toBe(
      `/events/${DESTINATION_ID}`,
    );
    expect(table.getByText("1,200")).toBeTruthy();
    expect(main.getByText("3 more rows in the CSV download.")).toBeTruthy();
    expect(sent.to(`${REPORTS}/facilities/${FACILITY_ID}/events`, "GET")).toHaveLength(1);
    expect(main.getByRole("tab", { name: "Events" }).getAttribute("aria-selected")).toBe("true");
  });

  it("offers the kind's sections as tabs, and narrows leads by status", async () => {
    const { main, user, router } = await openReport(
      reportsWorld(),
      `/reports/facility/${FACILITY_ID}/leads?days=90`,
    );
    await main.findByRole("group", { name: "Unique profile views" }, LAZY);
    expect(main.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Overview",
      "Leads",
      "Events",
      "Partners",
      "Hotels",
      "Hotel pickup",
      "Promotions",
    ]);
    // Tabs keep the range.
    expect(main.getByRole("tab", { name: "Hotel pickup" }).getAttribute("href")).toBe(
      `/reports/facility/${FACILITY_ID}/pickup?days=90`,
    );
    await user.click(main.getByRole("combobox", { name: "Lead status" }));
    await user.click(await screen.findByRole("option", { name: "Won" }));
    await waitFor(() => expect(router.state.location.search).toBe("?days=90&status=Won"));
    await waitFor(() =>
      expect(
        sent
          .to(`${REPORTS}/facilities/${FACILITY_ID}/leads`, "GET")
          .at(-1)
          ?.url.searchParams.get("status"),
      ).toBe("Won"),
    );
  });

  it("a destination's economic impact: figures, formula, events, and the PDF", async () => {
    const files = captureDownloads();
    const { main, user } = await openReport(
      reportsWorld(),
      `/reports/destination/${DESTINATION_ID}/impact`,
    );
    const total = within(await main.findByRole("group", { name: "Total economic impact" }, LAZY));
    expect(total.getByText("$90,000")).toBeTruthy();
    expect(
      within(main.getByRole("group", { name: "Room nights" })).getByText(
        "120 reserved, 80 from awarded requests",
      ),
    ).toBeTruthy();
    expect(main.getByText("Visitor-days 500 × $120 a visitor-day = $60,000")).toBeTruthy();
    expect(main.getByRole("link", { name: "Spring Hoops Classic" })).toBeTruthy();
    expect(main.getByRole("tab", { name: "Economic impact" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    await user.click(main.getByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe(`economic-impact-${DESTINATION_ID}-2026-03-02-2026-03-31.pdf`);
    expect((await files[0]!.blob.text()).startsWith("%PDF")).toBe(true);
    const pdf = sent
      .to(`${REPORTS}/destinations/${DESTINATION_ID}/impact`, "GET")
      .filter((call) => call.url.searchParams.get("format") === "pdf");
    expect(pdf.map(rangeOf)).toEqual([["2026-03-02", "2026-03-31"]]);
  });

  it("asks a visitor to sign in", async () => {
    serveBase(...reportsHandlers(reportsWorld()));
    await renderApp({ path: `/reports/facility/${FACILITY_ID}`, auth: buildSignedOutAuth() });
    expect(await screen.findByText("Sign in to see this listing's reports", {}, LAZY)).toBeTruthy();
    expect(sent.to(OVERVIEW)).toHaveLength(0);
  });

  it("an address naming no kind of report says so", async () => {
    await renderApp({ path: `/reports/planet/${FACILITY_ID}`, auth: buildSignedInAuth() });
    expect(await screen.findByText("There is no such report", {}, LAZY)).toBeTruthy();
  });
});
