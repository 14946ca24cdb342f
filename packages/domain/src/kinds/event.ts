// Events: what organizers run; `Marketed` events are the public marketplace's.
import { AGE_GROUPS, COMPETITION_LEVELS, EVENT_TYPES } from "../reference/events";
import { FACILITY_TYPES } from "../reference/facilities";
import { LOCATIONS, SPACE_TYPE_NAMES, SURFACES } from "../reference/space-types";
import { formatCost } from "../rules/display";
import { formatEventDates } from "../rules/event-dates";
import { KIND_API } from "./api";
import { defineKind, type TFactSource } from "./define";
import { cardLines, fact, facts, fieldFact, num, sportsFact, str } from "./facts";
import { field } from "./fields";

const fields = {
  type: field.choice("Event type", EVENT_TYPES, { required: true }),
  startDate: field.date("Start date", { required: true }),
  endDate: field.date("End date", { required: true }),
  hasFlexibleDates: field.boolean("The dates are flexible"),
  ageGroup: field.choice("Age group", AGE_GROUPS),
  eventLevel: field.choice("Competition level", COMPETITION_LEVELS),
  individualCost: field.number("Cost per participant ($)", { min: 0, max: 1_000_000, step: 0.01 }),
  teamCost: field.number("Cost per team ($)", { min: 0, max: 1_000_000, step: 0.01 }),
  facilityTypes: field.tags("Facility types", FACILITY_TYPES),
  spaceName: field.choice("Space", SPACE_TYPE_NAMES),
  location: field.choice("Indoor or outdoor", LOCATIONS),
  surface: field.choice("Surface", SURFACES),
  // Only an organization's people put events under it.
  organizationId: field.profile("Organization", ["organization"], {
    what: "The organization",
    membersOnly: true,
  }),
  category: field.text("Category", { max: 100 }),
  hotelLink: field.url("Hotel booking link"),
  isClosed: field.boolean("Registration is closed"),
};

const dates = (p: TFactSource) => {
  const start = str(p.startDate);
  return start
    ? formatEventDates({
        startDate: start,
        endDate: str(p.endDate),
        hasFlexibleDates: p.hasFlexibleDates === true,
      })
    : null;
};

const cost = (amount: unknown, unit: "Participant" | "Team") =>
  num(amount) === null ? null : formatCost(num(amount)!, unit);

export const event = defineKind({
  api: KIND_API.event,
  label: "Event",
  plural: "Events",
  pitch: "A tournament, camp, league or other event you run.",
  marker: { shape: "pin", color: "purple" },
  children: ["images", "documents", "sports", "amenities", "boosts"],
  related: ["organization"],
  fields,
  check: (e) =>
    typeof e.startDate === "string" && typeof e.endDate === "string" && e.endDate < e.startDate
      ? { field: "endDate", message: "An event cannot end before it starts." }
      : null,
  search: {
    types: "type",
    dates: { start: "startDate", end: "endDate" },
    ageGroup: "ageGroup",
    category: "category",
  },
  marketplace: {
    section: "events",
    noun: { one: "event", many: "events" },
    filters: ["sports", "types", "ageGroup", "dates", "amenities", "states", "regions"],
    typesLabel: "Event type",
    sportCategories: true,
  },
  reports: {
    sections: ["profile", "hotels", "pickup", "promotions"],
    readers: "the event's owners and managers, or an admin",
  },
  demo: { count: 2000, views: 0.0015, ownedViews: 14 },
  facts: {
    page: (p) => {
      const costs = [cost(p.individualCost, "Participant"), cost(p.teamCost, "Team")].filter(
        (c): c is string => c !== null,
      );
      const space = [str(p.spaceName), str(p.location), str(p.surface)].filter(Boolean).join(" · ");
      return facts(
        fact("Dates", dates(p)),
        fact("Event type", str(p.type)),
        sportsFact(p),
        fact("Cost", costs.length ? costs.join(" · ") : null),
        fact("Age group", str(p.ageGroup)),
        fact("Level", str(p.eventLevel)),
        fact("Space", space || null),
        fieldFact(fields.facilityTypes.label, fields.facilityTypes, p.facilityTypes),
        fact("Registration", p.isClosed === true ? "Closed" : null),
      );
    },
    card: (p) =>
      cardLines(
        dates(p),
        [str(p.type), str(p.ageGroup)].filter(Boolean).join(" · ") || null,
        cost(p.individualCost, "Participant") ?? cost(p.teamCost, "Team"),
      ),
  },
});
