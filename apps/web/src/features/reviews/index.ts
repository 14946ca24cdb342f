// Facility reviews and ratings: the section of a facility's page, and its rating summary.
export { FacilityReviewsSection, RatingSummary } from "./facility-reviews-section";
