export * from "./examples";
export * from "./xss-payloads";
