// Hotels: places to stay near events, with a partner-system id for rates.
import { KIND_API } from "./api";
import { defineKind } from "./define";
import { fact, facts, num } from "./facts";
import { field } from "./fields";

export const hotel = defineKind({
  api: KIND_API.hotel,
  label: "Hotel",
  plural: "Hotels",
  pitch: "A place to stay near events, with deals for teams and fans.",
  marker: { shape: "circle", color: "grey" },
  children: ["images", "documents", "boosts", "partners", "amenities"],
  related: ["partners"],
  fields: {
    starRating: field.number("Star rating", { min: 0, max: 5, multipleOf: 0.5 }),
    rooms: field.number("Rooms", { min: 0, max: 100_000, integer: true }),
    partnerId: field.text("Partner-system id", {
      min: 1,
      max: 100,
      trim: true,
      helper: "The hotel's id in the booking partner's system, for live rates.",
    }),
  },
  reports: {
    sections: ["profile", "pickup"],
    readers: "the hotel's owners and managers, or an admin",
  },
  demo: { count: 3000, views: 0.0009, ownedViews: 16 },
  facts: {
    page: (p) =>
      facts(
        fact("Star rating", num(p.starRating) === null ? null : `${num(p.starRating)} stars`),
        fact("Rooms", num(p.rooms) === null ? null : String(num(p.rooms))),
      ),
    card: () => [],
  },
});
