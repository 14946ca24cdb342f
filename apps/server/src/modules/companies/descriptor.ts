// Companies: industry partners and vendors; hotels and businesses can belong to one.

import { ZCompanyDetail } from "@hostfield/domain/contracts";
import { PROFILE_API } from "@hostfield/domain/reference";
import { companyDetails } from "../../platform/db/schema/profiles";
import type { TKindDescriptor } from "../../profiles/descriptor";

export const companyDescriptor: TKindDescriptor = {
  kind: "company",
  ...PROFILE_API.company,
  label: "company",
  children: ["images", "documents", "boosts"],
  detail: { schema: ZCompanyDetail, table: companyDetails },
  detailDefaults: { vendorCategories: [], serviceTags: [], audienceTags: [] },
};
