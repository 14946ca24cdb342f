// The lead pipeline's test helpers, for its own tests and the organizer's pages (requests).
export * from "./data";
export * from "./handlers";
