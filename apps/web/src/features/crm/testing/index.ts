// Test-only data and MSW handlers of the CRM feature.
export * from "./data";
export * from "./handlers";
