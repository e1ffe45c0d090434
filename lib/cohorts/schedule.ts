import { and, asc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { cohorts, type Cohort } from "@/lib/db/schema";
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

/** One pass, unless another process holds the turn (a transaction's lock: released with its connection). */
async function exclusivePass(): Promise<number> {
  if (!config.databaseUrl) return duePass();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${LOCK}) AS locked`);
    return (result as unknown as { rows: { locked: boolean }[] }).rows[0].locked ? duePass() : 0;
  });
}

interface Loop {
  kick: () => void;
  stop: () => Promise<void>;
}
const holder = globalThis as unknown as { __hedgerowCohortCalculations?: Loop };

/** The process's calculation loop. */
export function startCohortCalculations(): Loop {
  if (holder.__hedgerowCohortCalculations) return holder.__hedgerowCohortCalculations;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  let started = false;
  const pass = async () => {
    if (!started) {
      started = true;
      await failInterruptedStatic();
    }
    return exclusivePass();
  };
  const run = () => {
    clearTimeout(timer);
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => {
        console.error("[cohorts] calculation pass failed:", error);
        return 0;
      })
      .then((done) => {
        running = null;
        // A full pass may have left more due; a kick during the pass asks for another.
        if (again || done === PASS_LIMIT) {
          again = false;
          run();
        } else schedule();
      });
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, POLL_MS);
    timer.unref();
  };
  const loop: Loop = {
    kick: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      holder.__hedgerowCohortCalculations = undefined;
    },
  };
  holder.__hedgerowCohortCalculations = loop;
  run();
  return loop;
}

/** Asks this process's loop to look for due cohorts now (a create or a change); without a loop, the next start does. */
export function kickCohortCalculations(): void {
  holder.__hedgerowCohortCalculations?.kick();
}
