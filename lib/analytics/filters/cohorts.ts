import { validationError } from "@/lib/api/errors";

/**
 * Cohort property filters (segments G2): `{type: "cohort", key: "id", value: <cohort id>, operator?: "in"|"not_in",
 * negation?}` keeps the events whose person (after merges, S1) is a current member of the cohort: the members of
 * its latest recorded calculation in `cohort_people` (clickhouse/migrations/0007). The cohort's project is
 * checked before any SQL is built (lib/cohorts/references.ts); the SQL reads the query's own project only.
 */

interface CohortFilterLike {
  key: string;
  value?: unknown;
  operator: string;
  type: string;
}

/** Where a cohort filter is evaluated: the project's placeholder, and the person id when rows are persons. */
export interface CohortColumns {
  team?: string;
  /** The row's person id (person lists); absent: the event `e`'s person. */
  personId?: string;
  /** false when the project has no merges pending (`hasPendingOverrides`): `e.person_id` is the person. */
  personOverrides?: boolean;
}

/**
 * Before the filter schema: `in`/`not_in` (and `negation`) become `exact`/`is_not`, the one pair of operators
 * property filters have, so a cohort filter is `exact` (member) or `is_not` (not a member).
 */
export function normalizeCohortFilter(input: unknown): unknown {
  if (!input || typeof input !== "object" || (input as { type?: unknown }).type !== "cohort") return input;
  const filter = { ...(input as Record<string, unknown>) };
  const negated = filter.operator === "not_in" || filter.operator === "is_not";
  filter.operator = negated !== (filter.negation === true) ? "is_not" : "exact";
  delete filter.negation;
  if (filter.key === undefined || filter.key === null || filter.key === "") filter.key = "id";
  return filter;
}

/** The cohort id a filter names (a positive integer, or its text), else PostHog's 400. */
export function cohortIdOf(value: unknown, attr = "properties"): number {
  const raw = Array.isArray(value) && value.length === 1 ? value[0] : value;
  const id = typeof raw === "string" && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0)
    throw validationError("A cohort filter's value must be a cohort id.", attr, "invalid_cohort");
  return id;
}

/** The person ids of a cohort's current members (its latest recorded calculation; none before the first). */
export function cohortMembersSql(team: string, cohort: string): string {
  return `SELECT person_id FROM cohort_people WHERE team_id = ${team} AND cohort_id = ${cohort}
    AND version = (SELECT max(version) FROM cohort_calculations WHERE team_id = ${team} AND cohort_id = ${cohort})`;
}

/**
 * The distinct ids a merge moved since their events were written, with their current person; ids not in it are
 * their events' `person_id` (lib/analytics/filters/persons.ts).
 */
function movedIdsSql(team: string): string {
  return `SELECT distinct_id, argMax(person_id, version) AS person_id FROM person_distinct_id_overrides
    WHERE team_id = ${team} GROUP BY distinct_id HAVING argMax(is_deleted, version) = 0`;
}

/**
 * The cohort filter as a condition. It joins nothing, so any query over `events AS e` (or over persons, with
 * `personId`) can take it wherever its other property filters go.
 */
export function cohortFilterSql(
  filter: CohortFilterLike,
  columns: CohortColumns,
  params: { add(value: unknown, type: string): string },
): string {
  if (!columns.team) throw validationError("Cohort filters are not supported here.", "properties", "unsupported");
  const members = cohortMembersSql(columns.team, params.add(cohortIdOf(filter.value), "Int64"));
  let member: string;
  if (columns.personId) member = `${columns.personId} IN (${members})`;
  else if (columns.personOverrides === false) member = `e.person_id IN (${members})`;
  else {
    const moved = movedIdsSql(columns.team);
    member = `if(e.distinct_id IN (SELECT distinct_id FROM (${moved})),
      e.distinct_id IN (SELECT distinct_id FROM (${moved}) WHERE person_id IN (${members})),
      e.person_id IN (${members}))`;
  }
  return filter.operator === "is_not" ? `NOT (${member})` : member;
}
