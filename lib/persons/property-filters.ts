import { sql, type SQL } from "drizzle-orm";
import { validationError } from "@/lib/api/errors";
import {
  asText,
  isGroup,
  leafFilters,
  listValues,
  numberValue,
  type PropertyFilter,
  type PropertyGroup,
  singleValue,
  validateProperties,
} from "@/lib/analytics/filters/properties";
import { cohortIdOf } from "@/lib/analytics/filters/cohorts";
import { persons } from "@/lib/db/schema";
import { containsPattern } from "@/lib/db/like";

const NUMBER = "^\\s*-?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?\\s*$";
const ISO_DAY = "^\\d{4}-\\d{2}-\\d{2}";

/**
 * One person property filter as a PostgreSQL condition on `persons.properties`, with the analyses' meaning: a
 * value is compared as text (strings as themselves, other JSON as its text), a missing one as '' (so `is_not` and
 * `not_icontains` match it); numbers compare only numeric values; dates compare by their ISO day.
 */
function personFilterSql(filter: PropertyFilter): SQL {
  const value = sql`coalesce(${persons.properties} ->> ${filter.key}, '')`;
  switch (filter.operator) {
    case "is_set":
      return sql`jsonb_exists(${persons.properties}, ${filter.key})`;
    case "is_not_set":
      return sql`not jsonb_exists(${persons.properties}, ${filter.key})`;
    case "exact":
    case "is_not": {
      const list = listValues(filter).map(asText);
      if (list.length === 0) throw validationError(`Property filter "${filter.key}" needs a value.`, "properties");
      const condition = sql`${value} in (${sql.join(
        list.map((item) => sql`${item}`),
        sql`, `,
      )})`;
      return filter.operator === "exact" ? condition : sql`not (${condition})`;
    }
    case "icontains":
    case "not_icontains": {
      const condition = sql`${value} ilike ${containsPattern(asText(singleValue(filter)))}`;
      return filter.operator === "icontains" ? condition : sql`not (${condition})`;
    }
    case "regex":
    case "not_regex": {
      const condition = sql`${value} ~ ${asText(singleValue(filter))}`;
      return filter.operator === "regex" ? condition : sql`not (${condition})`;
    }
    case "gt":
    case "gte":
    case "lt":
    case "lte": {
      const op = sql.raw({ gt: ">", gte: ">=", lt: "<", lte: "<=" }[filter.operator]);
      const number = sql`(case when ${value} ~ ${NUMBER} then ${value}::double precision end)`;
      return sql`coalesce(${number} ${op} ${numberValue(filter)}, false)`;
    }
    case "is_date_exact":
    case "is_date_before":
    case "is_date_after": {
      const target = asText(singleValue(filter));
      if (!new RegExp(ISO_DAY).test(target))
        throw validationError(`Property filter "${filter.key}" needs a date (YYYY-MM-DD).`, "properties");
      const op = sql.raw({ is_date_exact: "=", is_date_before: "<", is_date_after: ">" }[filter.operator]);
      return sql`coalesce((case when ${value} ~ ${ISO_DAY} then left(${value}, 10) end) ${op} ${target.slice(0, 10)}, false)`;
    }
  }
}

/** A cohort's current members, read from the event store before the query is built (`cohortIdsOf`). */
export type CohortMembers = ReadonlyMap<number, readonly string[]>;

/** A cohort filter (segments G2): the person is (`exact`) or is not (`is_not`) among the cohort's members. */
function cohortMemberSql(filter: PropertyFilter, members: CohortMembers): SQL {
  const ids = members.get(cohortIdOf(filter.value)) ?? [];
  const member = ids.length ? sql`${persons.id} = any(string_to_array(${ids.join(",")}, ',')::uuid[])` : sql`false`;
  return filter.operator === "is_not" ? sql`not (${member})` : member;
}

/** The cohorts a persons filter names. */
export const cohortIdsOf = (group: PropertyGroup) => [
  ...new Set(
    leafFilters(group)
      .filter((f) => f.type === "cohort")
      .map((f) => cohortIdOf(f.value)),
  ),
];

function groupSql(group: PropertyGroup, members: CohortMembers): SQL | undefined {
  const parts = group.values
    .map((value) =>
      isGroup(value) ? groupSql(value, members) : value.type === "cohort" ? cohortMemberSql(value, members) : personFilterSql(value),
    )
    .filter((part): part is SQL => part !== undefined);
  if (parts.length === 0) return undefined;
  return sql`(${sql.join(parts, group.type === "OR" ? sql` or ` : sql` and `)})`;
}

/** The `properties` of `/persons/` as a condition (undefined for none); only person properties filter persons. */
export function personPropertiesSql(group: PropertyGroup, members: CohortMembers = new Map()): SQL | undefined {
  const other = leafFilters(group).find((filter) => filter.type !== "person" && filter.type !== "cohort");
  if (other) throw validationError(`Persons are filtered by person properties: "${other.key}" is an ${other.type} property.`, "properties");
  validateProperties(group);
  return groupSql(group, members);
}
