// Event organizations: who runs events (organizers and industry partners).
import { EVENT_INTEREST_TYPES } from "../reference/events";
import { ORGANIZATION_TYPES } from "../reference/organizations";
import { KIND_API } from "./api";
import { defineKind } from "./define";
import { cardLines, few, fieldFacts, str } from "./facts";
import { field } from "./fields";

const fields = {
  organizationType: field.choice("Organization type", ORGANIZATION_TYPES),
  eventInterestTypes: field.tags("Event interests", EVENT_INTEREST_TYPES),
};

export const organization = defineKind({
  api: KIND_API.organization,
  label: "Organization",
  plural: "Organizations",
  listNames: { one: "Event organization", many: "Event organizations" },
  pitch: "An event organizer or industry partner that runs events.",
  marker: { shape: "circle", color: "green" },
  children: ["images", "documents", "sports", "boosts"],
  fields,
  search: { types: "organizationType" },
  marketplace: {
    section: "organizations",
    noun: { one: "organization", many: "organizations" },
    filters: ["sports", "types", "states", "regions"],
    typesLabel: "Organization type",
    sportCategories: true,
  },
  reports: {
    sections: ["profile", "events", "hotels", "pickup", "promotions"],
    readers:
      "the organization's owners and managers with an active destination, facility or business membership (spec §4 showOrganizationStats), or an admin",
  },
  demo: { count: 500, views: 0.0007, ownedViews: 12 },
  facts: {
    page: fieldFacts(fields, ["organizationType", "sports", "eventInterestTypes"]),
    card: (p) => cardLines(str(p.organizationType), few(p.eventInterestTypes)),
  },
});
