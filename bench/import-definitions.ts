// The engine's CPU for the event-property definitions of an import's staged file (`definitionsOf(...)
// .eventProperties()`), against reading them the exhaustive way (every value of every event, grouped by event and
// name), in-process on chDB in a temp data dir: N demo events staged as the import stages them (event, timestamp,
// properties, error), then both, alternately; each time the two must find the same (event, name) pairs.
//   npx tsx bench/import-definitions.ts [--events 1000000] [--runs 3]
import { embeddedTestStore } from "../lib/events/store/test-store";
import { generateDemoEvents } from "../scripts/demo/generate";
import { arg, load } from "./events";

const EVENTS = Number(arg("events", "1000000"));
const RUNS = Number(arg("runs", "3"));

const embedded = embeddedTestStore("bench-import-definitions");
const store = await embedded.open();
const { definitionsOf, TYPED_JSON } = await import("../lib/definitions/from-events");
const { SKIPPED_EVENT_PROPERTIES } = await import("../lib/definitions/recording");
await store.command(
  "CREATE TABLE staged (event String, timestamp DateTime64(6, 'UTC'), properties String, error String) ENGINE = MergeTree ORDER BY tuple()",
);
for (const batch of generateDemoEvents({ events: EVENTS, seed: 3, now: Date.now(), batchSize: 50_000 }))
  await store.insert(
    "staged",
    batch.map((event) => ({ event: event.event, timestamp: event.timestamp, properties: JSON.stringify(event.properties), error: "" })),
  );

const exhaustive = () =>
  store.query<{ event: string; name: string }>(
    `SELECT event, kv.1 AS name, anyIf(kv.2, ${TYPED_JSON}) AS sample
     FROM staged ARRAY JOIN JSONExtractKeysAndValuesRaw(properties) AS kv
     WHERE error = '' AND length(event) <= 400 AND length(kv.1) <= 400 AND kv.1 NOT IN {skipped:Array(String)}
     GROUP BY event, name`,
    { skipped: [...SKIPPED_EVENT_PROPERTIES] },
  );
const current = () => definitionsOf(store, "staged", "error = ''").eventProperties();

/** CPU seconds (all threads: the engine's, as JavaScript waits) and the pairs found. */
async function cpuOf(read: () => Promise<{ event: string; name: string }[]>): Promise<{ seconds: number; pairs: string }> {
  const before = process.cpuUsage();
  const rows = await read();
  const used = process.cpuUsage(before);
  return {
    seconds: (used.user + used.system) / 1e6,
    pairs: rows
      .map((row) => `${row.event} ${row.name}`)
      .sort()
      .join("\n"),
  };
}

const samples: Record<string, number[]> = { "every value, by (event, name)": [], "keys per event, samples from the rows needed (now)": [] };
for (let run = 0; run < RUNS; run++) {
  const before = await cpuOf(exhaustive);
  const now = await cpuOf(current);
  if (before.pairs !== now.pairs) throw new Error("The two reads found different (event, name) pairs.");
  samples["every value, by (event, name)"].push(before.seconds);
  samples["keys per event, samples from the rows needed (now)"].push(now.seconds);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`${EVENTS.toLocaleString("en-US")} staged demo events, ${RUNS} runs each, alternating; load ${load()}\n`);
console.log("| event-property definitions | CPU s (median) | µs / event | runs |");
console.log("|---|---:|---:|---|");
for (const [name, values] of Object.entries(samples))
  console.log(
    `| ${name} | ${median(values).toFixed(2)} | ${((median(values) * 1e6) / EVENTS).toFixed(1)} | ${values.map((v) => v.toFixed(2)).join(", ")} |`,
  );
await embedded.close();
