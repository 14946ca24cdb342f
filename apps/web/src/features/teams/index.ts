// The teams feature's public face: the Teams section of an event's hotel blocks page (rooms). The
// team's booking page loads as a route of its own (app/routes.tsx).
export { TeamsSection } from "./teams-section";
