export * from "./data";
export * from "./handlers";
