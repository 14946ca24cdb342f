// An awarded event's page: its venue (the facility the award linked to it), linked, with the
// venue's address, for everyone; and its organizers are no longer asked what the event needs.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildSignedInAuth, buildSignedOutAuth } from "../../test/factories";
import { renderApp } from "../../test/render-app";
import {
  addListing,
  buildListing,
  EVENT_ID,
  FACILITY_ID,
  OWNER_ABILITIES,
  serveProfiles,
  setChildren,
  T0,
  uuid,
} from "./testing";

const ASK = "Tell destinations and facilities what this event needs, and compare what they offer.";
const ADDRESS = {
  street: "500 S Capitol Ave",
  city: "Indianapolis",
  state: "Indiana",
  postalCode: "46225",
  country: "US",
};

/** The Capitol Classic, awarded to the Capitol Fieldhouse (its partner now), at its address. */
function awardedEvent(abilities?: string[]) {
  const world = serveProfiles();
  addListing(
    world,
    buildListing("facility", {
      id: FACILITY_ID,
      name: "Capitol Fieldhouse",
      address: ADDRESS,
      lat: 39.7601,
      lng: -86.1639,
    }),
  );
  addListing(
    world,
    buildListing("event", {
      id: EVENT_ID,
      name: "Capitol Classic",
      address: ADDRESS,
      lat: 39.7601,
      lng: -86.1639,
    }),
    abilities,
  );
  setChildren(world, EVENT_ID, "partners", [
    {
      id: uuid(61),
      profileId: EVENT_ID,
      partner: { id: FACILITY_ID, kind: "facility", name: "Capitol Fieldhouse", logo: null },
      image: null,
      createdDate: T0,
    },
  ]);
  return world;
}

const venueSection = async () => within(await screen.findByRole("region", { name: "Venue" }));

describe("an awarded event's venue", () => {
  it("shows every visitor the venue, linked, with its address", async () => {
    awardedEvent();
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedOutAuth() });
    const venue = await venueSection();
    expect(
      (await venue.findByRole("link", { name: "Capitol Fieldhouse" })).getAttribute("href"),
    ).toBe(`/facilities/${FACILITY_ID}`);
    expect(await venue.findByText("500 S Capitol Ave, Indianapolis, Indiana 46225")).toBeTruthy();
    expect(venue.queryByRole("link", { name: "Compare proposals" })).toBeNull();
  });

  it("no longer asks its organizers what the event needs, and keeps the proposals at hand", async () => {
    awardedEvent(OWNER_ABILITIES);
    await renderApp({ path: `/events/${EVENT_ID}`, auth: buildSignedInAuth() });
    const venue = await venueSection();
    expect(await venue.findByRole("link", { name: "Capitol Fieldhouse" })).toBeTruthy();
    expect(
      (await venue.findByRole("link", { name: "Compare proposals" })).getAttribute("href"),
    ).toBe(`/events/${EVENT_ID}/proposals`);
    expect(venue.queryByRole("link", { name: "Request proposals" })).toBeNull();
    expect(screen.queryByText(ASK)).toBeNull();
  });
});
