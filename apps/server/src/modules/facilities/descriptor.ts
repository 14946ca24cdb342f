// Facilities: venues with spaces and sports; managed by their managers and their destinations'.

import { ZFacilityDetail } from "@hostfield/domain/contracts";
import { PROFILE_API } from "@hostfield/domain/reference";
import { facilityDetails } from "../../platform/db/schema/profiles";
import type { TKindDescriptor } from "../../profiles/descriptor";

export const facilityDescriptor: TKindDescriptor = {
  kind: "facility",
  ...PROFILE_API.facility,
  label: "facility",
  children: ["images", "documents", "sports", "amenities", "spaceTypes", "boosts"],
  detail: { schema: ZFacilityDetail, table: facilityDetails },
  detailDefaults: { facilityTypes: [], capacity: null, staff: null, availability: null },
};
