// The marketplaces' test helpers, for their own tests and the shell's.
export * from "./data";
export * from "./handlers";
