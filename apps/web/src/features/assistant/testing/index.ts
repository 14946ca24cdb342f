// The assistant test helpers, for its own tests and the pages that show the guide (profiles).
export * from "./data";
export * from "./handlers";
