// The demo network, built in memory from a seed: pure and deterministic (same seed, scale, date
// and city list give the same rows), with no database or file access. repository.ts writes it.
// Each part of the network has its own file and its own random stream; the order of the steps
// below is the order of the rows (and of the slugs each part takes).
import type { TProfileKind } from "@hostfield/domain/reference";
import { createBuilder } from "./builder";
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

/** How many of each kind scale 1 builds; `--scale` multiplies them. */
export const SCALE_ONE_COUNTS = {
  facility: 15_000,
  destination: 800,
  event: 2_000,
  hotel: 3_000,
  business: 2_000,
  company: 300,
  organization: 500,
} as const satisfies Record<TProfileKind, number>;

export function scaledCounts(scale: number): Record<TProfileKind, number> {
  return Object.fromEntries(
    Object.entries(SCALE_ONE_COUNTS).map(([kind, n]) => [kind, Math.max(1, Math.round(n * scale))]),
  ) as Record<TProfileKind, number>;
}

/** Builds the whole network; see TGenerateInput for what makes it repeatable. */
export function generateDemoNetwork(input: TGenerateInput): TDemoNetwork {
  const b = createBuilder(input, scaledCounts(input.scale));
  const facilities = addFacilities(b);
  const destinations = addDestinations(b);
  linkFacilitiesToDestinations(b, facilities, destinations);
  // Companies come before the hotels and businesses that join them.
  const companies = addCompanies(b);
  addHotels(b, companies);
  addBusinesses(b, companies);
  const organizations = addOrganizations(b);
  const eventsByOrganization = addEvents(b, organizations);
  const owned = giveDemoAccountsListings(b, { companies, organizations, eventsByOrganization });
  addReactions(b);
  addBoosts(b, owned);
  // Deals of the businesses (the demo business account's own among them).
  addPromotions(b, owned);
  // Stories about the listings above (the demo destination account's own among them).
  addStories(b, owned);
  // Last: room types, calendars, blocks and reservations of the hotels and events made above.
  addStays(b);
  // 180 days of views, impressions and clicks of the listings above.
  addTraffic(b, owned);
  return b.network;
}
