import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { getEventStore } from "@/lib/events/store/open";

/** A database that takes longer than this to answer `SELECT 1` counts as down: a probe must not hang. */
const CHECK_TIMEOUT_MS = 2_000;

/** PostHog's `/_readyz` answer: which backing services answer (`postgres` is the metadata database, PGlite too). */
export interface Readiness {
  http: true;
  postgres: boolean;
  clickhouse: boolean;
}

export async function readiness(): Promise<Readiness> {
  const [postgres, clickhouse] = await Promise.all([
    answers(async () => (await getDb()).execute(sql`SELECT 1`)),
    answers(async () => (await getEventStore()).query("SELECT 1")),
  ]);
  return { http: true, postgres, clickhouse };
}

export const isReady = (state: Readiness) => state.postgres && state.clickhouse;

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(resolve, CHECK_TIMEOUT_MS, false)));
  try {
    return await Promise.race([check().then(() => true), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
