// Listings the journeys set up through the API, as their owners and an admin would.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { desktopPage, signedInAs } from "./accounts";
import { apiClient, replyOf, type TApiCaller } from "./api";

/** Where a journey's facility stands: downtown Indianapolis unless told. */
export type TVenuePlace = {
  city: string;
  state: string;
  postalCode: string;
  lat: number;
  lng: number;
};
const INDIANAPOLIS: TVenuePlace = {
  city: "Indianapolis",
  state: "IN",
  postalCode: "46225",
  lat: 39.7638,
  lng: -86.1631,
};

/** A facility (in Indianapolis unless told) with four indoor hardwood basketball courts, listed at Silver. */
export async function silverCourts(
  owner: Page,
  admin: Page | TApiCaller,
  name: string,
  place: TVenuePlace = INDIANAPOLIS,
): Promise<string> {
  const api = apiClient(owner);
  const created = await replyOf(
    api.POST("/facility-mgmt/api/facilities", {
      body: {
        data: {
          name,
          address: {
            street: "100 S Capitol Ave",
            city: place.city,
            state: place.state,
            postalCode: place.postalCode,
            country: "US",
          },
          lat: place.lat,
          lng: place.lng,
          sports: ["Basketball"],
        },
      },
    }),
    201,
  );
  const id = created.data.id;
  const path = { id };
  await replyOf(
    api.POST("/facility-mgmt/api/facilities/{id}/spaceTypes", {
      params: { path },
      body: {
        data: {
          name: "Court",
          surface: "Hardwood",
          count: 4,
          location: "Indoor",
          additionalFeatures: [],
        },
      },
    }),
    201,
  );
  const asAdmin = apiClient(admin);
  await replyOf(asAdmin.PUT("/facility-mgmt/api/facilities/{id}/approve", { params: { path } }));
  await replyOf(
    asAdmin.PATCH("/facility-mgmt/api/facilities/{id}", {
      params: { path },
      body: [{ op: "replace", path: "/tier", value: "Silver" }],
    }),
  );
  return id;
}

/**
 * A manager signed in on a page of their own, whose Silver facility (`silverCourts`) `admin`
 * approved: most journeys' venue.
 */
export async function managedFacility(
  browser: Browser,
  admin: Page | TApiCaller,
  manager: { name: string; email: string; venue: string; place?: TVenuePlace },
): Promise<{ page: Page; context: BrowserContext; facility: string }> {
  const { page, context } = await desktopPage(browser);
  await signedInAs(page, manager.name, manager.email);
  return {
    page,
    context,
    facility: await silverCourts(page, admin, manager.venue, manager.place),
  };
}
