// The account's test helpers, for its own tests and admin's.
export * from "./data";
export * from "./handlers";
