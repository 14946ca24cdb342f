// The payments feature's test helpers: its records, world and handlers (deposits' too).
export * from "./data";
export * from "./deposits";
export * from "./guarantees";
export * from "./handlers";
