import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { sent, server } from "../../test/msw";
import { renderApp } from "../../test/render-app";
import { CREATE_TITLE, LISTING_CREATED } from "./create-listing-page";
import { PENDING_TITLE } from "./profile-sections";
import { buildListing, createsListing, NEW_ID, serveProfiles } from "./testing";

function step() {
  return within(screen.getByRole("form"));
}

/** The facility the first journey fills in, as the form sends it. */
const LAKESIDE = {
  name: "Lakeside Fields",
  capacity: 800,
  sports: ["Lacrosse"],
  address: {
    street: null,
    city: "Ann Arbor",
    state: "Michigan",
    postalCode: null,
    country: "US",
  },
  website: "https://lakeside.example",
};

describe("/listings/new: creating a listing", { timeout: 20_000 }, () => {
  it("asks signed-out visitors to sign in", async () => {
    serveProfiles();
    await renderApp({ path: "/listings/new?kind=facility", auth: buildSignedOutAuth() });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(CREATE_TITLE);
    expect(screen.getByRole("heading", { name: "Sign in to see the listing form" })).toBeTruthy();
  });

  it("guides through a facility, checks each step, posts it and opens it as pending", async () => {
    const world = serveProfiles();
    // The server makes a pending facility of it.
    server.use(
      createsListing(
        world,
        buildListing("facility", {
          ...LAKESIDE,
          id: NEW_ID,
          slug: "lakeside-fields",
          status: "pending",
        }),
      ),
    );
    const { user, router } = await renderApp({
      path: "/listings/new?kind=facility",
      auth: buildSignedInAuth(),
    });
    expect(screen.getByRole("heading", { name: "Basics of your facility" })).toBeTruthy();
    await user.click(step().getByRole("button", { name: "Next" }));
    expect(step().getByText("Enter the name.")).toBeTruthy();
    await user.type(step().getByRole("textbox", { name: "Name" }), "Lakeside Fields");
    await user.click(step().getByRole("button", { name: "Next" }));

    expect(screen.getByRole("heading", { name: "Details of your facility" })).toBeTruthy();
    const capacity = step().getByRole("spinbutton", { name: "Capacity (people)" });
    await user.type(capacity, "1.5");
    await user.click(step().getByRole("button", { name: "Next" }));
    expect(step().getByText("Enter a whole number.")).toBeTruthy();
    await user.clear(capacity);
    await user.type(capacity, "800");
    await user.type(step().getByRole("combobox", { name: "Sports" }), "Lacr");
    await user.click(await screen.findByRole("option", { name: "Lacrosse" }));
    await user.click(step().getByRole("button", { name: "Next" }));

    expect(
      screen.getByRole("heading", { name: "Where and contact of your facility" }),
    ).toBeTruthy();
    await user.type(step().getByRole("textbox", { name: "City" }), "Ann Arbor");
    await user.click(step().getByRole("button", { name: "Next" }));
    expect(step().getByText("Choose the state or province.")).toBeTruthy();
    await user.selectOptions(
      step().getByRole("combobox", { name: "State or province" }),
      "Michigan",
    );
    await user.type(step().getByRole("textbox", { name: "Website" }), "https://lakeside.example");
    await user.click(step().getByRole("button", { name: "Next" }));

    expect(screen.getByRole("heading", { name: "Check and create" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Create listing" }));
    await waitFor(() => expect(sent.to("/facility-mgmt/api/facilities", "POST")).toHaveLength(1));
    expect(sent.to("/facility-mgmt/api/facilities", "POST")[0]?.body).toEqual({
      data: LAKESIDE,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/facilities/${NEW_ID}`));
    expect(await screen.findByText(LISTING_CREATED)).toBeTruthy();
    expect(
      await screen.findByText(PENDING_TITLE, { selector: ".MuiAlertTitle-root" }),
    ).toBeTruthy();
  });

  it("an event needs its type and dates, and cannot end before it starts", async () => {
    const world = serveProfiles();
    server.use(
      createsListing(
        world,
        buildListing("event", {
          id: NEW_ID,
          name: "Fall Invitational",
          slug: "fall-invitational",
          status: "pending",
          startDate: "2025-10-10",
          endDate: "2025-10-12",
        }),
      ),
    );
    const { user } = await renderApp({
      path: "/listings/new?kind=event",
      auth: buildSignedInAuth(),
    });
    await user.type(step().getByRole("textbox", { name: "Name" }), "Fall Invitational");
    await user.click(step().getByRole("button", { name: "Next" }));
    expect(step().getByText("Choose the event type.")).toBeTruthy();
    expect(step().getByText("Enter the start date.")).toBeTruthy();
    await user.selectOptions(step().getByRole("combobox", { name: "Event type" }), "Tournament");
    fireEvent.change(step().getByLabelText(/^Start date/), { target: { value: "2025-10-10" } });
    fireEvent.change(step().getByLabelText(/^End date/), { target: { value: "2025-10-08" } });
    await user.click(step().getByRole("button", { name: "Next" }));
    expect(step().getByText("An event cannot end before it starts.")).toBeTruthy();
    fireEvent.change(step().getByLabelText(/^End date/), { target: { value: "2025-10-12" } });
    await user.click(step().getByRole("button", { name: "Next" }));
    expect(screen.getByRole("heading", { name: "Details of your event" })).toBeTruthy();
    await user.click(step().getByRole("button", { name: "Next" }));
    await user.click(step().getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Create listing" }));
    await waitFor(() => expect(sent.to("/event-mgmt/api/events", "POST")).toHaveLength(1));
    expect(sent.to("/event-mgmt/api/events", "POST")[0]?.body).toEqual({
      data: {
        name: "Fall Invitational",
        type: "Tournament",
        startDate: "2025-10-10",
        endDate: "2025-10-12",
        hasFlexibleDates: false,
        isClosed: false,
      },
    });
  });

  it("without a kind in the address, starts by asking what is listed", async () => {
    const world = serveProfiles();
    server.use(
      createsListing(
        world,
        buildListing("hotel", {
          id: NEW_ID,
          name: "Riverfront Inn",
          slug: "riverfront-inn",
          status: "pending",
          starRating: 4.5,
        }),
      ),
    );
    const { user, router } = await renderApp({ path: "/listings/new", auth: buildSignedInAuth() });
    expect(screen.getByRole("heading", { name: "What are you listing?" })).toBeTruthy();
    const next = screen.getByRole("button", { name: "Next" });
    expect(next.hasAttribute("disabled")).toBe(true);
    const kinds = within(screen.getByRole("radiogroup", { name: "Kind of listing" }));
    await user.click(kinds.getByRole("radio", { name: /Hotel/ }));
    expect(kinds.getByRole("radio", { name: /Hotel/ }).getAttribute("aria-checked")).toBe("true");
    expect(router.state.location.search).toBe("?kind=hotel");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.type(step().getByRole("textbox", { name: "Name" }), "Riverfront Inn");
    await user.click(step().getByRole("button", { name: "Next" }));
    const stars = step().getByRole("spinbutton", { name: "Star rating" });
    await user.type(stars, "4.3");
    await user.click(step().getByRole("button", { name: "Next" }));
    expect(step().getByText("Use steps of 0.5.")).toBeTruthy();
    await user.clear(stars);
    await user.type(stars, "4.5");
    await user.click(step().getByRole("button", { name: "Next" }));
    await user.click(step().getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Create listing" }));
    await waitFor(() => expect(sent.to("/hotel-mgmt/api/hotels", "POST")).toHaveLength(1));
    expect(sent.to("/hotel-mgmt/api/hotels", "POST")[0]?.body).toEqual({
      data: { name: "Riverfront Inn", starRating: 4.5 },
    });
  });
});
