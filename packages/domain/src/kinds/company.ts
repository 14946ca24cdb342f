// Companies: industry partners and vendors serving the sports-event world.
import { VENDOR_CATEGORIES, VENDOR_SERVICE_TAGS } from "../reference/companies";
import { AUDIENCE_TAGS } from "../reference/users";
import { KIND_API } from "./api";
import { defineKind } from "./define";
import { fieldFacts } from "./facts";
import { field } from "./fields";

const fields = {
  vendorCategories: field.tags("Vendor categories", VENDOR_CATEGORIES),
  serviceTags: field.tags("Services", VENDOR_SERVICE_TAGS),
  audienceTags: field.tags("Who it serves", AUDIENCE_TAGS),
};

export const company = defineKind({
  api: KIND_API.company,
  label: "Company",
  plural: "Companies",
  pitch: "An industry partner or vendor serving the sports-event world.",
  marker: { shape: "circle", color: "brown" },
  children: ["images", "documents", "boosts"],
  fields,
  search: { types: "vendorCategories" },
  reports: {
    sections: ["profile", "locations", "promotions"],
    readers: "the company's owners and managers, or an admin",
  },
  demo: { count: 300, views: 0.0006, ownedViews: 10 },
  facts: {
    page: fieldFacts(fields, ["vendorCategories", "serviceTags", "audienceTags"]),
    card: () => [],
  },
});
