// Destinations: visitors bureaus and sports commissions that bring events to their area.
import { DESTINATION_SERVICES, DESTINATION_TYPES } from "../reference/destinations";
import { KIND_API } from "./api";
import { defineKind } from "./define";
import { cardLines, few, fieldFacts, str } from "./facts";
import { field } from "./fields";

const fields = {
  destinationType: field.choice("Destination type", DESTINATION_TYPES),
  services: field.tags("Services", DESTINATION_SERVICES),
  hotelLiveRatesEnabled: field.boolean("Show live hotel rates"),
  hotelLiveRatesVisibleAfter: field.date("Live rates visible after"),
  hotelSpecialsHiddenAfter: field.date("Hotel specials hidden after"),
};

export const destination = defineKind({
  api: KIND_API.destination,
  label: "Destination",
  plural: "Destinations",
  pitch: "A visitors bureau or sports commission that brings events to its area.",
  marker: { shape: "pin", color: "blue" },
  children: ["images", "documents", "boosts", "sports"],
  fields,
  search: { types: "destinationType" },
  marketplace: {
    section: "destinations",
    noun: { one: "destination", many: "destinations" },
    filters: ["sports", "types", "states", "regions", "available"],
    typesLabel: "Destination type",
    sportCategories: true,
  },
  reports: {
    sections: [
      "profile",
      "leads",
      "events",
      "facilities",
      "partners",
      "hotels",
      "pickup",
      "promotions",
    ],
    readers: "the destination's owners and managers, or an admin",
  },
  demo: { count: 800, views: 0.003, ownedViews: 40 },
  facts: {
    page: fieldFacts(fields, ["destinationType", "sports", "services"]),
    card: (p) => cardLines(str(p.destinationType), few(p.services)),
  },
});
