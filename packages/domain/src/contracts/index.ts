export * from "./common";
export * from "./envelope";
export * from "./errors";
export * from "./event";
export * from "./json-patch";
export * from "./profile";
export * from "./status";
export * from "./user";
