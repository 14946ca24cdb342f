export * from "./examples";
