export * from "./dates";
export * from "./properties";
export * from "./persons";
export * from "./test-accounts";
export * from "./actions";
export * from "./entities";
export * from "./params";
