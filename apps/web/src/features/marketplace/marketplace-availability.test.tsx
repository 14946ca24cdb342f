// The venues' marketplaces' "Available" filter: two dates kept in the address, sent as the search's
// free window, shown as one removable chip, cleared with the others; on a phone, in the panel.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildSignedOutAuth } from "../../test/factories";
import { sent } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { buildSearchProfile, searchReply, sentFilter, serveMarketplace } from "./testing";

const LAZY = { timeout: 10_000 };

const FACILITIES = "/facility-mgmt/api/facilities/search";
const DESTINATIONS = "/destination-mgmt/api/destinations/search";
const CHIP = "Remove filter: Available Mon, Jun 10th - Sun, Jun 16th, 2030";

const main = () => within(screen.getByRole("main"));
const lastFilter = (path: string) => sentFilter(sent.to(path, "POST").at(-1));

describe("the Available filter", () => {
  it("sends the dates picked as the facilities' free window, kept in the address and removed by its chip", async () => {
    serveMarketplace(FACILITIES, () => searchReply([buildSearchProfile()], 1));
    const { user, router } = await renderApp({
      path: "/facilities/marketplace?sports=Soccer",
      auth: buildSignedOutAuth(),
    });
    await main().findByRole("list", { name: "facilities found" });
    const dates = within(main().getByRole("group", { name: "Available" }));

    await user.type(dates.getByLabelText("Available from"), "2030-06-10");
    await waitFor(() => expect(router.state.location.search).toContain("freeFrom=2030-06-10"));
    // One day picked: free on that day.
    await waitFor(() =>
      expect(lastFilter(FACILITIES)).toEqual({
        sports: ["Soccer"],
        freeFrom: "2030-06-10",
        freeTo: "2030-06-10",
      }),
    );

    await user.type(dates.getByLabelText("Available until"), "2030-06-16");
    await waitFor(() => expect(router.state.location.search).toContain("freeTo=2030-06-16"));
    await waitFor(() =>
      expect(lastFilter(FACILITIES)).toEqual({
        sports: ["Soccer"],
        freeFrom: "2030-06-10",
        freeTo: "2030-06-16",
      }),
    );
    // The end offers no day before the start.
    expect(dates.getByLabelText("Available until").getAttribute("min")).toBe("2030-06-10");

    await user.click(main().getByRole("button", { name: CHIP }));
    await waitFor(() => expect(router.state.location.search).toBe("?sports=Soccer"));
    expect((dates.getByLabelText("Available from") as HTMLInputElement).value).toBe("");
  });

  it("opens the destinations' marketplace on the window of its address, and Clear all removes it", async () => {
    serveMarketplace(DESTINATIONS, () =>
      searchReply([buildSearchProfile({ kind: "destination", name: "Visit Carmel" })], 1),
    );
    const { user, router } = await renderApp({
      path: "/destinations/marketplace?freeFrom=2030-06-10&freeTo=2030-06-16",
      auth: buildSignedOutAuth(),
    });
    await main().findByText("Visit Carmel");
    expect(lastFilter(DESTINATIONS)).toEqual({ freeFrom: "2030-06-10", freeTo: "2030-06-16" });
    expect((main().getByLabelText("Available from") as HTMLInputElement).value).toBe("2030-06-10");
    expect((main().getByLabelText("Available until") as HTMLInputElement).value).toBe("2030-06-16");
    expect(main().getByRole("button", { name: CHIP })).toBeTruthy();

    await user.click(main().getByRole("button", { name: "Clear all" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    await waitFor(() => expect(lastFilter(DESTINATIONS)).toEqual({}));
  });

  it("waits in the filters sheet on a phone, counted on its button", async () => {
    serveMarketplace(FACILITIES, () => searchReply([buildSearchProfile()], 1));
    const { user } = await renderApp({
      path: "/facilities/marketplace?freeFrom=2030-06-10&freeTo=2030-06-16",
      auth: buildSignedOutAuth(),
      width: 375,
    });
    await main().findByRole("list", { name: "facilities found" });
    expect(lastFilter(FACILITIES)).toEqual({ freeFrom: "2030-06-10", freeTo: "2030-06-16" });
    expect(main().queryByRole("group", { name: "Available" })).toBeNull();
    expect(main().getByRole("button", { name: CHIP })).toBeTruthy();

    await user.click(main().getByRole("button", { name: "Filters · 1" }));
    const sheet = within(await screen.findByRole("dialog", { name: "Filters" }, LAZY));
    const dates = within(sheet.getByRole("group", { name: "Available" }));
    expect((dates.getByLabelText("Available until") as HTMLInputElement).value).toBe("2030-06-16");
  });

  it("is not offered where listings keep no calendar", async () => {
    serveMarketplace("/event-mgmt/api/events/search", () => searchReply([], 0));
    await renderApp({
      path: "/events/marketplace?freeFrom=2030-06-10",
      auth: buildSignedOutAuth(),
    });
    await main().findByText("No events match your search");
    expect(main().queryByRole("group", { name: "Available" })).toBeNull();
    expect(lastFilter("/event-mgmt/api/events/search")).toEqual({});
  });
});
