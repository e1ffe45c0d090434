import { and, eq, inArray } from "drizzle-orm";
import { cohortIdOf } from "@/lib/analytics/filters/cohorts";
import { validationError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { cohorts, type Cohort } from "@/lib/db/schema";

/**
 * The cohorts an analysis request names (cohort property filters anywhere in it, a cohort breakdown) must be the
 * project's: another project's id is a 400 before any query runs. The SQL reads only the query's own project, so
 * no other project's members could be read anyway.
 */

/** PostHog's breakdown limit: the cohorts one breakdown may list. */
const MAX_BREAKDOWN_COHORTS = 25;
/** "all" (or 0): all users, PostHog's ALL_USERS_COHORT_ID. */
export const ALL_USERS = "all";
const MAX_JSON_TEXT = 1_000_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** JSON text (GET query parameters carry filters so), parsed; anything else as it is. */
function jsonOf(value: unknown): unknown {
  if (typeof value !== "string" || value.length > MAX_JSON_TEXT || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** A cohort breakdown's list: cohort ids and "all", or the 400 it deserves. */
export function breakdownCohorts(breakdown: unknown): (number | typeof ALL_USERS)[] {
  const raw = jsonOf(breakdown);
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0) throw validationError('A cohort breakdown lists cohort ids (or "all").', "breakdown");
  if (list.length > MAX_BREAKDOWN_COHORTS)
    throw validationError(`A cohort breakdown may list at most ${MAX_BREAKDOWN_COHORTS} cohorts.`, "breakdown", "max_length");
  return list.map((item) => (item === ALL_USERS || item === 0 || item === "0" ? ALL_USERS : cohortIdOf(item, "breakdown")));
}

/** Every cohort id a request names, by the attribute a 400 names. */
function namedCohorts(raw: unknown): { properties: Set<number>; breakdown: Set<number> } {
  const found = { properties: new Set<number>(), breakdown: new Set<number>() };
  const walk = (node: unknown, depth: number) => {
    const value = jsonOf(node);
    if (depth > 64 || !isObject(value)) return;
    if (Array.isArray(value)) {
      for (const v of value) walk(v, depth + 1);
      return;
    }
    if (value.type === "cohort" && "value" in value) found.properties.add(cohortIdOf(value.value));
    if (value.breakdown_type === "cohort" && value.breakdown !== undefined && value.breakdown !== null)
      for (const id of breakdownCohorts(value.breakdown)) if (id !== ALL_USERS) found.breakdown.add(id);
    for (const v of Object.values(value)) walk(v, depth + 1);
  };
  walk(raw, 0);
  return found;
}

/** The project's cohorts among `ids` (deleted ones too), by id. */
export async function projectCohorts(projectId: number, ids: number[]): Promise<Map<number, Cohort>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select()
    .from(cohorts)
    .where(and(eq(cohorts.projectId, projectId), inArray(cohorts.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Throws a 400 naming the first cohort the request names that is not the project's; else the named cohorts'
 * current versions (by id), which a cached answer must have been computed with (null when it names none).
 */
export async function checkCohortReferences(projectId: number, raw: unknown): Promise<Record<string, number> | null> {
  const named = namedCohorts(raw);
  const all = [...new Set([...named.properties, ...named.breakdown])].sort((a, b) => a - b);
  if (all.length === 0) return null;
  const known = await projectCohorts(projectId, all);
  for (const [attr, ids] of Object.entries(named))
    for (const id of ids) if (!known.has(id)) throw validationError(`Cohort ${id} does not exist in this project.`, attr, "invalid_cohort");
  return Object.fromEntries(all.map((id) => [String(id), known.get(id)!.version]));
}
