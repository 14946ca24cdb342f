// Every table, collected for drizzle and drizzle-kit; each file belongs to the module named in its header.
export * from "./auth";
export * from "./events";
export * from "./mail";
export * from "./messaging";
export * from "./profiles";
export * from "./rfps";
export * from "./status";
export * from "./users";
