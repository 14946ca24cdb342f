import { LANDING_STATES } from "@hostfield/domain/reference";
import { act, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { errorReply, sent, server, type TSentRequest } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { serveProfiles } from "../profiles/testing";
import type { TMapArea } from "./map/map-area";
import type { TMarketplaceProfile, TReactionState } from "./marketplace-api";
import {
  buildSearchProfile,
  searchReply as listReply,
  sentFilter,
  serveMarketplace,
} from "./testing";

// These tests drive the whole page (typing, menus, lazy chunks) on a busy two-core machine.

// jsdom cannot draw Leaflet maps: react-leaflet becomes plain elements that show what the map
// would hold (the markers, their titles, the tile address), with a map object to drive them.
// `view` is the box on screen (the contiguous United States until a test moves the map) and
// `moveEnd` tells the map's listeners that a move ended there.
const view = vi.hoisted(() => {
  const US: [[number, number], [number, number]] = [
    [24, -125],
    [50, -66],
  ];
  const state = {
    US,
    bounds: US,
    handlers: [] as { moveend?: () => void }[],
    moveTo(bounds: [[number, number], [number, number]]) {
      state.bounds = bounds;
      for (const handlers of state.handlers) handlers.moveend?.();
    },
  };
  return state;
});

vi.mock("react-leaflet", async () => {
  const { createElement, Fragment } = await import("react");
  const L = (await import("leaflet")).default;
  // Fitting to the points moves the view there, as Leaflet would.
  const map = {
    getBounds: () => L.latLngBounds(view.bounds[0], view.bounds[1]),
    getZoom: () => 4,
    fitBounds: (bounds: L.LatLngBounds) =>
      view.moveTo([
        [bounds.getSouth(), bounds.getWest()],
        [bounds.getNorth(), bounds.getEast()],
      ]),
    setView: ([lat, lng]: [number, number]) =>
      view.moveTo([
        [lat - 0.05, lng - 0.05],
        [lat + 0.05, lng + 0.05],
      ]),
    flyTo: () => undefined,
  };
  return {
    MapContainer: ({ children }: { children: React.ReactNode }) =>
      createElement("div", { "data-testid": "leaflet-map" }, children),
    TileLayer: ({ url }: { url: string }) =>
      createElement("div", { "data-testid": "tiles", "data-url": url }),
    Pane: ({ children }: { children: React.ReactNode }) => createElement(Fragment, null, children),
    Marker: ({ title, children }: { title: string; children?: React.ReactNode }) =>
      createElement("div", { "data-testid": "marker", title }, children),
    Popup: ({ children }: { children: React.ReactNode }) => createElement(Fragment, null, children),
    useMap: () => map,
    useMapEvents: (handlers: { moveend?: () => void }) => {
      view.handlers.push(handlers);
      return map;
    },
  };
});

// The basemap draws on a canvas (see map-view.test.tsx and the browser test).
vi.mock("./map/basemap", async () => {
  const { createElement } = await import("react");
  return {
    ...(await vi.importActual<typeof import("./map/basemap")>("./map/basemap")),
    Basemap: () => createElement("div", { "data-testid": "basemap" }),
  };
});

beforeEach(() => {
  view.bounds = view.US;
  view.handlers = [];
});

const SEARCH = "/facility-mgmt/api/facilities/search";
const EVENTS_SEARCH = "/event-mgmt/api/events/search";

function main() {
  return within(screen.getByRole("main"));
}

function results() {
  return within(screen.getByRole("list", { name: "facilities found" }));
}

/** The states the reference flags as featured (spec §9). */
const FLAGGED_STATES = LANDING_STATES.filter((state) => state.featured).map((state) => state.name);

describe("marketplace search", () => {
  it("sends the filters of the address as the search body and says where it looks", async () => {
    serveMarketplace(SEARCH, () => listReply([buildSearchProfile()], 1));
    await renderApp({
      path:
        "/facilities/marketplace?q=arena&near=Austin%2C+TX&dist=25&sports=Soccer%2CIce+Hockey" +
        "&spaceTypes=Field&surfaces=Turf&location=Indoor&amenities=Parking&types=Arena%2CNot+a+type" +
        "&states=Texas&regions=Southwest&sort=distance&ageGroup=Youth",
      auth: buildSignedOutAuth(),
    });
    await main().findByRole("list", { name: "facilities found" });
    const [call] = sent.to(SEARCH, "POST");
    expect(call?.url.searchParams.get("offset")).toBe("0");
    expect(call?.url.searchParams.get("take")).toBe("20");
    expect(call?.url.searchParams.get("api-version")).toBe("1.0");
    // Unknown types are dropped; age group is not a facility filter.
    expect(sentFilter(call)).toEqual({
      text: "arena",
      near: { address: "Austin, TX", dist: 25 },
      sports: ["Soccer", "Ice Hockey"],
      types: ["Arena"],
      spaceTypes: ["Field"],
      surfaces: ["Turf"],
      spaceLocation: "Indoor",
      amenities: ["Parking"],
      states: ["Texas"],
      regions: ["Southwest"],
      sort: "distance",
    });
    expect(main().getByText("Looking within 25 mi of Austin, TX")).toBeTruthy();
    // The search form shows what the address holds.
    expect((main().getByRole("searchbox", { name: "Search" }) as HTMLInputElement).value).toBe(
      "arena",
    );
    expect((main().getByRole("textbox", { name: "Near" }) as HTMLInputElement).value).toBe(
      "Austin, TX",
    );
    expect(
      main().getByRole("button", { name: "Remove filter: Within 25 mi of Austin, TX" }),
    ).toBeTruthy();
  });

  it("keeps ticked filters in the address: ticking, removing, and back", async () => {
    serveMarketplace(SEARCH, () => listReply([buildSearchProfile()], 1));
    const { user, router } = await renderApp({
      path: "/facilities/marketplace",
      auth: buildSignedOutAuth(),
    });
    await main().findByRole("list", { name: "facilities found" });
    expect(main().getByText("Looking Nationally")).toBeTruthy();

    await user.click(main().getByRole("button", { name: "Sports" }));
    const panel = within(await screen.findByRole("dialog", { name: "Sports" }));
    await user.type(panel.getByRole("searchbox", { name: "Find sports" }), "hock");
    await user.click(panel.getByRole("checkbox", { name: "Ice Hockey" }));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(router.state.location.search).toBe("?sports=Ice+Hockey"));
    await waitFor(() =>
      expect(sentFilter(sent.to(SEARCH).at(-1))).toEqual({ sports: ["Ice Hockey"] }),
    );

    await user.selectOptions(main().getByRole("combobox", { name: "Indoor / outdoor" }), "Both");
    await waitFor(() => expect(router.state.location.search).toContain("location=Both"));

    await user.click(main().getByRole("button", { name: "Remove filter: Ice Hockey" }));
    await waitFor(() => expect(router.state.location.search).toBe("?location=Both"));

    // Back restores the filter, and the results that go with it (from the cache when fresh).
    await act(async () => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toContain("sports=Ice+Hockey"));
    expect(main().getByRole("button", { name: "Remove filter: Ice Hockey" })).toBeTruthy();
    expect(await main().findByRole("list", { name: "facilities found" })).toBeTruthy();
    expect(sent.to(SEARCH).map(sentFilter)).toContainEqual({
      sports: ["Ice Hockey"],
      spaceLocation: "Both",
    });
  });

  it("applies the typed text and place on Search, and Clear all empties the form", async () => {
    serveMarketplace(SEARCH, () => listReply([buildSearchProfile()], 1));
    const { user, router } = await renderApp({
      path: "/facilities/marketplace?sports=Soccer",
      auth: buildSignedOutAuth(),
    });
    await main().findByRole("list", { name: "facilities found" });
    await user.type(main().getByRole("searchbox", { name: "Search" }), "riverside");
    await user.type(main().getByRole("textbox", { name: "Near" }), "Denver, CO{Enter}");
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        sports: "Soccer",
        q: "riverside",
        near: "Denver, CO",
        dist: "50",
      }),
    );
    expect(main().getByText("Looking within 50 mi of Denver, CO")).toBeTruthy();
    await waitFor(() =>
      expect(sentFilter(sent.to(SEARCH).at(-1))).toEqual({
        text: "riverside",
        near: { address: "Denver, CO", dist: 50 },
        sports: ["Soccer"],
      }),
    );

    // A new radius applies at once while a place is set.
    await user.selectOptions(main().getByRole("combobox", { name: "Within" }), "100");
    await waitFor(() => expect(router.state.location.search).toContain("dist=100"));

    await user.click(main().getByRole("button", { name: "Clear all" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect((main().getByRole("searchbox", { name: "Search" }) as HTMLInputElement).value).toBe("");
    expect((main().getByRole("textbox", { name: "Near" }) as HTMLInputElement).value).toBe("");
  });
});

describe("result cards", () => {
  it("show image, name, place, sports summary, facts, the sponsored badge and distance", async () => {
    const multi = buildSearchProfile({
      name: "Riverside Sports Complex",
      sports: ["Soccer", "Lacrosse"],
      boosted: true,
      sponsored: true,
      distanceMiles: 12.345,
      capacity: 5000,
      facilityTypes: ["Sports Complex", "Stadium", "Arena"],
      likeCount: 3,
    });
    // Boosted today too, but past the sponsored lead: no badge.
    const single = buildSearchProfile({
      name: "Lakeside Rink",
      sports: ["Ice Hockey"],
      boosted: true,
      sponsored: false,
      headerImage: null,
      logo: null,
      address: {
        street: null,
        city: "Duluth",
        state: "Minnesota",
        postalCode: null,
        country: "US",
      },
    });
    const other = buildSearchProfile({ name: "Open Field", sports: ["Other Sport or Activity"] });
    serveMarketplace(SEARCH, () => listReply([multi, single, other], 3));
    await renderApp({ path: "/facilities/marketplace", auth: buildSignedOutAuth() });
    await main().findByRole("list", { name: "facilities found" });
    expect(main().getByText("Showing 3 of 3 facilities")).toBeTruthy();

    const first = within(main().getByRole("article", { name: "Riverside Sports Complex" }));
    expect(first.getByRole("link", { name: "Riverside Sports Complex" }).getAttribute("href")).toBe(
      `/facilities/${multi.id}`,
    );
    expect(first.getByText("Multi Sport")).toBeTruthy();
    expect(first.getByText("Sponsored")).toBeTruthy();
    expect(first.queryByText("Boosted")).toBeNull();
    expect(first.getByText("Austin, TX · 12 mi away")).toBeTruthy();
    expect(first.getByText("Sports Complex, Stadium +1")).toBeTruthy();
    expect(first.getByText("Capacity 5,000")).toBeTruthy();
    const image = first.getByRole("presentation") as HTMLImageElement;
    expect(image.getAttribute("src")).toBe(
      "/media/profiles/riverside-header.jpg?w=384&h=216&fit=cover",
    );
    expect(image.getAttribute("width")).toBe("384");
    expect(image.getAttribute("height")).toBe("216");
    expect(image.getAttribute("loading")).toBe("lazy");
    // Named by what it shows, then whose it is (axe: label-content-name-mismatch).
    expect(first.getByRole("button", { name: /^Like · 3, Riverside Sports Complex/ })).toBeTruthy();

    const second = within(main().getByRole("article", { name: "Lakeside Rink" }));
    expect(second.getByText("Ice Hockey")).toBeTruthy();
    expect(second.getByText("Duluth, MN")).toBeTruthy();
    expect(second.queryByText("Sponsored")).toBeNull();
    expect(second.queryByText("Boosted")).toBeNull();
    expect(second.queryByRole("presentation")).toBeNull();

    const third = within(main().getByRole("article", { name: "Open Field" }));
    expect(third.queryByText("Other Sport or Activity")).toBeNull();
    expect(third.queryByText("Multi Sport")).toBeNull();
  });

  it("show a business's featured deal on its card, and nothing for one without", async () => {
    const diner = buildSearchProfile({
      kind: "business",
      name: "Canal Diner",
      featuredDeal: {
        id: "0f0c9a52-1c2d-4e3f-8a9b-000000000901",
        title: "Team meal deal",
        offer: { type: "percentage", value: 15 },
      },
    });
    const arcade = buildSearchProfile({
      kind: "business",
      name: "Lucky Lanes",
      featuredDeal: null,
    });
    serveMarketplace("/business-mgmt/api/businesses/search", () => listReply([diner, arcade], 2));
    await renderApp({ path: "/businesses/marketplace", auth: buildSignedOutAuth() });
    const card = within(await main().findByRole("article", { name: "Canal Diner" }));
    expect(card.getByText("Deal: 15% off · Team meal deal")).toBeTruthy();
    const other = within(main().getByRole("article", { name: "Lucky Lanes" }));
    expect(other.queryByText(/^Deal:/)).toBeNull();
  });

  it("show a listing's logo whole, not cropped to the picture box, when it has no header picture", async () => {
    const logoOnly = buildSearchProfile({
      name: "Logo Arena",
      headerImage: null,
      logo: "/media/profiles/logo-arena.png",
    });
    serveMarketplace(SEARCH, () => listReply([logoOnly], 1));
    await renderApp({ path: "/facilities/marketplace", auth: buildSignedOutAuth() });
    const card = within(await main().findByRole("article", { name: "Logo Arena" }));
    const image = card.getByRole("presentation") as HTMLImageElement;
    expect(image.getAttribute("src")).toBe(
      "/media/profiles/logo-arena.png?w=112&h=112&fit=contain",
    );
    expect(image.getAttribute("width")).toBe("112");
  });

  it("loads 20 at a time with Load more", async () => {
    const all = Array.from({ length: 25 }, (_, i) =>
      buildSearchProfile({ name: `Venue ${i + 1}` }),
    );
    serveMarketplace(SEARCH, (call) => {
      const offset = Number(call.url.searchParams.get("offset"));
      const take = Number(call.url.searchParams.get("take"));
      return listReply(all.slice(offset, offset + take), all.length);
    });
    const { user } = await renderApp({
      path: "/facilities/marketplace",
      auth: buildSignedOutAuth(),
    });
    await main().findByRole("list", { name: "facilities found" });
    expect(results().getAllByRole("article")).toHaveLength(20);
    expect(main().getByText("Showing 20 of 25 facilities")).toBeTruthy();

    await user.click(main().getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(results().getAllByRole("article")).toHaveLength(25));
    expect(sent.to(SEARCH).map((call) => call.url.searchParams.get("offset"))).toEqual(["0", "20"]);
    expect(main().queryByRole("button", { name: "Load more" })).toBeNull();
    expect(main().getByText("Venue 25")).toBeTruthy();
  });

  it("says when the server stopped counting, and still offers more", async () => {
    const venues = Array.from({ length: 20 }, (_, i) =>
      buildSearchProfile({ name: `Venue ${i + 1}` }),
    );
    serveMarketplace(SEARCH, () => listReply(venues, 1000, true));
    await renderApp({ path: "/facilities/marketplace", auth: buildSignedOutAuth() });
    await main().findByRole("list", { name: "facilities found" });
    expect(main().getByText("Showing 20 of 1,000+ facilities")).toBeTruthy();
    expect(main().getByRole("button", { name: "Load more" })).toBeTruthy();
  });

  it("keeps the loaded pages when coming back from a profile page", async () => {
    const all = Array.from({ length: 25 }, (_, i) =>
      buildSearchProfile({ name: `Venue ${i + 1}` }),
    );
    serveMarketplace(SEARCH, (call) => {
      const offset = Number(call.url.searchParams.get("offset"));
      return listReply(all.slice(offset, offset + 20), all.length);
    });
    // The profile page the result leads to finds nothing.
    serveProfiles();
    const { user, router } = await renderApp({
      path: "/facilities/marketplace?sports=Soccer",
      auth: buildSignedOutAuth(),
    });
    await main().findByRole("list", { name: "facilities found" });
    await user.click(main().getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(results().getAllByRole("article")).toHaveLength(25));
    await user.click(main().getByRole("link", { name: "Venue 25" }));
    // The profile page's code loads first (another chunk), then the address changes.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/facilities/${all[24]!.id}`), {
      timeout: 8000,
    });

    await act(async () => router.navigate(-1));
    // Straight from the cache: all 25, without asking again.
    expect(await main().findByRole("list", { name: "facilities found" })).toBeTruthy();
    expect(results().getAllByRole("article")).toHaveLength(25);
    expect(sent.to(SEARCH)).toHaveLength(2);
  });

  it("asks signed-out visitors to sign in to like, and comes back to the same search", async () => {
    const profile = buildSearchProfile({ name: "Riverside Arena" });
    serveMarketplace(SEARCH, () => listReply([profile], 1));
    const auth = buildSignedOutAuth();
    const { user } = await renderApp({ path: "/facilities/marketplace?sports=Soccer", auth });
    await user.click(
      await main().findByRole("button", { name: "Like, Riverside Arena (sign in)" }),
    );
    expect(auth.login).toHaveBeenCalledWith({ returnTo: "/facilities/marketplace?sports=Soccer" });
    expect(sent.all().filter((call) => call.path.endsWith("/likes"))).toHaveLength(0);
  });

  it("likes and follows for signed-in members, with the server's count", async () => {
    const profile = buildSearchProfile({
      kind: "destination",
      name: "Visit Lakeside",
      followerCount: 4,
    });
    const path = `/destination-mgmt/api/destinations/${profile.id}/followers`;
    serveMarketplace("/destination-mgmt/api/destinations/search", () => listReply([profile], 1));
    // Following counts me in: the server answers the new count.
    server.use(
      http.post(path, () =>
        HttpResponse.json({
          data: { id: profile.id, count: 5, mine: true } satisfies TReactionState,
        }),
      ),
    );
    const { user } = await renderApp({
      path: "/destinations/marketplace",
      auth: buildSignedInAuth(),
    });
    const follow = await main().findByRole("button", { name: "Follow · 4, Visit Lakeside" });
    expect(follow.getAttribute("aria-pressed")).toBe("false");
    await user.click(follow);
    await waitFor(() => expect(follow.getAttribute("aria-pressed")).toBe("true"));
    expect(follow.textContent).toBe("Following · 5");
    expect(sent.to(path, "POST")).toHaveLength(1);
  });
});

describe("empty and error states", () => {
  it("suggests a wider radius when nothing matches, and widens it", async () => {
    serveMarketplace(SEARCH, () => listReply([], 0));
    const { user, router } = await renderApp({
      path: "/facilities/marketplace?near=Austin%2C+TX&dist=25",
      auth: buildSignedOutAuth(),
    });
    expect(await main().findByText("No facilities match your search")).toBeTruthy();
    expect(main().getByText("Try a wider radius, fewer filters, or another place.")).toBeTruthy();
    await user.click(main().getByRole("button", { name: "Search within 50 mi" }));
    await waitFor(() => expect(router.state.location.search).toBe("?near=Austin%2C+TX&dist=50"));
    await waitFor(() =>
      expect(sentFilter(sent.to(SEARCH).at(-1))).toEqual({
        near: { address: "Austin, TX", dist: 50 },
      }),
    );
  });

  it("shows an error with Retry, and recovers", async () => {
    let fail = true;
    serveMarketplace(SEARCH, () =>
      fail
        ? errorReply(503, "SERVICE_UNAVAILABLE", "Search is resting.")
        : listReply([buildSearchProfile({ name: "Back Again Arena" })], 1),
    );
    const { user } = await renderApp({
      path: "/facilities/marketplace",
      auth: buildSignedOutAuth(),
    });
    const alert = within(await main().findByRole("alert"));
    expect(alert.getByText("The facilities did not load")).toBeTruthy();
    expect(alert.getByText("Search is resting.")).toBeTruthy();
    fail = false;
    await user.click(alert.getByRole("button", { name: "Retry" }));
    expect(await main().findByText("Back Again Arena")).toBeTruthy();
  });

  it("says when a place cannot be found, and offers to search everywhere", async () => {
    serveMarketplace(SEARCH, (call) =>
      (sentFilter(call) as { near?: unknown }).near
        ? errorReply(400, "PLACE_NOT_FOUND", 'No place called "Atlantis" was found.')
        : listReply([], 0),
    );
    const { user, router } = await renderApp({
      path: "/facilities/marketplace?near=Atlantis&dist=25",
      auth: buildSignedOutAuth(),
    });
    const alert = within(await main().findByRole("alert"));
    expect(alert.getByText('We could not find "Atlantis"')).toBeTruthy();
    await user.click(alert.getByRole("button", { name: "Search everywhere" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });
});

describe("entry points", () => {
  it("offer the sport categories and the 14 states, featured first, when nothing is chosen", async () => {
    serveMarketplace(SEARCH, () => listReply([], 0));
    const { user, router } = await renderApp({
      path: "/facilities/marketplace",
      auth: buildSignedOutAuth(),
    });
    const sports = within(main().getByRole("region", { name: "Browse by sport" }));
    expect(sports.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Basketball",
      "Baseball",
      "Football",
      "Ice Hockey",
      "Soccer",
      "Softball",
      "Volleyball",
      "Lacrosse",
      "Esports",
      "Cheerleading",
      "Youth Sports",
    ]);
    const states = within(main().getByRole("region", { name: "Browse by state" }));
    const stateLinks = states.getAllByRole("link", { name: /^(?!Watch)/ });
    expect(stateLinks).toHaveLength(14);
    // Two of the nine flagged states at once (spec §9's FEATURED_STATE_COUNT), first; each link
    // named by what it shows (no aria-label that says otherwise: axe's label-content-name-mismatch).
    const featured = states.getAllByRole("link", { name: / Featured$/ });
    expect(featured).toHaveLength(2);
    expect(stateLinks.slice(0, 2)).toEqual(featured);
    for (const link of featured) {
      expect(link.getAttribute("aria-label")).toBeNull();
      expect(FLAGGED_STATES).toContain(within(link).getByText(/./, { selector: "p" }).textContent);
    }
    expect(stateLinks.slice(9).map((link) => link.textContent)).toEqual([
      "Arizona",
      "Maine",
      "Maryland",
      "Tennessee",
      "Kentucky",
    ]);
    const video = states.getByRole("link", { name: "Watch Alabama video" });
    expect(video.getAttribute("target")).toBe("_blank");

    await user.click(sports.getByRole("link", { name: "Football" }));
    await waitFor(() =>
      expect(router.state.location.search).toBe("?sports=Contact+Football%2CNon-Contact+Football"),
    );
    // With a filter set the entry points make way for the results.
    expect(main().queryByRole("region", { name: "Browse by sport" })).toBeNull();
    await act(async () => router.navigate(-1));
    await user.click(
      within(main().getByRole("region", { name: "Browse by state" })).getByRole("link", {
        name: /^Alabama\b/,
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe("?states=Alabama"));
  });

  it("Youth Sports sets the age group on events, and the server filters by age and dates", async () => {
    const youth = buildSearchProfile({
      kind: "event",
      name: "Spring Youth Cup",
      sports: ["Soccer"],
      type: "Tournament",
      ageGroup: "Youth",
      startDate: "2027-04-10",
      endDate: "2027-04-12",
      hasFlexibleDates: false,
      individualCost: 45,
    });
    const adult = buildSearchProfile({
      kind: "event",
      name: "Masters League",
      sports: ["Soccer"],
      type: "League",
      ageGroup: "Adult",
      startDate: "2027-04-11",
      endDate: "2027-04-11",
      hasFlexibleDates: false,
    });
    // A server in miniature: the age groups asked for, and events that end on or after the start.
    serveMarketplace(EVENTS_SEARCH, (call) => {
      const filter = sentFilter(call) as { ageGroups?: string[]; startDate?: string };
      const found = [youth, adult].filter(
        (event) =>
          (!filter.ageGroups || filter.ageGroups.includes(event.ageGroup ?? "")) &&
          (!filter.startDate || (event.endDate ?? "") >= filter.startDate),
      );
      return listReply(found, found.length);
    });
    const { user, router } = await renderApp({
      path: "/events/marketplace",
      auth: buildSignedOutAuth(),
    });
    await main().findByText("Masters League");
    await user.click(
      within(main().getByRole("region", { name: "Browse by sport" })).getByRole("link", {
        name: "Youth Sports",
      }),
    );
    await waitFor(() => expect(router.state.location.search).toContain("ageGroup=Youth"));
    await waitFor(() => expect(main().queryByText("Masters League")).toBeNull());
    const card = within(main().getByRole("article", { name: "Spring Youth Cup" }));
    expect(card.getByText("Sat, Apr 10th - Mon, Apr 12th, 2027")).toBeTruthy();
    expect(card.getByText("Tournament · Youth")).toBeTruthy();
    expect(card.getByText("$45 / Participant")).toBeTruthy();
    expect(main().getByText("Showing 1 of 1 event")).toBeTruthy();
    const sports = [
      "Basketball",
      "Baseball",
      "Contact Football",
      "Non-Contact Football",
      "Ice Hockey",
      "Soccer",
      "Softball",
      "Volleyball",
      "Lacrosse",
    ];
    expect(sentFilter(sent.to(EVENTS_SEARCH).at(-1))).toEqual({ sports, ageGroups: ["Youth"] });

    await user.type(main().getByLabelText("From"), "2027-04-13");
    await waitFor(() => expect(router.state.location.search).toContain("from=2027-04-13"));
    expect(await main().findByText("No events match your search")).toBeTruthy();
    expect(sentFilter(sent.to(EVENTS_SEARCH).at(-1))).toEqual({
      sports,
      ageGroups: ["Youth"],
      startDate: "2027-04-13",
    });
  });
});

/** The box a search asked for, if any. */
function sentBounds(call: TSentRequest | undefined) {
  return (sentFilter(call) as { bounds?: TMapArea } | undefined)?.bounds;
}

/** A server in miniature for the map: only what lies in the box asked for (all without one). */
function inBox(items: TMarketplaceProfile[], call: TSentRequest) {
  const box = sentBounds(call);
  return items.filter(
    (item) =>
      !box ||
      (typeof item.lat === "number" &&
        typeof item.lng === "number" &&
        item.lat >= box.south &&
        item.lat <= box.north &&
        item.lng >= box.west &&
        item.lng <= box.east),
  );
}

// The contiguous United States as the map opens on it, grown by a quarter on each side.
const US_AREA = { south: 17.5, west: -139.75, north: 56.5, east: -51.25 };

describe("list and map", () => {
  it("switches to the map in the address, with markers, tiles and info windows", async () => {
    const withAddress = buildSearchProfile({ name: "Riverside Arena", lat: 30.1, lng: -97.7 });
    const noPoint = buildSearchProfile({ name: "Nowhere Field", lat: null, lng: null });
    serveMarketplace(
      SEARCH,
      (call) => {
        const found = inBox([withAddress, noPoint], call);
        return listReply(found, found.length);
      },
      { map: { tileUrl: "/tiles/{z}/{x}/{y}.png", pmtilesUrl: null, attribution: "Test tiles" } },
    );
    const { user, router } = await renderApp({
      path: "/facilities/marketplace",
      auth: buildSignedOutAuth(),
    });
    await main().findByText("Riverside Arena");
    const toggle = within(main().getByRole("group", { name: "Show results as" }));
    expect(toggle.getByRole("button", { name: "List" }).getAttribute("aria-pressed")).toBe("true");

    await user.click(toggle.getByRole("button", { name: "Map" }));
    await waitFor(() => expect(router.state.location.search).toBe("?view=map"));
    const map = within(await main().findByRole("region", { name: "Map of facilities" }));
    expect(await main().findByText("1 facility in this area")).toBeTruthy();
    const markers = map.getAllByTestId("marker");
    expect(markers.map((marker) => marker.getAttribute("title"))).toEqual(["Riverside Arena"]);
    expect(map.getByTestId("tiles").getAttribute("data-url")).toBe("/tiles/{z}/{x}/{y}.png");
    // The map asks for the server's largest pages, of the part of the map on screen.
    const mapCall = sent.to(SEARCH).find((call) => call.url.searchParams.get("take") === "100");
    expect(sentFilter(mapCall)).toEqual({ bounds: US_AREA });
    const info = within(markers[0]!);
    expect(info.getByText("1200 River Rd, Austin, TX 78701")).toBeTruthy();
    expect(info.getByRole("link", { name: "See More Info" }).getAttribute("href")).toBe(
      `/facilities/${withAddress.id}`,
    );

    await user.click(toggle.getByRole("button", { name: "List" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(await main().findByRole("list", { name: "facilities found" })).toBeTruthy();
  });

  it("draws markers on its own basemap when no tiles are configured, telling only admins why", async () => {
    serveMarketplace(SEARCH, () => listReply([buildSearchProfile({ name: "Riverside Arena" })], 1));
    const { unmount } = await renderApp({
      path: "/facilities/marketplace?view=map",
      auth: buildSignedOutAuth(),
    });
    const map = within(await main().findByRole("region", { name: "Map of facilities" }));
    expect(await map.findAllByTestId("marker")).toHaveLength(1);
    expect(map.queryByTestId("tiles")).toBeNull();
    expect(map.getByTestId("basemap")).toBeTruthy();
    expect(main().getByRole("list", { name: "Map legend" })).toBeTruthy();
    expect(main().queryByText(/No street map is configured/)).toBeNull();
    unmount();

    await renderApp({
      path: "/facilities/marketplace?view=map",
      auth: buildSignedInAuth({ isAdmin: true }),
    });
    const adminMap = within(await main().findByRole("region", { name: "Map of facilities" }));
    expect(await adminMap.findAllByTestId("marker")).toHaveLength(1);
    expect(main().getByText(/No street map is configured/)).toBeTruthy();
  });

  it("tells a signed-in member nothing about the server's map settings", async () => {
    serveMarketplace(SEARCH, () => listReply([buildSearchProfile({ name: "Riverside Arena" })], 1));
    await renderApp({ path: "/facilities/marketplace?view=map", auth: buildSignedInAuth() });
    const map = within(await main().findByRole("region", { name: "Map of facilities" }));
    expect(await map.findAllByTestId("marker")).toHaveLength(1);
    expect(main().queryByText(/No street map is configured/)).toBeNull();
  });

  it("sends the filters with the box, and the event dates and age group too", async () => {
    serveMarketplace(EVENTS_SEARCH, () =>
      listReply([buildSearchProfile({ kind: "event", name: "Spring Cup" })], 1),
    );
    await renderApp({
      path: "/events/marketplace?view=map&sports=Soccer&ageGroup=Youth&from=2027-04-01&to=2027-04-30",
      auth: buildSignedOutAuth(),
    });
    expect(await main().findByText("1 event in this area")).toBeTruthy();
    expect(sentFilter(sent.to(EVENTS_SEARCH).at(-1))).toEqual({
      sports: ["Soccer"],
      ageGroups: ["Youth"],
      startDate: "2027-04-01",
      endDate: "2027-04-30",
      bounds: US_AREA,
    });
  });

  it("searches again where the map comes to rest, cancelling the search it left behind", async () => {
    const austin = buildSearchProfile({ name: "Austin Arena", lat: 30.27, lng: -97.74 });
    const seattle = buildSearchProfile({ name: "Seattle Center", lat: 47.6, lng: -122.3 });
    const honolulu = buildSearchProfile({ name: "Honolulu Hall", lat: 21.3, lng: -157.8 });
    const everything = [austin, seattle, honolulu];
    // Searches of Hawaii wait until they are let go (or cancelled).
    let letHawaiiGo: (() => void) | undefined;
    const hawaii = new Promise<void>((resolve) => {
      letHawaiiGo = resolve;
    });
    serveMarketplace(SEARCH, async (call) => {
      const box = sentBounds(call);
      if (box && box.west < -150 && box.east > -150) await hawaii;
      const found = inBox(everything, call);
      return listReply(found, found.length);
    });
    await renderApp({ path: "/facilities/marketplace?view=map", auth: buildSignedOutAuth() });
    const map = within(await main().findByRole("region", { name: "Map of facilities" }));
    expect(await main().findByText("2 facilities in this area")).toBeTruthy();
    expect(sent.to(SEARCH)).toHaveLength(1);

    // A small pan stays within what was loaded: nothing is asked.
    act(() =>
      view.moveTo([
        [26, -120],
        [48, -70],
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sent.to(SEARCH)).toHaveLength(1);

    // Off to Alaska and, before the map rested, on to Hawaii: one search, of where it stopped.
    act(() =>
      view.moveTo([
        [58, -155],
        [64, -140],
      ]),
    );
    act(() =>
      view.moveTo([
        [18, -162],
        [24, -152],
      ]),
    );
    await waitFor(() => expect(sent.to(SEARCH)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sent.to(SEARCH)).toHaveLength(2);
    const toHawaii = sent.to(SEARCH).at(-1)?.signal as AbortSignal;
    expect(sentBounds(sent.to(SEARCH)[1])).toEqual({
      south: 16.5,
      west: -164.5,
      north: 25.5,
      east: -149.5,
    });
    expect(main().getByText("Looking for facilities…")).toBeTruthy();
    expect(main().getByRole("progressbar", { name: "Loading facilities" })).toBeTruthy();
    // On to Seattle before Hawaii answered: that search is cancelled.
    act(() =>
      view.moveTo([
        [46, -124],
        [49, -120],
      ]),
    );
    await waitFor(() => expect(sent.to(SEARCH)).toHaveLength(3));
    await waitFor(() => expect(toHawaii.aborted).toBe(true));
    expect(await main().findByText("1 facility in this area")).toBeTruthy();
    expect(map.getAllByTestId("marker").map((m) => m.getAttribute("title"))).toEqual([
      "Seattle Center",
    ]);
    letHawaiiGo?.();
  });

  it("looks everywhere once when nothing is on screen at first, and says when nothing is there later", async () => {
    const honolulu = buildSearchProfile({ name: "Honolulu Hall", lat: 21.3, lng: -157.8 });
    serveMarketplace(SEARCH, (call) => {
      const found = inBox([honolulu], call);
      return listReply(found, found.length);
    });
    await renderApp({ path: "/facilities/marketplace?view=map", auth: buildSignedOutAuth() });
    expect(await main().findByText("1 facility in this area")).toBeTruthy();
    expect(sent.to(SEARCH).map(sentBounds)).toEqual([
      US_AREA,
      { south: -90, west: -180, north: 90, east: 180 },
    ]);

    // The map went to it; moved to an empty sea after that, it says so, and asks nothing more.
    act(() =>
      view.moveTo([
        [30, -60],
        [40, -40],
      ]),
    );
    expect(
      await main().findByText(
        "No facilities in this part of the map. Move the map or zoom out to see more.",
      ),
    ).toBeTruthy();
    expect(sent.to(SEARCH)).toHaveLength(2);
  });

  it("keeps the map when the search fails, with an error and Retry", async () => {
    let fail = true;
    serveMarketplace(SEARCH, () =>
      fail
        ? errorReply(503, "SERVICE_UNAVAILABLE", "Search is resting.")
        : listReply([buildSearchProfile({ name: "Back Again Arena" })], 1),
    );
    const { user } = await renderApp({
      path: "/facilities/marketplace?view=map",
      auth: buildSignedOutAuth(),
    });
    const alert = within(await main().findByRole("alert"));
    expect(alert.getByText("Search is resting.")).toBeTruthy();
    expect(main().getByText("The facilities here did not load")).toBeTruthy();
    expect(main().getByRole("region", { name: "Map of facilities" })).toBeTruthy();
    fail = false;
    await user.click(alert.getByRole("button", { name: "Retry" }));
    expect(await main().findByText("1 facility in this area")).toBeTruthy();
    expect(main().queryByRole("alert")).toBeNull();
  });

  it("says nothing matches when nothing does anywhere", async () => {
    serveMarketplace(SEARCH, () => listReply([], 0));
    await renderApp({
      path: "/facilities/marketplace?view=map&sports=Soccer",
      auth: buildSignedOutAuth(),
    });
    expect(
      await main().findByText(
        "No facilities match your search. Try a wider radius or fewer filters.",
      ),
    ).toBeTruthy();
  });

  it("pages through the area's points 100 at a time, up to 2,000 before asking for more", async () => {
    const total = 2150;
    serveMarketplace(SEARCH, (call) => {
      const offset = Number(call.url.searchParams.get("offset"));
      const take = Number(call.url.searchParams.get("take"));
      const size = Math.max(0, Math.min(take, total - offset));
      const items = Array.from({ length: size }, (_, i) =>
        buildSearchProfile({
          name: `Venue ${offset + i}`,
          lat: 25 + ((offset + i) % 23),
          lng: -120 + ((offset + i) % 50),
        }),
      );
      return listReply(items, total);
    });
    const { user } = await renderApp({
      path: "/facilities/marketplace?view=map",
      auth: buildSignedOutAuth(),
    });
    expect(
      await main().findByText(
        "2,000 of 2,150 facilities in this area: zoom in to see them all",
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const offsets = () =>
      sent.to(SEARCH).map((call) => Number(call.url.searchParams.get("offset")));
    expect(offsets()).toEqual(Array.from({ length: 20 }, (_, i) => i * 100));
    expect(sent.to(SEARCH).every((call) => call.url.searchParams.get("take") === "100")).toBe(true);
    expect(sent.to(SEARCH).every((call) => sentBounds(call) !== undefined)).toBe(true);

    await user.click(main().getByRole("button", { name: "Show more on the map" }));
    expect(await main().findByText("2,150 facilities in this area")).toBeTruthy();
    expect(offsets().slice(20)).toEqual([2000, 2100]);
    expect(main().queryByRole("button", { name: "Show more on the map" })).toBeNull();
  });
});
