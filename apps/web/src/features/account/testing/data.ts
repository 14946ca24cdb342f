// Test-only listings as the account's and admin's lists show them: full profiles of their kind
// (profiles/testing checks each against the kind's contract), with stable-looking ids.
import type { TProfileKind } from "@hostfield/domain/reference";
import type { TProfile } from "../../profiles";
import { buildListing as buildProfile } from "../../profiles/testing";

let serial = 0;

/** A stable-looking uuid per call, e.g. 00000000-0000-4000-8000-000000000001. */
export function testListingId(): string {
  serial += 1;
  return `00000000-0000-4000-8000-${String(serial).padStart(12, "0")}`;
}

/** A listing of `kind` (a hotel unless given), pending, with an address and contacts. */
export function buildListing(
  overrides: Partial<TProfile> & { kind?: TProfileKind } = {},
): TProfile {
  const { kind = "hotel", ...rest } = overrides;
  return buildProfile(kind, {
    id: testListingId(),
    name: "Riverside Inn",
    slug: "riverside-inn",
    description: "Forty rooms by the river, ten minutes from the fields.",
    address: {
      street: "1 River Rd",
      city: "Austin",
      state: "Texas",
      postalCode: "78701",
      country: "US",
    },
    lat: 30.26,
    lng: -97.74,
    website: "https://riverside.example",
    phone: "+1 512 555 0100",
    email: "desk@riverside.example",
    status: "pending",
    createdDate: "2025-03-01T12:00:00.000Z",
    updatedDate: "2025-03-01T12:00:00.000Z",
    createdBy: null,
    updatedBy: null,
    ...rest,
  });
}
