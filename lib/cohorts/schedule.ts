import { and, asc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { exclusively } from "@/lib/db/advisory-lock";
import { getDb } from "@/lib/db/client";
import { cohorts, type Cohort } from "@/lib/db/schema";
import { kickPollLoop, startPollLoop } from "@/lib/server/poll-loop";
import { calculateDynamicCohort } from "./calculate";
import { parseCriteria, referencedCohorts } from "./criteria";

/**
 * Dynamic cohorts are calculated in the server process, never on a read: at once after a create or a change of
 * filters (`pending_since`, and `kickCohortCalculations`), and again once their last calculation is
 * HEDGEROW_COHORT_RECALCULATION_MINUTES old. Processes sharing one PostgreSQL take turns (an advisory lock), as
 * the overrides squash does. A dynamic cohort still `is_calculating` when a pass starts was interrupted (a stop
 * or a crash) and is calculated again. A static one is written before its request answers, so one left calculating by
 * a stopped process was never acknowledged: at start it fails (`errors_calculating`) rather than staying
 * `is_calculating` for ever.
 */

const LOCK = 0x636f_6872; // "cohr"
const LOOP = "cohorts";
/** How often the loop looks for due cohorts when nothing kicks it. */
const POLL_MS = 30_000;
/** Calculations per pass: the rest wait for the next one. */
const PASS_LIMIT = 50;

/** Due cohorts, those they reference first (a cohort criterion reads the other cohort's current members). */
function dependencyOrder(due: Cohort[]): Cohort[] {
  const byId = new Map(due.map((c) => [c.id, c]));
  const ordered: Cohort[] = [];
  const seen = new Set<number>();
  const visit = (c: Cohort) => {
    if (seen.has(c.id)) return;
    seen.add(c.id);
    let refs: number[] = [];
    try {
      refs = referencedCohorts(parseCriteria(c.filters));
    } catch {
      // Its calculation reports the error.
    }
    for (const id of refs) if (byId.has(id)) visit(byId.get(id)!);
    ordered.push(c);
  };
  due.forEach(visit);
  return ordered;
}

async function duePass(): Promise<number> {
  const db = await getDb();
  const stale = new Date(Date.now() - config.cohortRecalculationMinutes * 60_000);
  const due = await db
    .select()
    .from(cohorts)
    .where(
      and(
        eq(cohorts.deleted, false),
        eq(cohorts.isStatic, false),
        // Calculating outside a pass (passes take turns): a calculation the process running it stopped during.
        or(
          isNotNull(cohorts.pendingSince),
          isNull(cohorts.lastCalculation),
          lt(cohorts.lastCalculation, stale),
          eq(cohorts.isCalculating, true),
        ),
      ),
    )
    .orderBy(asc(sql`coalesce(${cohorts.pendingSince}, ${cohorts.lastCalculation})`))
    .limit(PASS_LIMIT);
  for (const cohort of dependencyOrder(due)) await calculateDynamicCohort(cohort);
  return due.length;
}

/** A static cohort whose list was being resolved when the server stopped: failed, to be made again. */
async function failInterruptedStatic(): Promise<void> {
  const db = await getDb();
  const failed = await db
    .update(cohorts)
    .set({ isCalculating: false, lastCalculation: new Date(), errorsCalculating: sql`${cohorts.errorsCalculating} + 1` })
    .where(and(eq(cohorts.isStatic, true), eq(cohorts.isCalculating, true)))
    .returning({ id: cohorts.id });
  if (failed.length) console.error(`[cohorts] static cohorts interrupted by a stop: ${failed.map((c) => c.id).join(", ")}`);
}

/** The process's calculation loop: one pass at a time across processes (the advisory lock). */
export function startCohortCalculations() {
  let started = false;
  return startPollLoop({
    name: LOOP,
    pollMs: POLL_MS,
    passLimit: PASS_LIMIT,
    async pass() {
      if (!started) {
        started = true;
        await failInterruptedStatic();
      }
      return (await exclusively(LOCK, duePass)) ?? 0;
    },
  });
}

/** Asks this process's loop to look for due cohorts now (a create or a change); without a loop, the next start does. */
export function kickCohortCalculations(): void {
  kickPollLoop(LOOP);
}
