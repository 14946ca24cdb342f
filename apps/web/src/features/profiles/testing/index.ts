// The listings' test helpers, for their own tests and other features' (the marketplaces' results,
// the organizer's events, the account's and admin's listings).
export * from "./data";
export * from "./handlers";
