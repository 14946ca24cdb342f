// Messaging's test helpers, for its own tests and other features' (opening a conversation from a
// member's page, a lead's proposal message).
export * from "./data";
export * from "./handlers";
