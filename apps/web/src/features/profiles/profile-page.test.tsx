import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth, buildUser } from "../../test/factories";
import { dataReply, errorReply, sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { noSearchResults } from "../marketplace/testing";
import { messagingHandlers } from "../messaging/testing";
import { LINK_COPIED } from "./profile-header";
import { PENDING_TITLE } from "./profile-sections";
import type { TReactionCount } from "./profiles-api";
import {
  addListing,
  buildFacilityDestination,
  buildListing,
  buildMedia,
  buildMember,
  COMPANY_ID,
  DESTINATION_ID,
  EVENT_ID,
  FACILITY_ID,
  HOTEL_ID,
  LISTING_CONVERSATION_ID,
  MISSING_ID,
  named,
  ORGANIZATION_ID,
  OWNER_ABILITIES,
  profileSchema,
  serveProfiles,
  setChildren,
  setMedia,
  T0,
  uuid,
  VISITOR_ABILITIES,
} from "./testing";

function region(name: string) {
  return within(screen.getByRole("region", { name }));
}

function facilityServer() {
  const world = serveProfiles();
  addListing(
    world,
    buildListing("facility", {
      id: FACILITY_ID,
      name: "Riverside Sports Complex",
      description: "Eight courts by the river.",
      address: {
        street: "100 River Rd",
        city: "Louisville",
        state: "Kentucky",
        postalCode: "40202",
        country: "US",
      },
      placeId: "place-123",
      website: "https://riverside.example",
      headerImage: "/media/profiles/facilities/header.png",
      logo: "/media/profiles/facilities/logo.png",
      likeCount: 12,
      facilityTypes: ["Sports Complex", "Arena"],
      capacity: 2500,
      availability: "Available to host",
      sports: ["Basketball", "Volleyball"],
      boosted: true,
    }),
  );
  setChildren(world, FACILITY_ID, "sports", [
    named(FACILITY_ID, 1, "Basketball"),
    named(FACILITY_ID, 2, "Volleyball"),
  ]);
  setChildren(world, FACILITY_ID, "amenities", [named(FACILITY_ID, 3, "Parking")]);
  setChildren(world, FACILITY_ID, "spaceTypes", [
    {
      id: uuid(40),
      profileId: FACILITY_ID,
      name: "Court",
      surface: "Hardwood",
      count: 8,
      location: "Indoor",
      additionalFeatures: ["Scoreboards"],
      dayPrice: { amount: 450, currency: "USD" },
      createdDate: T0,
    },
    {
      id: uuid(41),
      profileId: FACILITY_ID,
      name: "Pool",
      surface: "N/A",
      count: 1,
      location: "Indoor",
      additionalFeatures: [],
      dayPrice: null,
      createdDate: T0,
    },
  ]);
  setMedia(world, FACILITY_ID, "images", [buildMedia(1, { title: "Center court" })]);
  setMedia(world, FACILITY_ID, "documents", [
    buildMedia(2, {
      title: "Floor plan",
      url: "/media/profiles/facilities/plan.pdf",
      contentType: "application/pdf",
      size: 1_572_864,
      width: null,
      height: null,
    }),
  ]);
  world.destinations.set(FACILITY_ID, [
    buildFacilityDestination(50, { id: DESTINATION_ID, name: "Visit Louisville", logo: null }),
  ]);
  return world;
}

describe("a listing page: one frame, sections by kind", () => {
  it("a facility shows its header, facts, sports, spaces, amenities, gallery, documents, location and destinations", async () => {
    facilityServer();
    await renderApp({ path: `/facilities/${FACILITY_ID}`, auth: buildSignedOutAuth() });
    const h1 = screen.getByRole("heading", { level: 1 });
    expect(h1.textContent).toBe("Riverside Sports Complex");
    expect(document.title).toBe("Riverside Sports Complex | Hostfield");
    expect(screen.getByText("Boosted")).toBeTruthy();
    expect(screen.getByText("Louisville, Kentucky")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Riverside Sports Complex logo" })).toBeTruthy();

    const details = region("Details");
    expect(details.getByText("Sports Complex")).toBeTruthy();
    expect(details.getByText("Arena")).toBeTruthy();
    expect(details.getByText("Multi Sport")).toBeTruthy();
    expect(details.getByText("2,500 people")).toBeTruthy();
    expect(details.getByText("Available to host")).toBeTruthy();
    expect(region("About").getByText("Eight courts by the river.")).toBeTruthy();

    expect(await screen.findByRole("region", { name: "Sports" })).toBeTruthy();
    expect(region("Sports").getByText("Volleyball")).toBeTruthy();
    const spaces = within(await screen.findByRole("region", { name: "Space types" }));
    expect(spaces.getByText("8 × Court")).toBeTruthy();
    expect(spaces.getByText("Indoor · Hardwood · Scoreboards")).toBeTruthy();
    // The indicative day price beside the space type that gives one, none beside the other.
    expect(spaces.getByText("From $450 per court per day")).toBeTruthy();
    expect(spaces.getByText("1 × Pool")).toBeTruthy();
    expect(spaces.getAllByText(/^From /)).toHaveLength(1);
    expect(
      within(await screen.findByRole("region", { name: "Amenities" })).getByText("Parking"),
    ).toBeTruthy();

    const gallery = within(await screen.findByRole("region", { name: "Gallery" }));
    const image = gallery.getByRole("img", { name: "Center court" }) as HTMLImageElement;
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("width")).toBe("480");
    expect(image.getAttribute("height")).toBe("360");
    expect(image.getAttribute("src")).toBe(
      "/media/profiles/facilities/photo-1.png?w=480&h=360&fit=cover",
    );
    const documents = within(await screen.findByRole("region", { name: "Documents" }));
    expect(documents.getByRole("link", { name: "Floor plan" }).getAttribute("href")).toBe(
      "/media/profiles/facilities/plan.pdf",
    );
    expect(documents.getByText("PDF · 1.5 MB")).toBeTruthy();

    const location = region("Location");
    expect(location.getByText("100 River Rd, Louisville, Kentucky 40202")).toBeTruthy();
    const maps = location.getByRole("link", { name: "View on Google Maps" });
    expect(maps.getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=100+River+Rd%2C+Louisville%2C+Kentucky+40202&query_place_id=place-123",
    );
    expect(maps.getAttribute("target")).toBe("_blank");
    const destinations = within(await screen.findByRole("region", { name: "Destinations" }));
    expect(destinations.getByRole("link", { name: /Visit Louisville/ }).getAttribute("href")).toBe(
      `/destinations/${DESTINATION_ID}`,
    );
    expect(region("Contact").getByRole("link", { name: "riverside.example" })).toBeTruthy();

    // Likes with their count; facilities are liked, not followed.
    expect(screen.getByRole("button", { name: "Like" }).getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByText("12 likes")).toBeTruthy();
    // A visitor sees no members and no managing controls.
    expect(screen.queryByRole("region", { name: "Managers" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit details" })).toBeNull();
  });

  it("an event shows its dates and costs in the spec formats, and its organizer", async () => {
    const world = serveProfiles();
    addListing(
      world,
      buildListing("organization", {
        id: ORGANIZATION_ID,
        name: "Bluegrass Hoops",
        slug: "bluegrass-hoops",
      }),
    );
    addListing(
      world,
      buildListing("event", {
        id: EVENT_ID,
        name: "Spring Classic",
        slug: "spring-classic",
        type: "Tournament",
        startDate: "2025-03-07",
        endDate: "2025-03-09",
        individualCost: 25,
        teamCost: 300,
        ageGroup: "Youth",
        spaceName: "Court",
        location: "Indoor",
        surface: "Hardwood",
        organizationId: ORGANIZATION_ID,
        sports: ["Basketball"],
        hotelLink: "https://hotels.example/spring",
        likeCount: 1,
      }),
    );
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedOutAuth() });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Spring Classic");
    const details = region("Details");
    expect(details.getByText("Fri, Mar 7th - Sun, Mar 9th, 2025")).toBeTruthy();
    expect(details.getByText("$25 / Participant · $300 / Team")).toBeTruthy();
    expect(details.getByText("Basketball")).toBeTruthy();
    expect(details.getByText("Court · Indoor · Hardwood")).toBeTruthy();
    expect(details.getByText("Youth")).toBeTruthy();
    const organizer = within(await screen.findByRole("region", { name: "Organizer" }));
    expect(
      (await organizer.findByRole("link", { name: /Bluegrass Hoops/ })).getAttribute("href"),
    ).toBe(`/organizations/${ORGANIZATION_ID}`);
    expect(
      region("Contact").getByRole("link", { name: "Book your hotel for the event" }),
    ).toBeTruthy();
    expect(screen.getByText("1 like")).toBeTruthy();
    // Events have no space-type collection.
    expect(screen.queryByRole("region", { name: "Space types" })).toBeNull();
  });

  it("flexible event dates read 'Flexible b/w {start} - {end}'", async () => {
    const world = serveProfiles();
    addListing(
      world,
      buildListing("event", {
        id: EVENT_ID,
        name: "Summer Camp",
        startDate: "2025-06-02",
        endDate: "2025-06-27",
        hasFlexibleDates: true,
      }),
    );
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedOutAuth() });
    expect(
      region("Details").getByText("Flexible b/w Mon, Jun 2nd, 2025 - Fri, Jun 27th, 2025"),
    ).toBeTruthy();
  });

  it("a pending event tells its organizer that approval only lists it, and that the deal does not wait", async () => {
    const world = serveProfiles();
    addListing(
      world,
      buildListing("event", { id: EVENT_ID, name: "Wizard Cup", status: "pending" }),
    );
    world.abilities.set(EVENT_ID, OWNER_ABILITIES);
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });
    const banner = await screen.findByText(PENDING_TITLE, { selector: ".MuiAlertTitle-root" });
    const alert = banner.closest("[role=status]") as HTMLElement;
    expect(alert.textContent).toMatch(/Approval only lists this event publicly/);
    expect(alert.textContent).toMatch(/award a venue and hold hotel rooms now/);
    expect(within(alert).queryByRole("button", { name: "Approve" })).toBeNull();
  });

  it("a hotel shows its stars, rooms, amenities and partners, and no sports or spaces", async () => {
    const world = serveProfiles();
    addListing(
      world,
      buildListing("company", { id: COMPANY_ID, name: "Stay Group", slug: "stay-group" }),
    );
    addListing(
      world,
      buildListing("hotel", {
        id: HOTEL_ID,
        name: "Riverfront Inn",
        slug: "riverfront-inn",
        starRating: 4.5,
        rooms: 180,
      }),
    );
    setChildren(world, HOTEL_ID, "amenities", [named(HOTEL_ID, 1, "Wifi")]);
    setChildren(world, HOTEL_ID, "partners", [
      {
        id: uuid(60),
        profileId: HOTEL_ID,
        partner: { id: COMPANY_ID, kind: "company", name: "Stay Group", logo: null },
        image: null,
        createdDate: T0,
      },
    ]);
    await renderApp({ path: `/hotels/${HOTEL_ID}`, auth: buildSignedOutAuth() });
    const details = region("Details");
    expect(details.getByText("4.5 stars")).toBeTruthy();
    expect(details.getByText("180")).toBeTruthy();
    expect(
      within(await screen.findByRole("region", { name: "Amenities" })).getByText("Wifi"),
    ).toBeTruthy();
    const partners = within(await screen.findByRole("region", { name: "Partners" }));
    expect(partners.getByRole("link", { name: /Stay Group/ }).getAttribute("href")).toBe(
      `/companies/${COMPANY_ID}`,
    );
    expect(screen.queryByRole("region", { name: "Sports" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Space types" })).toBeNull();
  });

  it("organizations are followed, with a follower count", async () => {
    const world = serveProfiles();
    addListing(
      world,
      buildListing("organization", {
        id: ORGANIZATION_ID,
        name: "Bluegrass Hoops",
        followerCount: 3,
      }),
      VISITOR_ABILITIES,
    );
    // Following counts me in; unfollowing counts me out.
    const followers = `/event-mgmt/api/organizations/${ORGANIZATION_ID}/followers`;
    const reaction = (count: number, mine: boolean) =>
      HttpResponse.json({ data: { id: ORGANIZATION_ID, count, mine } satisfies TReactionCount });
    server.use(
      http.post(followers, () => reaction(4, true)),
      http.delete(followers, () => reaction(3, false)),
    );
    const { user } = await renderApp({
      path: `/organizations/${ORGANIZATION_ID}`,
      auth: buildSignedInAuth(),
    });
    await user.click(screen.getByRole("button", { name: "Follow" }));
    await waitFor(() =>
      expect(
        sent.to(`/event-mgmt/api/organizations/${ORGANIZATION_ID}/followers`, "POST"),
      ).toHaveLength(1),
    );
    expect(await screen.findByRole("button", { name: "Following" })).toBeTruthy();
    expect(screen.getByText("4 followers")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Following" }));
    expect(await screen.findByRole("button", { name: "Follow" })).toBeTruthy();
    expect(
      sent.to(`/event-mgmt/api/organizations/${ORGANIZATION_ID}/followers`, "DELETE"),
    ).toHaveLength(1);
    expect(screen.getByText("3 followers")).toBeTruthy();
  });

  it("liking asks signed-out visitors to sign in and sends nothing", async () => {
    facilityServer();
    const auth = buildSignedOutAuth();
    const { user } = await renderApp({ path: `/facilities/${FACILITY_ID}`, auth });
    await user.click(screen.getByRole("button", { name: "Like" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: "Sign in to like Riverside Sports Complex" }),
    );
    await user.click(dialog.getByRole("button", { name: "Log in" }));
    expect(auth.login).toHaveBeenCalledWith({ returnTo: `/facilities/${FACILITY_ID}` });
    expect(sent.to(`/facility-mgmt/api/facilities/${FACILITY_ID}/likes`)).toHaveLength(0);
  });

  it("Share copies the page address", async () => {
    facilityServer();
    const { user } = await renderApp({
      path: `/facilities/${FACILITY_ID}`,
      auth: buildSignedOutAuth(),
    });
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByText(LINK_COPIED)).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
  });

  it("shows a skeleton while loading, then a retry on failure", async () => {
    facilityServer();
    // The listing answers only when the test lets it, and then fails once.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failed = false;
    server.use(
      http.get(`/facility-mgmt/api/facilities/${FACILITY_ID}`, async () => {
        await held;
        if (failed) return undefined;
        failed = true;
        return errorReply(500, "INTERNAL_ERROR", "The server had a problem.");
      }),
    );
    const rendered = renderApp({ path: `/facilities/${FACILITY_ID}`, auth: buildSignedOutAuth() });
    expect(
      await screen.findByRole("status", { name: "Loading the facility" }, { timeout: 5000 }),
    ).toBeTruthy();
    release();
    const { user } = await rendered;
    const alert = await screen.findByText("The server had a problem.");
    await user.click(
      within(alert.closest("[role=alert]") as HTMLElement).getByRole("button", { name: "Retry" }),
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "Riverside Sports Complex" }),
    ).toBeTruthy();
  });

  it("says so when the listing does not exist (or is not visible)", async () => {
    serveProfiles();
    await renderApp({ path: `/destinations/${MISSING_ID}`, auth: buildSignedOutAuth() });
    expect(
      await screen.findByRole("heading", { name: "This destination was not found" }),
    ).toBeTruthy();
    expect(document.title).toBe("Destination not found | Hostfield");
  });

  it("an address that is not a listing id is a 404 without asking the server", async () => {
    serveProfiles();
    await renderApp({ path: "/companies/not-an-id", auth: buildSignedOutAuth() });
    expect(screen.getByRole("heading", { name: "This company was not found" })).toBeTruthy();
    expect(sent.all().filter((c) => c.path.startsWith("/company-mgmt"))).toHaveLength(0);
  });

  it("the marketplaces keep their static paths beside the listing pages", async () => {
    serveProfiles();
    server.use(noSearchResults());
    await renderApp({ path: "/facilities/marketplace", auth: buildSignedOutAuth() });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Facilities");
  });
});

describe("a listing page: what each visitor may do", () => {
  it("hides every managing action without the entitlements", async () => {
    const world = facilityServer();
    world.abilities.set(FACILITY_ID, VISITOR_ABILITIES);
    await renderApp({ path: `/facilities/${FACILITY_ID}`, auth: buildSignedInAuth() });
    await screen.findByRole("region", { name: "Gallery" });
    await screen.findByRole("region", { name: "Space types" });
    expect(screen.queryByRole("button", { name: "Edit details" })).toBeNull();
    expect(screen.queryByRole("button", { name: "More listing actions" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Upload images" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Upload documents" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Move Center court later" })).toBeNull();
    expect(screen.queryByRole("button", { name: /More actions for/ })).toBeNull();
    expect(screen.queryByRole("form", { name: "Add a space" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Set the day price/ })).toBeNull();
    expect(screen.queryByRole("region", { name: "Boosts" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Managers" })).toBeNull();
    expect(screen.queryByTitle("Remove Basketball")).toBeNull();
    // Signed in, they may like it.
    expect(screen.getByRole("button", { name: "Like" })).toBeTruthy();
  });

  it("visitors of a facility or destination, signed in or not, may request a proposal from it", async () => {
    const world = facilityServer();
    world.abilities.set(FACILITY_ID, VISITOR_ABILITIES);
    addListing(
      world,
      buildListing("destination", { id: DESTINATION_ID, name: "Visit Louisville" }),
    );
    world.abilities.set(DESTINATION_ID, VISITOR_ABILITIES);
    const { unmount } = await renderApp({
      path: `/facilities/${FACILITY_ID}`,
      auth: buildSignedOutAuth(),
    });
    const facilityLink = await screen.findByRole("link", { name: "Request a proposal" });
    expect(facilityLink.getAttribute("href")).toBe(`/requests/new?facility=${FACILITY_ID}`);
    unmount();

    await renderApp({ path: `/destinations/${DESTINATION_ID}`, auth: buildSignedInAuth() });
    const destinationLink = await screen.findByRole("link", { name: "Request a proposal" });
    expect(destinationLink.getAttribute("href")).toBe(
      `/requests/new?destination=${DESTINATION_ID}`,
    );
  });

  it("a facility's own managers are not offered to request a proposal from it, nor to message it", async () => {
    const world = facilityServer();
    world.abilities.set(FACILITY_ID, OWNER_ABILITIES);
    await renderApp({ path: `/facilities/${FACILITY_ID}`, auth: buildSignedInAuth() });
    expect(
      await screen.findByRole("button", { name: "Edit details" }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Request a proposal" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Message" })).toBeNull();
  });

  it("'Message' on a destination's page opens the conversation with its team and goes there", async () => {
    const world = serveProfiles();
    addListing(
      world,
      buildListing("destination", { id: DESTINATION_ID, name: "Visit Louisville" }),
    );
    world.abilities.set(DESTINATION_ID, VISITOR_ABILITIES);
    server.use(...messagingHandlers());
    const { user, router } = await renderApp({
      path: `/destinations/${DESTINATION_ID}`,
      auth: buildSignedInAuth(),
    });
    await user.click(await screen.findByRole("button", { name: "Message" }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/groups/${LISTING_CONVERSATION_ID}`),
    );
    expect(
      sent.to(`/destination-mgmt/api/destinations/${DESTINATION_ID}/message`, "POST"),
    ).toHaveLength(1);
  });

  it("'Message' on a facility's page says why it could not open the conversation", async () => {
    const world = facilityServer();
    world.abilities.set(FACILITY_ID, VISITOR_ABILITIES);
    const path = `/facility-mgmt/api/facilities/${FACILITY_ID}/message`;
    server.use(
      http.post(path, () =>
        errorReply(409, "CONFLICT", "Nobody at Riverside Sports Complex takes messages here yet."),
      ),
    );
    const { user, router } = await renderApp({
      path: `/facilities/${FACILITY_ID}`,
      auth: buildSignedInAuth(),
    });
    await user.click(await screen.findByRole("button", { name: "Message" }));
    expect(
      await screen.findByText("Nobody at Riverside Sports Complex takes messages here yet."),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/facilities/${FACILITY_ID}`);
  });

  it("'Message' asks a signed-out visitor to log in and brings them back to the listing", async () => {
    const world = facilityServer();
    world.abilities.set(FACILITY_ID, VISITOR_ABILITIES);
    const auth = buildSignedOutAuth();
    const { user } = await renderApp({ path: `/facilities/${FACILITY_ID}`, auth });
    expect(
      await screen.findByText("Log in to message Riverside Sports Complex's team."),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Message" }));
    expect(auth.login).toHaveBeenCalledWith({ returnTo: `/facilities/${FACILITY_ID}` });
    expect(sent.to(`/facility-mgmt/api/facilities/${FACILITY_ID}/message`)).toHaveLength(0);
  });

  it("owners see the managing actions, the managers and boosts", async () => {
    const world = facilityServer();
    world.abilities.set(FACILITY_ID, OWNER_ABILITIES);
    world.members.set(FACILITY_ID, [
      buildMember(1, { userId: buildUser().id, name: "Jordan Lee", role: "owner" }),
    ]);
    await renderApp({ path: `/facilities/${FACILITY_ID}`, auth: buildSignedInAuth() });
    // Editors' parts load on demand (lazy-editors.tsx): the first import in a run takes a while.
    const lazy = { timeout: 10_000 };
    expect(await screen.findByRole("button", { name: "Edit details" }, lazy)).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Upload images" }, lazy)).toBeTruthy();
    expect(await screen.findByRole("region", { name: "Managers" }, lazy)).toBeTruthy();
    expect(await screen.findByRole("region", { name: "Boosts" }, lazy)).toBeTruthy();
    expect(await screen.findByRole("form", { name: "Add a space" }, lazy)).toBeTruthy();
  });

  it("a pending listing says so; admins approve it from the banner", async () => {
    const world = facilityServer();
    world.profiles.set(FACILITY_ID, {
      ...world.profiles.get(FACILITY_ID)!,
      status: "pending",
    });
    world.abilities.set(FACILITY_ID, [...OWNER_ABILITIES, "profile.approve"]);
    // Once approved, the listing reads as approved.
    server.use(
      http.put(`/facility-mgmt/api/facilities/${FACILITY_ID}/approve`, () => {
        const approved = { ...world.profiles.get(FACILITY_ID)!, status: "approved" as const };
        world.profiles.set(FACILITY_ID, approved);
        return dataReply(profileSchema("facility"), approved);
      }),
    );
    const { user } = await renderApp({
      path: `/facilities/${FACILITY_ID}`,
      auth: buildSignedInAuth({ isAdmin: true, user: buildUser({ roles: ["admin"] }) }),
    });
    const banner = await screen.findByText(PENDING_TITLE, { selector: ".MuiAlertTitle-root" });
    const alert = banner.closest("[role=status]") as HTMLElement;
    await user.click(within(alert).getByRole("button", { name: "Approve" }));
    await waitFor(() =>
      expect(sent.to(`/facility-mgmt/api/facilities/${FACILITY_ID}/approve`, "PUT")).toHaveLength(
        1,
      ),
    );
    await waitFor(() =>
      expect(screen.queryByText(PENDING_TITLE, { selector: ".MuiAlertTitle-root" })).toBeNull(),
    );
  });

  it("lays out on a phone-sized screen", async () => {
    facilityServer();
    await renderApp({ path: `/facilities/${FACILITY_ID}`, auth: buildSignedOutAuth(), width: 375 });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Riverside Sports Complex");
    expect(screen.getByRole("button", { name: "Share" })).toBeTruthy();
  });
});
