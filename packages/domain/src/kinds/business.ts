// Businesses: attractions, restaurants and things to do near events.
import { BUSINESS_CATEGORIES } from "../reference/businesses";
import { PLACE_ATTRIBUTE_TAGS, PLACE_CATEGORY_NAMES } from "../reference/places";
import { KIND_API } from "./api";
import { defineKind } from "./define";
import { cardLines, few, fieldFacts, str } from "./facts";
import { field } from "./fields";

const fields = {
  businessCategory: field.choice("Category", BUSINESS_CATEGORIES),
  placeCategories: field.tags("Place categories", PLACE_CATEGORY_NAMES),
  placeAttributes: field.tags("Good to know", PLACE_ATTRIBUTE_TAGS),
};

export const business = defineKind({
  api: KIND_API.business,
  label: "Business",
  plural: "Businesses",
  pitch: "An attraction, restaurant or thing to do near events.",
  marker: { shape: "circle", color: "orange" },
  children: ["images", "documents", "boosts", "partners", "amenities"],
  related: ["partners"],
  fields,
  search: { types: "businessCategory" },
  marketplace: {
    section: "businesses",
    noun: { one: "place", many: "places" },
    filters: ["types", "amenities", "states", "regions"],
    typesLabel: "Category",
    sportCategories: false,
  },
  reports: {
    sections: ["profile", "promotions"],
    readers: "the business's owners and managers, or an admin",
  },
  demo: { count: 2000, views: 0.0005, ownedViews: 9 },
  facts: {
    page: fieldFacts(fields, ["businessCategory", "placeCategories", "placeAttributes"]),
    card: (p) => cardLines(str(p.businessCategory), few(p.placeAttributes)),
  },
});
