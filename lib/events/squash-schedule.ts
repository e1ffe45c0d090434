import { sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { squashPersonOverrides } from "./squash-person-overrides";
import { getEventStore } from "./store/open";

/** Key of the advisory lock that keeps squashes of processes sharing one PostgreSQL (and ClickHouse) apart. */
const SQUASH_LOCK = 0x7371_7368; // "sqsh"

/** Runs `squash` unless another process is squashing (then null). */
async function exclusively<T>(squash: () => Promise<T>): Promise<T | null> {
  // Embedded metadata means one process (PGlite allows no other), whose loop never overlaps itself; a transaction
  // there would hold PGlite's only connection for the whole squash.
  if (!config.databaseUrl) return squash();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${SQUASH_LOCK}) AS locked`);
    return (result as unknown as { rows: { locked: boolean }[] }).rows[0].locked ? squash() : null;
  });
}

const holder = globalThis as unknown as { __hedgerowOverridesSquash?: { stop: () => Promise<void> } };

/** The process's squash loop: one squash every `intervalMinutes` (the first one interval after start). */
export function startOverridesSquash(settings = config.overridesSquash): { stop: () => Promise<void> } {
  if (holder.__hedgerowOverridesSquash) return holder.__hedgerowOverridesSquash;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = getEventStore()
        .then((store) => exclusively(() => squashPersonOverrides(store, { graceSeconds: settings.graceSeconds })))
        .then((result) => {
          if (result && result.folded + result.dropped > 0)
            console.log(`[squash] folded ${result.folded} moved distinct ids into their events, dropped ${result.dropped}`);
        })
        .catch((error: unknown) => console.error("[squash] failed:", error))
        .finally(schedule);
    }, settings.intervalMinutes * 60_000);
    timer.unref();
  };
  schedule();
  const loop = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      holder.__hedgerowOverridesSquash = undefined;
    },
  };
  holder.__hedgerowOverridesSquash = loop;
  return loop;
}
