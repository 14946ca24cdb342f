// A marketplace on a phone: one search line (text, Search, Filters) above the results, and the
// place, the radius, the filters and the order in a sheet (issue 50: the four fields, Search,
// Filters and Sort filled a 390 px phone's first screen and the results began at y≈670).
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildSignedOutAuth } from "../../test/factories";
import { sent } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { buildSearchProfile, searchReply, sentFilter, serveMarketplace } from "./testing";

const LAZY = { timeout: 10_000 };
const FACILITIES = "/facility-mgmt/api/facilities/search";

const main = () => within(screen.getByRole("main"));

async function openOnPhone(path: string) {
  serveMarketplace(FACILITIES, () => searchReply([buildSearchProfile()], 1));
  const rendered = await renderApp({ path, auth: buildSignedOutAuth(), width: 390 });
  await main().findByRole("list", { name: "facilities found" });
  return rendered;
}

describe("the marketplace's search on a phone", () => {
  it("is one line: the free text, Search and Filters; the rest waits in the sheet", async () => {
    await openOnPhone("/facilities/marketplace");
    const form = within(main().getByRole("search", { name: "Search facilities" }));
    expect(form.getByRole("searchbox", { name: "Search" })).toBeTruthy();
    expect(form.getByRole("button", { name: "Search" })).toBeTruthy();
    expect(form.getByRole("button", { name: "Filters" })).toBeTruthy();
    // Nothing else on the page before the results: no place, radius, filters or order.
    expect(main().queryByRole("textbox", { name: "Near" })).toBeNull();
    expect(main().queryByRole("combobox", { name: "Within" })).toBeNull();
    expect(main().queryByRole("combobox", { name: "Sort by" })).toBeNull();
    expect(main().queryByRole("group", { name: "Filters" })).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("searches the free text from the line", async () => {
    const { user, router } = await openOnPhone("/facilities/marketplace");
    await user.type(main().getByRole("searchbox", { name: "Search" }), "riverside");
    await user.click(main().getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=riverside"));
    await waitFor(() =>
      expect(sentFilter(sent.to(FACILITIES, "POST").at(-1))).toMatchObject({ text: "riverside" }),
    );
  });

  it("holds the place, radius, filters and order in a sheet; Show results applies the place and closes it", async () => {
    const { user, router } = await openOnPhone("/facilities/marketplace?sports=Soccer");
    await user.click(main().getByRole("button", { name: "Filters · 1" }));
    const sheet = within(await screen.findByRole("dialog", { name: "Filters" }, LAZY));
    expect(sheet.getByRole("group", { name: "Filters" })).toBeTruthy();
    expect(sheet.getByRole("combobox", { name: "Sort by" })).toBeTruthy();
    expect(sheet.getByRole("button", { name: "My location" })).toBeTruthy();

    // A filter applies as it changes, behind the sheet.
    await user.selectOptions(sheet.getByRole("combobox", { name: "Sort by" }), "name");
    await waitFor(() => expect(router.state.location.search).toContain("sort=name"));
    expect(screen.getByRole("dialog", { name: "Filters" })).toBeTruthy();

    await user.type(sheet.getByRole("textbox", { name: "Near" }), "Denver, CO");
    await user.selectOptions(sheet.getByRole("combobox", { name: "Within" }), "25");
    await user.click(sheet.getByRole("button", { name: "Show results" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get("near")).toBe("Denver, CO");
    expect(search.get("dist")).toBe("25");
    expect(search.get("sports")).toBe("Soccer");
    // What is applied shows as chips under the line, each removable.
    expect(
      main().getByRole("button", { name: "Remove filter: Within 25 mi of Denver, CO" }),
    ).toBeTruthy();
    expect(main().getByRole("button", { name: "Filters · 2" })).toBeTruthy();
  });

  it("closes with Close filters, leaving a place typed but not applied", async () => {
    const { user, router } = await openOnPhone("/facilities/marketplace");
    await user.click(main().getByRole("button", { name: "Filters" }));
    const sheet = within(await screen.findByRole("dialog", { name: "Filters" }, LAZY));
    await user.type(sheet.getByRole("textbox", { name: "Near" }), "Denver, CO");
    await user.click(sheet.getByRole("button", { name: "Close filters" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.search).toBe("");
  });
});
