export * from "./contracts/index";
export * from "./reference/index";
export * from "./rules/index";
