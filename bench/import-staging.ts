// The engine's CPU for staging an import file (`eventRowsSql`: each line read and parsed into an event's fields,
// into a MergeTree table, as the import stages a file), in-process on chDB in a temp data dir, over N demo events
// written as one JSON Lines file (before the clock starts). Run it on two checkouts to compare their staging.
//   npx tsx bench/import-staging.ts [--events 1000000] [--runs 5]
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { embeddedTestStore } from "../lib/events/store/test-store";
import { eventRowsSql, SOURCE_SETTINGS } from "../lib/import/source";
import { generateDemoEvents } from "../scripts/demo/generate";
import { arg, load } from "./events";

const EVENTS = Number(arg("events", "1000000"));
const RUNS = Number(arg("runs", "5"));

const dir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-staging-"));
const file = { path: path.join(dir, "events.jsonl"), format: "jsonl" as const, size: 0, key: "bench" };
const out = createWriteStream(file.path);
for (const batch of generateDemoEvents({ events: EVENTS, seed: 3, now: Date.now(), batchSize: 50_000 }))
  for (const event of batch) if (!out.write(`${JSON.stringify(event)}\n`)) await once(out, "drain");
out.end();
await once(out, "finish");

const embedded = embeddedTestStore("bench-import-staging");
const store = await embedded.open();
const settings = Object.entries({ ...SOURCE_SETTINGS, max_insert_threads: 2, max_execution_time: 0 })
  .map(([name, value]) => `${name} = ${value}`)
  .join(", ");
const seconds: number[] = [];
for (let run = 0; run < RUNS; run++) {
  await store.command("DROP TABLE IF EXISTS staged");
  // CPU of every thread of this process: the engine's, as JavaScript waits.
  const before = process.cpuUsage();
  await store.command(
    `CREATE TABLE staged ENGINE = MergeTree ORDER BY tuple() AS SELECT * FROM (${eventRowsSql(file)}) SETTINGS ${settings}`,
  );
  const used = process.cpuUsage(before);
  seconds.push((used.user + used.system) / 1e6);
  const [{ good }] = await store.query<{ good: string }>("SELECT countIf(error = '') AS good FROM staged");
  if (Number(good) !== EVENTS) throw new Error(`staged ${good} good rows of ${EVENTS}`);
}
const median = [...seconds].sort((a, b) => a - b)[Math.floor(seconds.length / 2)];
console.log(`${EVENTS.toLocaleString("en-US")} demo events staged ${RUNS} times; load ${load()}`);
console.log(
  `engine CPU: median ${median.toFixed(2)} s (${((median * 1e6) / EVENTS).toFixed(1)} µs an event); runs ${seconds.map((s) => s.toFixed(2)).join(", ")}`,
);
await embedded.close();
rmSync(dir, { recursive: true, force: true });
