// The module's services, one file a topic, gathered for routes.ts until it imports them itself.
export * from "./access";
export * from "./context";
export * from "./lead-edits";
export * from "./lead-lists";
export * from "./lead-moves";
export * from "./marketplace";
export * from "./new-leads";
export type { TMarketplaceAccess } from "./policy";
export * from "./requirements";
