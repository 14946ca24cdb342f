export * from "./data";
export * from "./handlers";
export * from "./undo-clock";
