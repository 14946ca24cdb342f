// Facilities: venues with spaces and sports that host events; managed by their managers and by
// the managers of the destinations that list them.
import { AVAILABILITY, FACILITY_TYPES, STAFF_ROLES } from "../reference/facilities";
import { formatCount } from "../rules/display";
import { KIND_API } from "./api";
import { defineKind } from "./define";
import { cardLines, fact, facts, few, fieldFact, num, sportsFact, str } from "./facts";
import { field } from "./fields";

const facilityTypes = field.tags("Facility types", FACILITY_TYPES);

export const facility = defineKind({
  api: KIND_API.facility,
  label: "Facility",
  plural: "Facilities",
  pitch: "A venue with spaces and sports that hosts events.",
  marker: { shape: "pin", color: "red" },
  children: ["images", "documents", "sports", "amenities", "spaceTypes", "boosts"],
  related: ["facilityDestinations"],
  fields: {
    facilityTypes,
    capacity: field.number("Capacity (people)", { min: 0, max: 1_000_000, integer: true }),
    staff: field.list(
      "Staff",
      {
        name: field.text("Name", { min: 1, max: 120, trim: true, required: true }),
        role: field.choice("Role", STAFF_ROLES, { required: true }),
        email: field.email("E-mail"),
      },
      { max: 50, hidden: true },
    ),
    availability: field.choice("Availability", AVAILABILITY),
  },
  reviews: true,
  search: { types: "facilityTypes" },
  marketplace: {
    section: "facilities",
    noun: { one: "facility", many: "facilities" },
    filters: [
      "sports",
      "types",
      "spaceTypes",
      "surfaces",
      "location",
      "amenities",
      "states",
      "regions",
      "available",
    ],
    typesLabel: "Facility type",
    sportCategories: true,
  },
  reports: {
    sections: ["profile", "leads", "events", "partners", "hotels", "pickup", "promotions"],
    readers: "the facility's owners and managers (and its destinations'), or an admin",
  },
  demo: { count: 15_000, views: 0.0006, ownedViews: 22 },
  facts: {
    page: (p) =>
      facts(
        fieldFact(facilityTypes.label, facilityTypes, p.facilityTypes),
        sportsFact(p),
        fact(
          "Capacity",
          num(p.capacity) === null ? null : `${formatCount(Number(p.capacity))} people`,
        ),
        fact("Availability", str(p.availability)),
      ),
    card: (p) =>
      cardLines(
        few(p.facilityTypes),
        num(p.capacity) ? `Capacity ${formatCount(Number(p.capacity))}` : null,
        str(p.availability),
      ),
  },
});
