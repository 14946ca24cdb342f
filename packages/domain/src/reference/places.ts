// Nearby-place vocabulary: map categories (with colour and the place-type tags they cover) and attribute tags.

export type TPlaceCategoryEntry = {
  readonly name: string;
  readonly color: string;
  /** Place-type tags as the maps provider names them. */
  readonly placeTypes: readonly string[];
};

export const PLACE_CATEGORIES = [
  {
    name: "Hotel & Lodging",
    color: "#1e88e5",
    placeTypes: [
      "lodging",
      "hotel",
      "motel",
      "resort_hotel",
      "bed_and_breakfast",
      "campground",
      "rv_park",
    ],
  },
  {
    name: "Food & Drink",
    color: "#e53935",
    placeTypes: [
      "restaurant",
      "cafe",
      "bar",
      "bakery",
      "meal_takeaway",
      "meal_delivery",
      "fast_food_restaurant",
    ],
  },
  {
    name: "Entertainment",
    color: "#8e24aa",
    placeTypes: [
      "amusement_park",
      "aquarium",
      "bowling_alley",
      "casino",
      "movie_theater",
      "museum",
      "night_club",
      "park",
      "tourist_attraction",
      "zoo",
    ],
  },
  {
    name: "Shopping",
    color: "#fb8c00",
    placeTypes: [
      "shopping_mall",
      "department_store",
      "clothing_store",
      "sporting_goods_store",
      "convenience_store",
      "supermarket",
    ],
  },
  {
    name: "Transport",
    color: "#43a047",
    placeTypes: [
      "airport",
      "train_station",
      "bus_station",
      "subway_station",
      "car_rental",
      "taxi_stand",
      "gas_station",
      "parking",
    ],
  },
  {
    name: "Services",
    color: "#546e7a",
    placeTypes: [
      "atm",
      "bank",
      "hospital",
      "pharmacy",
      "doctor",
      "laundry",
      "post_office",
      "car_repair",
    ],
  },
] as const satisfies readonly TPlaceCategoryEntry[];

export type TPlaceCategoryName = (typeof PLACE_CATEGORIES)[number]["name"];
export const PLACE_CATEGORY_NAMES = PLACE_CATEGORIES.map(
  (c) => c.name,
) as readonly TPlaceCategoryName[];

export const PLACE_ATTRIBUTE_TAGS = [
  "Good for Groups",
  "Good For Kids",
  "Parking Available",
  "Wheelchair Accessible",
  "Takes Reservations",
  "Dogs Allowed",
  "Wi-Fi",
  "Outdoor Seating",
  "Offers Delivery",
  "Live Music",
  "Full Bar",
  "TV",
] as const;
export type TPlaceAttributeTag = (typeof PLACE_ATTRIBUTE_TAGS)[number];

/** The sections of a destination's page that list what is around it. */
export const DESTINATION_AROUND = ["facilities", "hotels", "events"] as const;
export type TDestinationAround = (typeof DESTINATION_AROUND)[number];
