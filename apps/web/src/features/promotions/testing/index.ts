// The promotions test helpers, for its own tests and the pages that show promotions (profiles).
export * from "./data";
export * from "./handlers";
