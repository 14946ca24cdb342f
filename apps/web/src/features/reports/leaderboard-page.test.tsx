import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSignedInAuth, buildUser } from "../../test/factories";
import { sent, serveBase } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { FACILITY_ID, REPORTS, reportsHandlers, reportsWorld } from "./testing";

// The page's code loads cold in a busy run; loaded once here, a test's first render waits for the
// page rather than for the transform of its modules.
beforeAll(async () => {
  await import("./leaderboard-page");
}, 60_000);

const LAZY = { timeout: 10_000 };
const BOARD = `${REPORTS}/facilities/leaderboard`;

async function openBoard(revealed: boolean, path = "/leaderboards/facility") {
  serveBase(...reportsHandlers(reportsWorld({ revealed })));
  const auth = revealed
    ? buildSignedInAuth({ user: buildUser({ roles: ["admin"] }), isAdmin: true })
    : buildSignedInAuth();
  const rendered = await renderApp({ path, auth });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

describe("/leaderboards/:board", () => {
  it("a member sees the top names without their figures, and their own standings", async () => {
    const { main } = await openBoard(false);
    const top = within(await main.findByRole("table", { name: "Top 10" }, LAZY));
    expect(top.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Rank",
      "Name",
      "Place",
    ]);
    expect(
      within(top.getAllByRole("row")[1]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["1", "Grand Park", "Westfield, IN"]);
    expect(top.queryByText("9,120")).toBeNull();
    expect(main.getByText("Names only: nobody sees another member's figures.")).toBeTruthy();
    const mine = within(main.getByRole("region", { name: "Your standing" }));
    expect(mine.getByText("Rank 14 of 120 nationally, 89th percentile")).toBeTruthy();
    expect(mine.getByText("Rank 2 of 9 in IN, 89th percentile")).toBeTruthy();
    expect(mine.getByText("Unique views: 1,234")).toBeTruthy();
    expect(
      main.getByText(
        "Views are unique visitors: each visitor counts once per listing and day, however often it opened the page.",
      ),
    ).toBeTruthy();
    expect(mine.getByRole("link", { name: "Riverside Sports Complex" }).getAttribute("href")).toBe(
      `/facilities/${FACILITY_ID}`,
    );
  });

  it("an admin sees every figure", async () => {
    const { main } = await openBoard(true);
    const top = within(await main.findByRole("table", { name: "Top 10" }, LAZY));
    expect(top.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Rank",
      "Name",
      "Place",
      "Unique views",
    ]);
    expect(top.getByText("9,120")).toBeTruthy();
  });

  it("the metric and the state narrow the board, kept in the address", async () => {
    const { main, user, router } = await openBoard(false);
    await main.findByRole("table", { name: "Top 10" }, LAZY);
    await user.click(main.getByRole("combobox", { name: "Ranked by" }));
    const options = await screen.findAllByRole("option");
    // The board's metrics: views are the unique visitors, so there is no "Visitors" to rank by.
    expect(options.map((option) => option.textContent)).toEqual([
      "Unique views",
      "Follows",
      "Leads",
    ]);
    await user.click(screen.getByRole("option", { name: "Leads" }));
    await waitFor(() => expect(router.state.location.search).toBe("?metric=leads"));
    await user.selectOptions(main.getByRole("combobox", { name: "State" }), "Indiana");
    await waitFor(() => expect(router.state.location.search).toBe("?metric=leads&state=IN"));
    await waitFor(() => {
      const last = sent.to(BOARD, "GET").at(-1)!.url.searchParams;
      expect([last.get("metric"), last.get("state")]).toEqual(["leads", "IN"]);
    });
  });

  it("the RFP board is asked of the RFP leaderboard call", async () => {
    const { main } = await openBoard(false, "/leaderboards/rfps");
    await main.findByRole("table", { name: "Top 10" }, LAZY);
    expect(sent.to(`${REPORTS}/events/rfps/leaderboard`, "GET")).toHaveLength(1);
    expect(main.getByRole("tab", { name: "RFP responders" }).getAttribute("aria-selected")).toBe(
      "true",
    );
  });
});
