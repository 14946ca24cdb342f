// Test-only search results: listings of their kind (profiles/testing checks each against the
// kind's contract) as a marketplace search returns them.
import type { TProfileKind } from "@hostfield/domain/reference";
import { buildListing } from "../../profiles/testing";
import type { TMarketplaceProfile } from "../marketplace-api";

let serial = 0;

/** A search result as `POST /{kind}/search` returns it; a facility in Austin unless told. */
export function buildSearchProfile(
  overrides: Partial<TMarketplaceProfile> & { kind?: TProfileKind } = {},
): TMarketplaceProfile {
  serial += 1;
  const n = String(serial).padStart(12, "0");
  const { kind = "facility", ...rest } = overrides;
  return buildListing(kind, {
    id: `7f0c9a52-1c2d-4e3f-8a9b-${n}`,
    name: `Riverside Sports Complex ${serial}`,
    slug: `riverside-sports-complex-${serial}`,
    address: {
      street: "1200 River Rd",
      city: "Austin",
      state: "Texas",
      postalCode: "78701",
      country: "US",
    },
    lat: 30.2672,
    lng: -97.7431,
    headerImage: "/media/profiles/riverside-header.jpg",
    createdDate: "2025-01-15T10:00:00.000Z",
    updatedDate: "2025-03-01T12:00:00.000Z",
    createdBy: null,
    updatedBy: null,
    sports: ["Soccer"],
    distanceMiles: null,
    ...(kind === "facility" ? { facilityTypes: ["Sports Complex"] } : {}),
    ...rest,
  }) as TMarketplaceProfile;
}
