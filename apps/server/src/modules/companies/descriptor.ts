// Companies: industry partners and vendors; hotels and businesses can belong to one.
import { ZCompanyDetail } from "@hostfield/domain/contracts";
import { companyDetails } from "../../platform/db/schema/profiles";
import type { TKindDescriptor } from "../../profiles/descriptor";

export const companyDescriptor: TKindDescriptor = {
  kind: "company",
  service: "company-mgmt",
  path: "companies",
  label: "company",
  reaction: "followers",
  memberWord: "members",
  children: ["images", "documents", "boosts"],
  detail: { schema: ZCompanyDetail, table: companyDetails },
  detailDefaults: { vendorCategories: [], serviceTags: [], audienceTags: [] },
};
