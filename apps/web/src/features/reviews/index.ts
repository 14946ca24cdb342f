// Facility reviews and ratings: the section of a facility's page, and its rating summary.
export { FacilityReviewsSection } from "./facility-reviews-section";
export { RatingSummary } from "./rating-summary";
