// The teams feature's test helpers: its world, records and handlers.
export * from "./data";
export * from "./handlers";
