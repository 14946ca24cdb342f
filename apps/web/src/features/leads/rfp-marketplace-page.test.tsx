import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatDateTime } from "../../lib/date-format";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, sent, serveBase, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import {
  HELD_BACK_TITLE,
  LOCKED_TITLE,
  NO_MATCHING_RFPS,
  NO_RFPS,
  RFPS_FAILED,
} from "./rfp-marketplace-page";
import {
  buildRfpListing,
  buildVenue,
  FACILITY_ID,
  leadsHandlers,
  leadsWorld,
  NOW,
  RFP_SEARCH as SEARCH,
  type TLeadsWorld,
} from "./testing";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(NOW));
});

afterEach(() => {
  vi.useRealTimers();
});

async function renderMarketplace(state: TLeadsWorld, path = "/rfps") {
  serveBase(...leadsHandlers(state));
  const rendered = await renderApp({ path, auth: buildSignedInAuth() });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

function card(name: string) {
  return within(screen.getByRole("article", { name }));
}

describe("/rfps, the RFP marketplace", () => {
  it("asks a signed-out visitor to sign in", async () => {
    serveBase(...leadsHandlers(leadsWorld()));
    await renderApp({ path: "/rfps", auth: buildSignedOutAuth() });
    expect(await screen.findByText("Sign in to see the RFP marketplace")).toBeTruthy();
    expect(document.title).toBe("RFP marketplace | Hostfield");
  });

  it("locked: explains which tiers unlock it, with my listings' tiers, instead of an error", async () => {
    const state = leadsWorld({
      destinations: [],
      facilities: [
        buildVenue("facility", { id: FACILITY_ID, name: "Riverside Fieldhouse", tier: "Legacy" }),
      ],
    });
    // The server refuses: none of my listings has a membership that opens the marketplace.
    server.use(
      http.post(SEARCH, () =>
        errorReply(
          403,
          "RFP_MARKETPLACE_LOCKED",
          "The RFP marketplace is part of destination and facility memberships.",
        ),
      ),
    );
    const { main } = await renderMarketplace(state);

    expect(await main.findByRole("heading", { name: LOCKED_TITLE })).toBeTruthy();
    expect(
      main.getByText(/An active Bronze, Silver or Gold membership opens the marketplace/),
    ).toBeTruthy();
    expect(
      main.getByText(
        /Silver or Gold members also get hot leads \(Urgent Need and Near Future requests\) 24 hours before everyone else/,
      ),
    ).toBeTruthy();
    expect(await main.findByText("Riverside Fieldhouse")).toBeTruthy();
    expect(main.getByText("Legacy")).toBeTruthy();
    expect(main.getByRole("link", { name: "See your listings" }).getAttribute("href")).toBe(
      "/account",
    );
    // The app's own Contact page, as the server names no site of its own here.
    expect(main.getByRole("link", { name: "Ask about membership" }).getAttribute("href")).toBe(
      "/contact",
    );
    // Not an error, and no filters over a list that cannot load.
    expect(main.queryByText(RFPS_FAILED)).toBeNull();
    expect(main.queryByRole("alert")).toBeNull();
    expect(main.queryByRole("search")).toBeNull();
    expect(sent.to(SEARCH, "POST")).toHaveLength(1);
  });

  it("unlocked: cards with dates, sports, location summary, urgency and the hot badge", async () => {
    const state = leadsWorld({
      rfps: [
        buildRfpListing({
          event: { name: "Spring Hoops Classic", startDate: "2025-03-07", endDate: "2025-03-09" },
          sportsList: ["Basketball", "Volleyball"],
          address: "Indianapolis, IN",
          dist: 50,
          urgency: 0,
          isHot: true,
        }),
        buildRfpListing({
          event: {
            name: "Summer Soccer Cup",
            startDate: "2025-07-01",
            endDate: "2025-08-15",
            hasFlexibleDates: true,
            ageGroup: null,
            eventLevel: null,
          },
          sportsList: ["Soccer"],
          address: null,
          dist: null,
          urgency: 2,
          spaceType: null,
          needsSpecificSpaceType: false,
          spaceTypeCount: null,
          attendance: null,
        }),
      ],
    });
    const { main } = await renderMarketplace(state);

    await main.findByRole("article", { name: "Spring Hoops Classic" });
    expect(main.getByRole("status").textContent).toBe("Showing 2 of 2 open requests");
    const hoops = card("Spring Hoops Classic");
    expect(hoops.getByText("Fri, Mar 7th - Sun, Mar 9th, 2025")).toBeTruthy();
    expect(hoops.getByText("Multi Sport")).toBeTruthy();
    expect(hoops.getByText("Looking within 50 mi of Indianapolis, IN")).toBeTruthy();
    expect(hoops.getByText("Urgent Need")).toBeTruthy();
    expect(hoops.getByText("Hot lead")).toBeTruthy();
    expect(hoops.getByText("Tournament · Youth · Amateur")).toBeTruthy();
    expect(hoops.getByText("Needs Court × 4 · Indoor · Hardwood")).toBeTruthy();
    expect(hoops.getByText("Published yesterday")).toBeTruthy();

    const cup = card("Summer Soccer Cup");
    expect(cup.getByText("Flexible b/w Tue, Jul 1st, 2025 - Fri, Aug 15th, 2025")).toBeTruthy();
    expect(cup.getByText("Soccer")).toBeTruthy();
    expect(cup.getByText("Looking Nationally")).toBeTruthy();
    expect(cup.getByText("Exploring")).toBeTruthy();
    expect(cup.queryByText("Hot lead")).toBeNull();
    expect(cup.getByRole("link", { name: "See the event" }).getAttribute("href")).toBe(
      `/events/${state.rfps[1]!.event.id}`,
    );

    const search = sent.to(SEARCH, "POST");
    expect(search).toHaveLength(1);
    expect(search[0]?.body).toEqual({ data: {} });
    expect(search[0]?.url.searchParams.get("offset")).toBe("0");
    expect(search[0]?.url.searchParams.get("take")).toBe("20");
  });

  it("a card of a request with a window says the window, not the event's dates", async () => {
    const state = leadsWorld({
      rfps: [
        buildRfpListing({
          event: { name: "Spring Weekend Cup", startDate: "2025-04-05", endDate: "2025-04-06" },
          dateOptions: {
            kind: "window",
            from: "2025-04-01",
            to: "2025-04-30",
            days: 2,
            weekdays: [6, 0],
          },
        }),
      ],
    });
    const { main } = await renderMarketplace(state);
    await main.findByRole("article", { name: "Spring Weekend Cup" });
    const cup = card("Spring Weekend Cup");
    // April 2025's weekends, Saturday to Sunday: 5-6, 12-13, 19-20 and 26-27.
    expect(
      cup.getByText(
        "2 days in a row, Sat, Sun, between Tue, Apr 1st and Wed, Apr 30th, 2025 (4 date sets)",
      ),
    ).toBeTruthy();
    expect(cup.queryByText("Sat, Apr 5th - Sun, Apr 6th, 2025")).toBeNull();
  });

  it("reads its filters from the address and writes changes back to it", async () => {
    const state = leadsWorld({
      rfps: [
        buildRfpListing({ event: { name: "Indy Hoops" }, sportsList: ["Basketball"], urgency: 0 }),
      ],
    });
    const { main, user, router } = await renderMarketplace(
      state,
      "/rfps?sports=Basketball&urgency=0,1",
    );
    await main.findByRole("article", { name: "Indy Hoops" });
    expect(sent.to(SEARCH, "POST")[0]?.body).toEqual({
      data: { sports: ["Basketball"], urgency: [0, 1] },
    });
    const urgency = within(main.getByRole("group", { name: "Urgency" }));
    expect(urgency.getByRole("button", { name: "Urgent Need", pressed: true })).toBeTruthy();
    expect(urgency.getByRole("button", { name: "Near Future", pressed: true })).toBeTruthy();
    expect(urgency.getByRole("button", { name: "Exploring", pressed: false })).toBeTruthy();
    expect(main.getByRole("button", { name: "Basketball" })).toBeTruthy();

    // A state: type to find it, pick it.
    await user.type(main.getByRole("combobox", { name: "States" }), "Indi");
    await user.click(await screen.findByRole("option", { name: "Indiana" }));
    await waitFor(() =>
      expect(router.state.location.search).toBe("?sports=Basketball&urgency=0%2C1&states=Indiana"),
    );
    await waitFor(() =>
      expect(sent.to(SEARCH, "POST").at(-1)?.body).toEqual({
        data: { sports: ["Basketball"], states: ["Indiana"], urgency: [0, 1] },
      }),
    );

    // Urgency toggles.
    await user.click(urgency.getByRole("button", { name: "Near Future" }));
    await waitFor(() =>
      expect(sent.to(SEARCH, "POST").at(-1)?.body).toEqual({
        data: { sports: ["Basketball"], states: ["Indiana"], urgency: [0] },
      }),
    );

    // Text, on submit.
    await user.type(main.getByRole("searchbox", { name: "Search requests" }), "hoops{Enter}");
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get("q")).toBe("hoops"),
    );
    await waitFor(() =>
      expect(sent.to(SEARCH, "POST").at(-1)?.body).toEqual({
        data: { text: "hoops", sports: ["Basketball"], states: ["Indiana"], urgency: [0] },
      }),
    );

    await user.click(main.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("pages with Load more", async () => {
    const rfps = Array.from({ length: 25 }, (_, i) =>
      buildRfpListing({ event: { name: `Request number ${i + 1}` } }),
    );
    const { main, user } = await renderMarketplace(leadsWorld({ rfps }));
    await main.findByRole("article", { name: "Request number 1" });
    expect(main.getAllByRole("article")).toHaveLength(20);
    expect(main.getByRole("status").textContent).toBe("Showing 20 of 25 open requests");

    await user.click(main.getByRole("button", { name: "Load more" }));
    await main.findByRole("article", { name: "Request number 25" });
    expect(main.getAllByRole("article")).toHaveLength(25);
    expect(main.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(sent.to(SEARCH, "POST").at(-1)?.url.searchParams.get("offset")).toBe("20");
  });

  it("shows an error with Retry, then the requests", async () => {
    const state = leadsWorld({ rfps: [buildRfpListing({ event: { name: "Back again" } })] });
    server.use(
      // The search fails once.
      http.post(
        SEARCH,
        () => errorReply(500, "INTERNAL_ERROR", "Something went wrong on our side."),
        {
          once: true,
        },
      ),
    );
    const { main, user } = await renderMarketplace(state);
    expect(await main.findByRole("heading", { name: RFPS_FAILED })).toBeTruthy();
    expect(main.getByRole("alert").textContent).toContain("Something went wrong on our side.");
    await user.click(main.getByRole("button", { name: "Retry" }));
    expect(await main.findByRole("article", { name: "Back again" })).toBeTruthy();
  });

  it("says when there is nothing, and when filters hide everything offers to clear them", async () => {
    const { main, user, router } = await renderMarketplace(leadsWorld(), "/rfps?urgency=2");
    expect(await main.findByRole("heading", { name: NO_MATCHING_RFPS })).toBeTruthy();
    const panel = within(
      main.getByRole("heading", { name: NO_MATCHING_RFPS }).closest("[role=status]") as HTMLElement,
    );
    await user.click(panel.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(await main.findByRole("heading", { name: NO_RFPS })).toBeTruthy();
  });

  describe("hot requests the head start holds back from my listings", () => {
    /** Tomorrow 14:00 UTC, 23 hours after NOW: when the next held-back request arrives. */
    const NEXT = "2025-03-13T14:00:00.000Z";

    it("says how many arrive and when, and which tiers see them now, instead of 'nothing open'", async () => {
      const { main } = await renderMarketplace(
        leadsWorld({ heldBack: { requests: 2, listings: 1, nextVisibleFrom: NEXT } }),
      );
      const heading = await main.findByRole("heading", { name: HELD_BACK_TITLE });
      expect(heading.closest("[role=status]")?.textContent).toContain(
        `2 hot requests reach your listing 24 hours after they went out, the next on ${formatDateTime(NEXT)}. Gold and Silver listings see them at once.`,
      );
      expect(main.queryByText(NO_RFPS)).toBeNull();
      expect(main.queryByRole("article")).toBeNull();
    });

    it("says it for one request to several listings above the requests already open", async () => {
      const { main } = await renderMarketplace(
        leadsWorld({
          rfps: [buildRfpListing({ event: { name: "Everyone's Open Cup" }, urgency: 2 })],
          heldBack: { requests: 1, listings: 2, nextVisibleFrom: NEXT },
        }),
      );
      await main.findByRole("article", { name: "Everyone's Open Cup" });
      expect(
        main.getByText(
          `1 hot request reaches your listings 24 hours after it went out, on ${formatDateTime(NEXT)}. Gold and Silver listings see it at once.`,
        ),
      ).toBeTruthy();
      expect(main.getByText("Showing 1 of 1 open request")).toBeTruthy();
      expect(main.queryByRole("heading", { name: HELD_BACK_TITLE })).toBeNull();
    });

    it("keeps saying it when filters hide everything (they do not apply to it)", async () => {
      const { main } = await renderMarketplace(
        leadsWorld({ heldBack: { requests: 3, listings: 1, nextVisibleFrom: NEXT } }),
        "/rfps?urgency=2",
      );
      expect(await main.findByRole("heading", { name: NO_MATCHING_RFPS })).toBeTruthy();
      expect(main.getByText(/^3 hot requests reach your listing 24 hours after/)).toBeTruthy();
    });

    it("says nothing of the kind when nothing is held back", async () => {
      const { main } = await renderMarketplace(leadsWorld());
      expect(await main.findByRole("heading", { name: NO_RFPS })).toBeTruthy();
      expect(main.queryByText(/hot requests? reach/)).toBeNull();
      expect(main.queryByRole("heading", { name: HELD_BACK_TITLE })).toBeNull();
    });
  });
});
