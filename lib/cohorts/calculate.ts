import { eq, sql } from "drizzle-orm";
import { chTimestamp } from "@/lib/analytics/filters/dates";
import { SqlParams } from "@/lib/analytics/filters/properties";
import { getDb } from "@/lib/db/client";
import { cohorts, type Cohort } from "@/lib/db/schema";
import { parseCriteria } from "./criteria";
import { writeMembers, writeMembersFromSql } from "./members";
import { membershipSql } from "./membership-sql";

/** A version after the cohort's current one: the calculation's start in epoch milliseconds. */
const nextVersion = (cohort: Cohort, now: Date) => Math.max(now.getTime(), cohort.version + 1);

/**
 * Runs `compute` (which writes a member set under `version` and answers its count) as the cohort's calculation:
 * `is_calculating` meanwhile; then `count`, `version` and `last_calculation`, or one more `errors_calculating`.
 */
async function calculating(cohort: Cohort, now: Date, compute: (version: number) => Promise<number>): Promise<void> {
  const db = await getDb();
  const version = nextVersion(cohort, now);
  await db.update(cohorts).set({ isCalculating: true, pendingSince: null }).where(eq(cohorts.id, cohort.id));
  try {
    const count = await compute(version);
    await db.update(cohorts).set({ isCalculating: false, count, version, lastCalculation: now }).where(eq(cohorts.id, cohort.id));
  } catch (error) {
    console.error(`[cohorts] calculating cohort ${cohort.id} failed:`, error);
    await db
      .update(cohorts)
      .set({ isCalculating: false, lastCalculation: now, errorsCalculating: sql`${cohorts.errorsCalculating} + 1` })
      .where(eq(cohorts.id, cohort.id));
  }
}

/** A dynamic cohort's members as of `now` (behavioural windows end there: segments G6). */
export function calculateDynamicCohort(cohort: Cohort, now = new Date()): Promise<void> {
  return calculating(cohort, now, (version) => {
    const params = new SqlParams();
    const select = membershipSql(
      parseCriteria(cohort.filters),
      params.add(cohort.projectId, "Int64"),
      params.add(chTimestamp(now), "DateTime64(6, 'UTC')"),
      params,
    );
    return writeMembersFromSql(cohort.projectId, cohort.id, version, select, params);
  });
}

/** A static cohort's members: the persons `resolve` finds (the uploaded list's, at processing time: G4). */
export function calculateStaticCohort(cohort: Cohort, resolve: () => Promise<string[]>, now = new Date()): Promise<void> {
  return calculating(cohort, now, async (version) => writeMembers(cohort.projectId, cohort.id, version, await resolve()));
}
