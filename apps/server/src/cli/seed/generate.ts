// The demo network, built in memory from a seed: pure and deterministic (same seed, scale, date
// and city list give the same rows), with no database or file access. repository.ts writes it.
// Each part of the network has its own file and its own random stream; the order of the steps
// below is the order of the rows (and of the slugs each part takes).
import { KINDS, kindRecord } from "@hostfield/domain/kinds";
import type { TProfileKind } from "@hostfield/domain/reference";
import { createBuilder, type TBuilder } from "./builder";
import { addBusinesses } from "./businesses";
import { addCompanies } from "./companies";
import { addDestinations, linkFacilitiesToDestinations } from "./destinations";
import { addEvents } from "./events";
import { addFacilities } from "./facilities";
import { addHotels } from "./hotels";
import type { TDemoNetwork, TGenerateInput } from "./network";
import { addOrganizations } from "./organizations";
import { giveDemoAccountsListings } from "./ownership";
import { addPromotions } from "./promotions";
import { addTraffic } from "./reports";
import { addBoosts, addReactions } from "./social";
import { addStays } from "./stays";
import { addStories } from "./stories";

/** How many of each kind a seed of `scale` builds: its definition's demo count, scaled. */
export function scaledCounts(scale: number): Record<TProfileKind, number> {
  return kindRecord((kind) => {
    const count = KINDS[kind].demo.count;
    return count === 0 ? 0 : Math.max(1, Math.round(count * scale));
  });
}

/**
 * The parts of the network that are final at the "listings" stage: the listings, their details
 * and links, members and reactions. What comes after only reads them, so they can be written
 * while the rest is drawn.
 */
export const LISTING_PARTS: ReadonlySet<keyof TDemoNetwork> = new Set([
  "users",
  "profiles",
  ...listingChildParts(),
]);

/** The listings' own rows (details, links, members, reactions): what the seed writes after them. */
export function listingChildParts(): (keyof TDemoNetwork)[] {
  return [
    "facilityDetails",
    "destinationDetails",
    "hotelDetails",
    "businessDetails",
    "companyDetails",
    "organizationDetails",
    "eventDetails",
    "profileSports",
    "profileSpaceTypes",
    "profileAmenities",
    "facilityDestinations",
    "profileCompanies",
    "profileMembers",
    "profileReactions",
  ];
}

export type TNetworkBuild = {
  /** The rows drawn so far: the whole network once `steps` is done. */
  network: TDemoNetwork;
  /**
   * Draws the network a step at a time, each of some milliseconds (the seed draws its images
   * meanwhile, then writes the listings): "listings" once LISTING_PARTS are final.
   */
  steps: Generator<"listings" | undefined, void, undefined>;
};

/** Builds the whole network; see TGenerateInput for what makes it repeatable. */
export function generateDemoNetwork(input: TGenerateInput): TDemoNetwork {
  const { network, steps } = buildDemoNetwork(input);
  while (!steps.next().done);
  return network;
}

/** The network to draw step by step; see TNetworkBuild. */
export function buildDemoNetwork(input: TGenerateInput): TNetworkBuild {
  const b = createBuilder(input, scaledCounts(input.scale));
  return { network: b.network, steps: drawNetwork(b) };
}

function* drawNetwork(b: TBuilder): Generator<"listings" | undefined, void, undefined> {
  const facilities = yield* addFacilities(b);
  const destinations = addDestinations(b);
  linkFacilitiesToDestinations(b, facilities, destinations);
  yield;
  // Companies come before the hotels and businesses that join them.
  const companies = addCompanies(b);
  addHotels(b, companies);
  yield;
  addBusinesses(b, companies);
  const organizations = addOrganizations(b);
  yield;
  const eventsByOrganization = addEvents(b, organizations);
  const owned = giveDemoAccountsListings(b, { companies, organizations, eventsByOrganization });
  addReactions(b);
  yield "listings";
  addBoosts(b, owned);
  yield;
  // Deals of the businesses (the demo business account's own among them).
  addPromotions(b, owned);
  yield;
  // Stories about the listings above (the demo destination account's own among them).
  addStories(b, owned);
  yield;
  // Last: room types, calendars, blocks and reservations of the hotels and events made above.
  addStays(b);
  yield;
  // 180 days of views, impressions and clicks of the listings above.
  yield* addTraffic(b, owned);
}
