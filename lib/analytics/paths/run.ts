import { chTimestamp, resolveDateRange } from "@/lib/analytics/filters/dates";
import { PERSON_PROPERTIES } from "@/lib/analytics/filters/persons";
import { propertyGroupSql, SqlParams, usesPersonProperties, validateProperties } from "@/lib/analytics/filters/properties";
import { withTestAccountFilters } from "@/lib/analytics/filters/test-accounts";
import { validationError } from "@/lib/api/errors";
import type { Project } from "@/lib/db/schema";
import { getAnalysisStore } from "@/lib/analytics/store";
import { pathsSql } from "./sql";
import { pathsResult, type PathEdgeRow } from "./result";
import type { TPathCleaningRule, TPathEdge, TPathsFilter } from "./schemas";

const EDGE_LIMIT_DEFAULT = 50;

/** `path/`: the most common transitions between consecutive steps of persons' sessions (PostHog's Paths). */
export async function runPaths(
  project: Pick<Project, "id" | "timezone" | "pathCleaningFilters" | "testAccountFilters">,
  filter: TPathsFilter,
  now = new Date(),
): Promise<TPathEdge[]> {
  const tz = project.timezone || "UTC";
  const range = resolveDateRange({ date_from: filter.date_from, date_to: filter.date_to, timezone: tz, now, defaultFrom: "-7d" });
  const types = filter.include_event_types ?? (filter.path_type ? [filter.path_type] : []);
  const custom = filter.include_custom_events ?? [];
  const exclude = filter.exclude_events ?? [];
  const everything = types.length === 0 && custom.length === 0;
  const points = { start: Boolean(filter.start_point), end: Boolean(filter.end_point) };
  // PostHog sets no edge limit by default when both points are given: the paths between them are few.
  const edgeLimit = filter.edge_limit ?? (points.start && points.end ? null : EDGE_LIMIT_DEFAULT);
  const params = new SqlParams({
    team: project.id,
    step_limit: filter.step_limit,
    ...(edgeLimit !== null && { edge_limit: edgeLimit }),
    start_point: filter.start_point ?? "",
    end_point: filter.end_point ?? "",
  });

  // The path item: a pageview's URL without its trailing slash, a screen's name, else the event's name.
  let item = "e.event";
  if ((everything && !exclude.includes("$pageview")) || types.includes("$pageview"))
    item = `if(e.event = '$pageview', replaceRegexpAll(JSONExtractString(e.properties, '$current_url'), '(.)/$', '\\\\1'), ${item})`;
  if ((everything && !exclude.includes("$screen")) || types.includes("$screen"))
    item = `if(e.event = '$screen', JSONExtractString(e.properties, '$screen_name'), ${item})`;

  const rules = [...(filter.path_replacements ? project.pathCleaningFilters : []), ...(filter.local_path_cleaning_filters ?? [])];
  const cleanedItem = cleanedItemSql(`ifNull(${item}, '')`, rules, params);

  const kinds: string[] = [];
  if (types.includes("$pageview")) kinds.push("e.event = '$pageview'");
  if (types.includes("$screen")) kinds.push("e.event = '$screen'");
  if (types.includes("custom_event")) kinds.push("NOT e.event LIKE '$%'");
  if (custom.length) kinds.push(`e.event IN ${params.add(custom, "Array(String)")}`);

  const properties = withTestAccountFilters(filter.properties, project, filter.filter_test_accounts);
  validateProperties(properties);
  const where = [
    `e.timestamp >= ${params.add(chTimestamp(range.from), "DateTime64(6, 'UTC')")}`,
    `e.timestamp <= ${params.add(chTimestamp(range.to), "DateTime64(6, 'UTC')")}`,
    kinds.length ? `(${kinds.join(" OR ")})` : "1",
    propertyGroupSql(properties, { event: "e.properties", person: PERSON_PROPERTIES, team: "{team:Int64}" }, params),
  ].join(" AND ");
  const itemWhere = exclude.length ? `NOT item IN ${params.add(exclude, "Array(String)")}` : "1";

  const sql = pathsSql(
    {
      cleanedItem,
      item: groupedItemSql(filter.path_groupings ?? [], params),
      where,
      itemWhere,
      joinPersons: usesPersonProperties(properties),
      points,
    },
    edgeLimit !== null,
  );
  const store = await getAnalysisStore(project.id);
  const rows = await store.query<PathEdgeRow>(sql, params.values);
  return pathsResult(rows);
}

/**
 * The item after the cleaning rules (the project's with `path_replacements`, then `local_path_cleaning_filters`):
 * each rule's regex replaced by its alias (RE2, `\\1` for a group), in order, every rule on the previous one's
 * result (PostHog's path_item_cleaned).
 */
export function cleanedItemSql(item: string, rules: TPathCleaningRule[], params: SqlParams): string {
  rules.forEach(({ regex }, i) => {
    try {
      new RegExp(regex);
    } catch {
      throw validationError(`Invalid regex in path cleaning rule ${i + 1}: ${regex}`, "local_path_cleaning_filters");
    }
  });
  return rules.reduce(
    (sql, rule) => `replaceRegexpAll(${sql}, ${params.add(rule.regex, "String")}, ${params.add(rule.alias, "String")})`,
    item,
  );
}

/** The item after `path_groupings` (over `cleaned_item`): the first grouping whose pattern it matches, else itself. */
function groupedItemSql(groupings: string[], params: SqlParams): string {
  if (!groupings.length) return "cleaned_item";
  const cases = groupings.map((g) => `match(cleaned_item, ${params.add(groupingRegex(g), "String")}), ${params.add(g, "String")}`);
  return `multiIf(${cases.join(", ")}, cleaned_item)`;
}

/** A path grouping as PostHog reads it: its text literally, each `*` any characters, matched anywhere in the item. */
export function groupingRegex(grouping: string): string {
  return grouping
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
}
