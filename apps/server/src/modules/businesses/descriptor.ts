// Local businesses: attractions and things to do near events.

import { ZBusinessDetail } from "@hostfield/domain/contracts";
import { PROFILE_API } from "@hostfield/domain/reference";
import { businessDetails } from "../../platform/db/schema/profiles";
import type { TKindDescriptor } from "../../profiles/descriptor";

export const businessDescriptor: TKindDescriptor = {
  kind: "business",
  ...PROFILE_API.business,
  label: "business",
  children: ["images", "documents", "boosts", "partners", "amenities"],
  extras: ["placeLookup", "companyLinks", "descriptionDraft"],
  detail: { schema: ZBusinessDetail, table: businessDetails },
  detailDefaults: { businessCategory: null, placeAttributes: [], placeCategories: [] },
};
