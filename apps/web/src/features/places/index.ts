// The pages around a place: a destination's facilities, hotels and upcoming events (its page), and
// the landing pages of the states (/states/{state}).
export { AROUND_PAGE_SIZE, DestinationAroundSection } from "./destination-around";
export { PlaceCards } from "./place-cards";
export type { TPlaceCard } from "./places-api";
export { StatePage } from "./state-page";
