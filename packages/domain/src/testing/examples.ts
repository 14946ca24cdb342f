// Examples the server's and the web's tests share, written once: what a request for proposals
// for "4 indoor hardwood basketball courts near Indianapolis" asks for, as the API takes it.
import type { TRequirementInput } from "../contracts/rfp";

/** The space need: four indoor hardwood basketball courts, no particular facility type. */
export const FOUR_INDOOR_COURTS = {
  sportsList: ["Basketball"],
  needsSpecificFacilityType: false,
  facilityTypes: [],
  needsSpecificSpaceType: true,
  spaceType: "Court",
  spaceSurface: "Hardwood",
  spaceTypeCount: 4,
  spaceLocation: "Indoor",
} as const satisfies Partial<TRequirementInput>;

/** Where: within 50 miles of Indianapolis. */
export const NEAR_INDIANAPOLIS = { address: "Indianapolis, IN", dist: 50 } as const;
