import type { PropertyGroup } from "./properties";

/**
 * `filter_test_accounts: true` adds the project's test account filters. Projects have no
 * `test_account_filters` setting yet, so there is nothing to add: the flag is accepted and filters nothing.
 */
export function testAccountFilters(_project: { id: number }): PropertyGroup {
  return { type: "AND", values: [] };
}
