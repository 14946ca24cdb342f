// The payments feature's test helpers: its records, world and handlers.
export * from "./data";
export * from "./handlers";
