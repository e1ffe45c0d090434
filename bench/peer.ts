// What the benches beside a PostgreSQL peer (bench/umami-peer.ts, bench/web.ts) share: their options, the timing
// loop, and copying an event-store query's rows into a peer table.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

export const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};

export interface Timed<T> {
  /** The first run's time (cold: nothing cached yet); NaN when the engine stopped it (its time limit). */
  cold: number;
  /** The median of `runs` runs after the first. */
  ms: number;
  result: T | null;
}

export async function timed<T>(fn: () => Promise<T>, runs: number): Promise<Timed<T>> {
  let started = performance.now();
  let result: T | null = null;
  try {
    result = await fn();
  } catch (error) {
    console.error(
      `stopped after ${((performance.now() - started) / 1000).toFixed(1)} s: ${error instanceof Error ? error.message : error}`,
    );
    return { cold: Number.NaN, ms: Number.NaN, result };
  }
  const cold = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    started = performance.now();
    result = await fn();
    times.push(performance.now() - started);
  }
  return { cold, ms: times.sort((a, b) => a - b)[Math.floor(times.length / 2)], result };
}

/** The rows of `sql` on the event store (TabSeparated) copied into the peer's `table`. */
export async function copyRows(
  client: pg.PoolClient,
  store: { queryBytes(sql: string, format: string): Promise<Uint8Array> },
  sql: string,
  table: string,
) {
  const tsv = await store.queryBytes(sql, "TabSeparated");
  if (tsv.byteLength) await pipeline(Readable.from([Buffer.from(tsv)]), client.query(copyFrom(`COPY ${table} FROM STDIN`)));
}
