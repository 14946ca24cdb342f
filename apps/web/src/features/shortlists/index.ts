// Shortlists: the Save control other features put on cards, map windows and pages, and what the
// request wizard reads to send to everyone on a list. The pages load on demand (app/routes).
export { SaveToShortlist } from "./save-button";
export { getShortlist } from "./shortlists-api";
