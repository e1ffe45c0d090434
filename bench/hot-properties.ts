// The engine's CPU per event inserted into `events`, computing the hot-property columns (prop_*) as migration 0006
// defines them (one parse of the properties for all eight) and as 0003 did (one parse per column), in-process on
// chDB in a temp data dir: demo events staged in a Memory table, then `INSERT … SELECT` into a copy of `events`
// with each definition, alternately, merges stopped. JavaScript's share of capture's insert (the rows' JSON) is
// the same for both, so it is left out.
//   npx tsx bench/hot-properties.ts [--events 200000] [--runs 5]
import { embeddedTestStore } from "../lib/events/store/test-store";
import { generateDemoEvents } from "../scripts/demo/generate";
import { arg, load } from "./events";

const EVENTS = Number(arg("events", "200000"));
const RUNS = Number(arg("runs", "5"));

const embedded = embeddedTestStore("bench-hot-properties");
const store = await embedded.open();
const columns = await store.query<{ name: string }>(
  "SELECT name FROM system.columns WHERE database = currentDatabase() AND table = 'events' AND startsWith(name, 'prop_') ORDER BY position",
);
await store.command("CREATE TABLE events_one_parse AS events");
await store.command("CREATE TABLE events_per_column AS events");
for (const { name } of columns)
  await store.command(
    `ALTER TABLE events_per_column MODIFY COLUMN ${name} Nullable(String)
     MATERIALIZED JSONExtract(properties, '$${name.slice("prop_".length)}', 'Nullable(String)')`,
  );
for (const table of ["events_one_parse", "events_per_column"]) await store.command(`SYSTEM STOP MERGES ${table}`);

const ROW = "uuid UUID, event String, properties String, timestamp DateTime64(6, 'UTC'), team_id Int64, distinct_id String, person_id UUID";
await store.command(`CREATE TABLE source (${ROW}) ENGINE = Memory`);
const rows = [];
for (const batch of generateDemoEvents({ events: EVENTS, seed: 2, now: Date.now() }))
  for (const event of batch)
    rows.push({ ...event, properties: JSON.stringify(event.properties), team_id: 1, person_id: "00000000-0000-0000-0000-000000000000" });
await store.insert("source", rows);

/** CPU µs per event of one insert of every staged event (blocks of 5,000 rows: a busy capture flush). */
async function insertInto(table: string): Promise<number> {
  const before = process.cpuUsage();
  await store.command(
    `INSERT INTO ${table} (uuid, event, properties, timestamp, team_id, distinct_id, person_id) SELECT * FROM source
     SETTINGS max_threads = 1, max_insert_threads = 1, max_block_size = 5000, min_insert_block_size_rows = 5000`,
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / EVENTS;
}

const samples: Record<string, number[]> = { "one parse (0006)": [], "one parse per column (0003)": [] };
for (let run = 0; run < RUNS; run++) {
  samples["one parse per column (0003)"].push(await insertInto("events_per_column"));
  samples["one parse (0006)"].push(await insertInto("events_one_parse"));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`${EVENTS.toLocaleString("en-US")} demo events, ${RUNS} runs each, alternating; load ${load()}\n`);
console.log("| hot-property columns | engine CPU µs / event (median) | runs |");
console.log("|---|---:|---|");
for (const [name, values] of Object.entries(samples))
  console.log(`| ${name} | ${median(values).toFixed(1)} | ${values.map((v) => v.toFixed(1)).join(", ")} |`);
await embedded.close();
