import { z } from "zod";
import type { Project } from "@/lib/db/schema";
import { propertyGroupSql, SqlParams, validateProperties, ZPropertyFilter, type PropertyFilter, type PropertyGroup } from "./properties";

/** A project holds at most this many: each one is a condition on every event an analysis reads. */
export const MAX_TEST_ACCOUNT_FILTERS = 20;
/** Their JSON text at most: a filter's list of values is sent with every analysis that applies them. */
const MAX_TEST_ACCOUNT_FILTERS_CHARS = 20_000;

/** The kinds of property a test account filter may test (PostHog's settings offer these). */
export const TEST_ACCOUNT_FILTER_TYPES = ["event", "person", "cohort", "group", "hogql"] as const;

const ATTR = "test_account_filters";

/** Why the filters' SQL cannot be built (no value, bad HogQL…), else null: such a filter is refused when saved. */
function unrunnable(filters: PropertyFilter[]): string | null {
  const group: PropertyGroup = { type: "AND", values: filters };
  try {
    validateProperties(group, ATTR);
    propertyGroupSql(group, { event: "e.properties", person: "person_properties", team: "{team:Int64}" }, new SqlParams());
    return null;
  } catch (error) {
    const detail = (error as { detail?: unknown }).detail;
    return typeof detail === "string" ? detail : "Invalid test account filter.";
  }
}

const isTestAccountType = (type: string) => (TEST_ACCOUNT_FILTER_TYPES as readonly string[]).includes(type);

/** The project setting: the analyses' own property filter schema, of the kinds above, bounded and runnable. */
export const ZTestAccountFilters = z
  .array(ZPropertyFilter)
  .max(MAX_TEST_ACCOUNT_FILTERS)
  .superRefine((filters, ctx) => {
    const wrongType = filters.findIndex((f) => !isTestAccountType(f.type));
    if (wrongType >= 0) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: `Test account filters take ${TEST_ACCOUNT_FILTER_TYPES.join(", ")} properties, not "${filters[wrongType].type}".`,
      });
      return;
    }
    if (JSON.stringify(filters).length > MAX_TEST_ACCOUNT_FILTERS_CHARS) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: `The test account filters take at most ${MAX_TEST_ACCOUNT_FILTERS_CHARS} characters of JSON.`,
      });
      return;
    }
    const problem = unrunnable(filters as PropertyFilter[]);
    if (problem) ctx.addIssue({ code: "custom", path: [], message: problem });
  })
  .transform((filters) => filters as PropertyFilter[]);

/** `filter_test_accounts: true` adds the project's test account filters (read with the project, not per series). */
export function testAccountFilters(project: Pick<Project, "testAccountFilters">): PropertyGroup {
  return { type: "AND", values: project.testAccountFilters ?? [] };
}

/** An analysis' properties, ANDed with the project's test account filters when the analysis asks for them. */
export function withTestAccountFilters(
  properties: PropertyGroup,
  project: Pick<Project, "testAccountFilters">,
  filterTestAccounts: boolean | null | undefined,
): PropertyGroup {
  if (!filterTestAccounts) return properties;
  const extra = testAccountFilters(project);
  if (extra.values.length === 0) return properties;
  return { type: "AND", values: [properties, extra] };
}
