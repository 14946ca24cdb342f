export * from "./contracts/index";
export * from "./kinds/index";
export * from "./reference/index";
export * from "./rules/index";
