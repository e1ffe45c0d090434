export * from "./schemas";
export { runWebOverview } from "./overview";
export { runWebStatsTable } from "./stats-table";
export { webScope } from "./scope";
