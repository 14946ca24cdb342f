import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth } from "../../test/factories";
import { TestProviders } from "../../test/render-app";
import { changeText } from "./report-format";
import { ReportView } from "./report-view";
import { buildReport, kpi } from "./testing";

const LAZY = { timeout: 10_000 };
const RANGE = { startDate: "2026-03-01", endDate: "2026-03-07" };

function renderView(report: ReturnType<typeof buildReport>) {
  const router = createMemoryRouter([
    { path: "*", element: <ReportView report={report} chartWidth={600} /> },
  ]);
  return render(
    <TestProviders auth={buildSignedInAuth()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe("the report view", () => {
  it("draws the daily series (inert: out of screen readers' and the keyboard's way; they get the table)", async () => {
    const { container } = renderView(buildReport(RANGE));
    const figure = await screen.findByRole(
      "figure",
      { name: "Daily unique profile views and unique search impressions" },
      LAZY,
    );
    const drawing = figure.querySelector("[inert] svg");
    expect(drawing).not.toBeNull();
    // Not aria-hidden: the chart's own focus stops inside it were a focusable element hidden from
    // screen readers (axe: aria-hidden-focus).
    expect(figure.querySelector("[aria-hidden] [tabindex]")).toBeNull();
    expect(
      within(figure).getByRole("table", {
        name: "Daily unique profile views and unique search impressions, by day",
      }),
    ).toBeTruthy();
    expect(container.querySelectorAll("figure")).toHaveLength(1);
  });

  it("draws a breakdown table as bars, and money apart from counts", async () => {
    const report = buildReport(RANGE, {
      kpis: [
        kpi({ metric: "views", label: "Views", total: 28 }),
        kpi({ metric: "revenue", label: "Room revenue", format: "money", total: 1200.5 }),
      ],
      daily: {
        dates: ["2026-03-01", "2026-03-02"],
        series: [
          { metric: "views", label: "Views", values: [3, 4] },
          { metric: "revenue", label: "Room revenue", values: [0, 1200.5] },
        ],
      },
      tables: [
        {
          id: "clicks",
          title: "Clicks by target",
          columns: [
            { key: "target", label: "Target", format: "text" },
            { key: "clicks", label: "Clicks", format: "count" },
          ],
          rows: [
            { target: "Website", clicks: 12 },
            { target: "Phone", clicks: 5 },
          ],
          more: 0,
        },
      ],
    });
    renderView(report);
    const revenue = await screen.findByRole("table", { name: "Daily room revenue, by day" }, LAZY);
    expect(within(revenue).getByText("$1,200.50")).toBeTruthy();
    expect(screen.getByRole("table", { name: "Daily views, by day" })).toBeTruthy();
    const bars = await screen.findByRole("figure", { name: "Clicks by target" }, LAZY);
    expect(bars.querySelector("[inert] svg")).not.toBeNull();
    const hidden = within(bars).getByRole("table", { name: "Clicks by target" });
    expect(
      within(hidden)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["TargetClicks", "Website12", "Phone5"]);
  });
});

describe("the change of a headline figure", () => {
  it("reads with a sign, as new, or as no change", () => {
    expect(changeText({ change: 0.25, total: 5 })).toBe("+25%");
    expect(changeText({ change: -0.125, total: 7 })).toBe("−12.5%");
    expect(changeText({ change: 0, total: 7 })).toBe("No change");
    expect(changeText({ change: null, total: 4 })).toBe("New");
    expect(changeText({ change: null, total: 0 })).toBe("—");
  });
});
