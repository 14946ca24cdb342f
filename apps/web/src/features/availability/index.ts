// Venues' calendars: the 12-month view on a facility's or destination's page, where its managers
// mark booked, held and need dates.
export { AVAILABILITY_TITLE, AvailabilitySection } from "./availability-section";
