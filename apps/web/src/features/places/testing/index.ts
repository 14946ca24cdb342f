export * from "./handlers";
