// The organizer's test helpers.
export * from "./data";
export * from "./handlers";
export * from "./rfp-assistant";
