// Local businesses: attractions and things to do near events.
import { ZBusinessDetail } from "@hostfield/domain/contracts";
import { businessDetails } from "../../platform/db/schema/profiles";
import type { TKindDescriptor } from "../../profiles/descriptor";

export const businessDescriptor: TKindDescriptor = {
  kind: "business",
  service: "business-mgmt",
  path: "businesses",
  label: "business",
  reaction: "likes",
  memberWord: "members",
  children: ["images", "documents", "boosts", "partners", "amenities"],
  extras: ["placeLookup", "companyLinks", "descriptionDraft"],
  detail: { schema: ZBusinessDetail, table: businessDetails },
  detailDefaults: { businessCategory: null, placeAttributes: [], placeCategories: [] },
};
