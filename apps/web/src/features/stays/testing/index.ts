// The stays test helpers, for its own tests and the pages that show stays (profiles, account).
export * from "./data";
export * from "./handlers";
