// HogQL against the same hand-written ClickHouse SQL, in one process on one store: `--events` generated events
// (default 10,000,000, bench/generated-events.ts), each query run `--runs` times (default 5) alternately, medians
// compared. The HogQL side includes parsing, compiling, the DESCRIBE for column types and result formatting.
//   npx tsx bench/hogql.ts [--events 10000000] [--runs 5]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { arg, load } from "./events";
import { START, TEAM, generateEvents } from "./generated-events";

const EVENTS = Number(arg("events", "10000000"));
const RUNS = Number(arg("runs", "5"));

const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-hogql-"));
process.env.HEDGEROW_DATA_DIR = dataDir;
delete process.env.CLICKHOUSE_URL;

const { getEventStore, closeEventStore } = await import("../lib/events/store/open");
const { runHogQL } = await import("../lib/hogql/run");
const store = await getEventStore();
const generatedAt = Date.now();
await generateEvents(store, EVENTS);
console.log(`${EVENTS.toLocaleString("en-US")} events generated in ${((Date.now() - generatedAt) / 1000).toFixed(0)} s (load ${load()}).`);

const ctx = { teamId: TEAM, timezone: "UTC" };
const from = START.slice(0, 10);
const cases = [
  {
    name: "events by name",
    hogql: "select event, count() from events group by event",
    sql: "SELECT event, count() AS c FROM events WHERE team_id = {team:Int64} GROUP BY event LIMIT 101",
  },
  {
    name: "30-day daily count",
    hogql: `select toStartOfDay(timestamp) as day, count() from events where timestamp >= toDateTime('${from} 00:00:00') and timestamp < toDateTime('${from} 00:00:00') + interval 30 day group by day order by day`,
    sql: `SELECT toStartOfDay(timestamp) AS day, count() AS c FROM events WHERE team_id = {team:Int64} AND timestamp >= toDateTime('${from} 00:00:00') AND timestamp < toDateTime('${from} 00:00:00') + INTERVAL 30 DAY GROUP BY day ORDER BY day LIMIT 101`,
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (const c of cases) {
    const hogqlTimes: number[] = [];
    const sqlTimes: number[] = [];
    let hogqlRows = 0;
    let sqlRows = 0;
    // One warm-up each, then alternate so both see the same cache and load.
    await runHogQL(c.hogql, ctx);
    await store.query(c.sql, { team: TEAM });
    for (let i = 0; i < RUNS; i++) {
      let started = performance.now();
      hogqlRows = (await runHogQL(c.hogql, ctx)).results.length;
      hogqlTimes.push(performance.now() - started);
      started = performance.now();
      sqlRows = (await store.query(c.sql, { team: TEAM })).length;
      sqlTimes.push(performance.now() - started);
    }
    const [h, s] = [median(hogqlTimes), median(sqlTimes)];
    console.log(
      `${c.name}: HogQL ${h.toFixed(0)} ms (${hogqlRows} rows), hand-written ${s.toFixed(0)} ms (${sqlRows} rows): ${(h / s).toFixed(2)}× (load ${load()})`,
    );
  }
} finally {
  await closeEventStore();
  rmSync(dataDir, { recursive: true, force: true });
}
