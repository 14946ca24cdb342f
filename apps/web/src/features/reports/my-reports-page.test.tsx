import { ZMemberRoles } from "@hostfield/domain/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { dataReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { LISTINGS_SHOWN, NO_LISTINGS } from "./my-reports-page";
import { HOTEL_ID, NOW, REPORTS, reportsHandlers, reportsWorld, uuid } from "./testing";

// The page's code loads cold in a busy run; loaded once here, a test's first render waits for the
// page rather than for the transform of its modules.
beforeAll(async () => {
  await import("./my-reports-page");
}, 60_000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

const LAZY = { timeout: 10_000 };
const overviewCalls = () =>
  sent.all().filter((call) => call.path.startsWith(REPORTS) && call.path.endsWith("/profile"));

describe("/reports, the member's reports", () => {
  it("lists my listings with their last 30 days, each linking to its dashboard", async () => {
    serveBase(
      ...reportsHandlers(reportsWorld({ mine: { hotel: [{ id: HOTEL_ID, name: "Harbor Inn" }] } })),
    );
    await renderApp({ path: "/reports", auth: buildSignedInAuth() });
    const main = within(screen.getByRole("main"));
    const link = await main.findByRole("link", { name: "Harbor Inn" }, LAZY);
    expect(link.getAttribute("href")).toBe(`/reports/hotel/${HOTEL_ID}`);
    const line = within(link.closest("li")!);
    // Unique views 1 + 2 + … + 30 and leads 3, under the overview's own labels; no visitors
    // figure (views are the unique visitors), and not the impressions the overview also has.
    expect(await line.findByText("465")).toBeTruthy();
    expect(line.getAllByRole("term").map((term) => term.textContent)).toEqual([
      "Unique profile views",
      "Leads received",
    ]);
    expect(line.getAllByRole("definition").map((figure) => figure.textContent)).toEqual([
      "465",
      "3",
    ]);
    expect(main.getByText(/views count each visitor once a day/)).toBeTruthy();
    expect(
      overviewCalls().map((call) => [call.path, call.url.searchParams.get("startDate")]),
    ).toEqual([[`${REPORTS}/hotels/${HOTEL_ID}/profile`, "2026-03-02"]]);
    expect(main.getByRole("link", { name: "Facilities" }).getAttribute("href")).toBe(
      "/leaderboards/facility",
    );
    expect(main.queryByRole("link", { name: "RFP overview" })).toBeNull();
  });

  it("asks for the figures of the first dozen only, and more on asking", async () => {
    const facilities = Array.from({ length: 15 }, (_, i) => ({
      id: uuid(100 + i),
      name: `Field ${i + 1}`,
    }));
    serveBase(...reportsHandlers(reportsWorld({ mine: { facility: facilities } })));
    const { user } = await renderApp({ path: "/reports", auth: buildSignedInAuth() });
    const main = within(screen.getByRole("main"));
    await main.findByRole("link", { name: "Field 1" }, LAZY);
    await waitFor(() => expect(overviewCalls()).toHaveLength(LISTINGS_SHOWN));
    expect(main.queryByRole("link", { name: "Field 13" })).toBeNull();
    await user.click(main.getByRole("button", { name: "Show more (3 left)" }));
    expect(await main.findByRole("link", { name: "Field 15" })).toBeTruthy();
    await waitFor(() => expect(overviewCalls()).toHaveLength(15));
    expect(main.queryByRole("button", { name: /Show more/ })).toBeNull();
  });

  it("says so when I have no listings", async () => {
    serveBase(...reportsHandlers(reportsWorld()));
    await renderApp({ path: "/reports", auth: buildSignedInAuth() });
    expect(await screen.findByRole("heading", { name: NO_LISTINGS }, LAZY)).toBeTruthy();
  });

  it("asks a visitor to sign in", async () => {
    await renderApp({ path: "/reports", auth: buildSignedOutAuth() });
    expect(await screen.findByText("Sign in to see your reports", {}, LAZY)).toBeTruthy();
    const main = within(screen.getByRole("main"));
    expect(main.getByRole("button", { name: "Log in" })).toBeTruthy();
  });

  it("the Me menu links a hotel's people here", async () => {
    serveBase(...reportsHandlers(reportsWorld()));
    server.use(
      http.get("/user-mgmt/api/users/my/roles", () =>
        dataReply(ZMemberRoles, {
          roles: ["hotel"],
          features: [{ feature: "reports", locked: false, needs: null }],
        }),
      ),
    );
    const { user } = await renderApp({ path: "/reports", auth: buildSignedInAuth() });
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    const menu = within(await screen.findByRole("menu", { name: "Me" }));
    const item = await menu.findByRole("menuitem", { name: "Reports" });
    expect(item.getAttribute("href")).toBe("/reports");
    expect(item.getAttribute("aria-current")).toBe("page");
  });
});
