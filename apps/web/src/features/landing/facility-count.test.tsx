import { render, screen } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { TestProviders } from "../../test/render-app";
import { searchReply, serveMarketplace } from "../marketplace/testing";
import { FacilityCount } from "./facility-count";

const FACILITIES_SEARCH = "/facility-mgmt/api/facilities/search";

function renderCount() {
  render(
    <TestProviders>
      <FacilityCount />
    </TestProviders>,
  );
}

describe("the landing page's facility count", () => {
  it("says how many facilities the network has, asking for one result only", async () => {
    const takes: string[] = [];
    serveMarketplace(FACILITIES_SEARCH, (call) => {
      takes.push(call.url.searchParams.get("take") ?? "");
      return searchReply([], 37);
    });
    renderCount();
    expect(
      await screen.findByText("Discover venues across 37 facilities in the network."),
    ).toBeTruthy();
    expect(takes).toEqual(["1"]);
  });

  it("reads a capped count as at least that many", async () => {
    serveMarketplace(FACILITIES_SEARCH, () => searchReply([], 1000, true));
    renderCount();
    expect(
      await screen.findByText("Discover venues across 1,000+ facilities in the network."),
    ).toBeTruthy();
  });

  it("makes no claim of a number when the count cannot be had", async () => {
    serveMarketplace(FACILITIES_SEARCH, () =>
      HttpResponse.json({ code: "INTERNAL", message: "down" }, { status: 503 }),
    );
    renderCount();
    expect(
      await screen.findByText("Discover venues across the network's facilities."),
    ).toBeTruthy();
    expect(screen.queryByText(/\d/)).toBeNull();
  });
});
