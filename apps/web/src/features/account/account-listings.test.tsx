import { screen, waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { buildProfile, buildSignedInAuth } from "../../test/factories";
import { errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { CREATE_LISTING, MY_LISTINGS_EMPTY, REACTED_EMPTY } from "./account-listings";
import { LISTING_KINDS } from "./listing-kinds";
import { buildListing, listingLists } from "./testing";

// Seven kinds' calls and a cold page load take a while on a busy machine.

const profile = buildProfile();

async function renderAccount(path = "/account") {
  const rendered = await renderApp({ path, auth: buildSignedInAuth({ profile }) });
  return { ...rendered, main: within(screen.getByRole("main")) };
}

describe("/account tabs", () => {
  it("opens on the profile; the tabs are kept in the address", async () => {
    const hotel = buildListing({ name: "Riverside Inn", status: "approved" });
    server.use(...listingLists("GET", "/my", { hotel: [hotel] }));
    const { main, user, router } = await renderAccount();
    expect(main.getByRole("tab", { name: "Profile", selected: true })).toBeTruthy();
    expect(main.getByRole("textbox", { name: "Name" })).toBeTruthy();

    await user.click(main.getByRole("tab", { name: "My listings" }));
    expect(router.state.location.search).toBe("?tab=listings");
    expect(await main.findByRole("link", { name: "Riverside Inn" })).toBeTruthy();
    expect(main.queryByRole("textbox", { name: "Name" })).toBeNull();

    await user.click(main.getByRole("tab", { name: "Profile" }));
    expect(router.state.location.search).toBe("");
    expect(main.getByRole("textbox", { name: "Name" })).toBeTruthy();
  });

  it("'My listings' shows every kind's own listings with kind, status and a link", async () => {
    const hotel = buildListing({ kind: "hotel", name: "Riverside Inn", status: "approved" });
    const event = buildListing({ kind: "event", name: "Spring Classic", status: "pending" });
    const organization = buildListing({
      kind: "organization",
      name: "Capital Soccer League",
      status: "approved",
    });
    server.use(
      ...listingLists("GET", "/my", {
        hotel: [hotel],
        event: [event],
        organization: [organization],
      }),
    );
    const { main } = await renderAccount("/account?tab=listings");

    const inn = within(await main.findByRole("listitem", { name: "Riverside Inn" }));
    expect(inn.getByRole("link", { name: "Riverside Inn" }).getAttribute("href")).toBe(
      `/hotels/${hotel.id}`,
    );
    expect(inn.getByText("Hotel")).toBeTruthy();
    expect(inn.getByText("Approved")).toBeTruthy();

    const classic = within(main.getByRole("listitem", { name: "Spring Classic" }));
    expect(classic.getByRole("link").getAttribute("href")).toBe(`/events/${event.id}`);
    expect(classic.getByText("Event")).toBeTruthy();
    expect(classic.getByText("Pending approval")).toBeTruthy();

    const league = within(main.getByRole("listitem", { name: "Capital Soccer League" }));
    expect(league.getByRole("link").getAttribute("href")).toBe(`/organizations/${organization.id}`);
    expect(league.getByText("Event organization")).toBeTruthy();

    // One section per kind that has something.
    expect(main.getByRole("heading", { name: "Hotels" })).toBeTruthy();
    expect(main.getByRole("heading", { name: "Events" })).toBeTruthy();
    expect(main.queryByRole("heading", { name: "Facilities" })).toBeNull();
    expect(main.getByText(/You belong to 3 listings/)).toBeTruthy();
    expect(main.getByRole("link", { name: CREATE_LISTING }).getAttribute("href")).toBe(
      "/listings/new",
    );

    // One call per kind, to its own service.
    const mine = sent.all().filter((call) => call.path.endsWith("/my"));
    expect(mine.map((call) => call.path).sort()).toEqual(
      LISTING_KINDS.map((kind) => `/${kind.service}/api/${kind.path}/my`).sort(),
    );
    expect(mine[0]?.url.searchParams.get("offset")).toBe("0");
    expect(mine[0]?.url.searchParams.get("take")).toBe("20");
  });

  it("'My listings' says so when there are none", async () => {
    server.use(...listingLists("GET", "/my", {}));
    const { main } = await renderAccount("/account?tab=listings");
    expect(await main.findByText(MY_LISTINGS_EMPTY)).toBeTruthy();
    expect(main.getByRole("link", { name: CREATE_LISTING }).getAttribute("href")).toBe(
      "/listings/new",
    );
  });

  it("'Load more' brings a kind's next page", async () => {
    const hotels = Array.from({ length: 25 }, (_, index) =>
      buildListing({ name: `Hotel ${index + 1}`, status: "approved" }),
    );
    server.use(...listingLists("GET", "/my", { hotel: hotels }));
    const { main, user } = await renderAccount("/account?tab=listings");
    expect(await main.findByRole("link", { name: "Hotel 20" })).toBeTruthy();
    expect(main.queryByRole("link", { name: "Hotel 21" })).toBeNull();
    await user.click(main.getByRole("button", { name: "Load more hotels" }));
    expect(await main.findByRole("link", { name: "Hotel 25" })).toBeTruthy();
    const hotelCalls = sent.to("/hotel-mgmt/api/hotels/my");
    expect(hotelCalls.at(-1)?.url.searchParams.get("offset")).toBe("20");
    expect(main.queryByRole("button", { name: "Load more hotels" })).toBeNull();
  });

  it("a kind that fails says so with Retry, and the others still show", async () => {
    const hotel = buildListing({ name: "Riverside Inn", status: "approved" });
    let failEvents = true;
    server.use(
      // The events fail until the test says otherwise.
      http.get("/event-mgmt/api/events/my", () =>
        failEvents
          ? errorReply(503, "SERVICE_UNAVAILABLE", "The event service is down.")
          : undefined,
      ),
      ...listingLists("GET", "/my", { hotel: [hotel] }),
    );
    const { main, user } = await renderAccount("/account?tab=listings");
    expect(await main.findByRole("link", { name: "Riverside Inn" })).toBeTruthy();
    const alert = within(main.getByRole("alert"));
    expect(alert.getByText(/Your events did not load/)).toBeTruthy();
    expect(alert.getByText(/The event service is down/)).toBeTruthy();
    failEvents = false;
    await user.click(alert.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(main.queryByRole("alert")).toBeNull());
  });

  it("'Liked and followed' reads my/liked or my/followed by each kind's reaction", async () => {
    const facility = buildListing({
      kind: "facility",
      name: "Northside Fields",
      status: "approved",
    });
    const destination = buildListing({
      kind: "destination",
      name: "Visit Austin",
      status: "approved",
    });
    server.use(
      ...listingLists("GET", "/my/liked", { facility: [facility] }),
      ...listingLists("GET", "/my/followed", { destination: [destination] }),
    );
    const { main } = await renderAccount("/account?tab=liked");

    const fields = within(await main.findByRole("listitem", { name: "Northside Fields" }));
    expect(fields.getByRole("link").getAttribute("href")).toBe(`/facilities/${facility.id}`);
    expect(fields.getByText("Facility")).toBeTruthy();
    const visit = within(main.getByRole("listitem", { name: "Visit Austin" }));
    expect(visit.getByRole("link").getAttribute("href")).toBe(`/destinations/${destination.id}`);
    expect(visit.getByText("Destination")).toBeTruthy();

    const expected = LISTING_KINDS.map(
      (kind) =>
        `/${kind.service}/api/${kind.path}/${kind.reaction === "likes" ? "my/liked" : "my/followed"}`,
    );
    expect(
      sent
        .all()
        .map((call) => call.path)
        .filter((path) => path !== "/status.json")
        .sort(),
    ).toEqual(expected.sort());
  });

  it("'Liked and followed' says so when there is nothing", async () => {
    server.use(...listingLists("GET", "/my/liked", {}), ...listingLists("GET", "/my/followed", {}));
    const { main } = await renderAccount("/account?tab=liked");
    expect(await main.findByText(REACTED_EMPTY)).toBeTruthy();
  });
});
