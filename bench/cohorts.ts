// A dynamic cohort's calculation, and a trend filtered by it against the same trend written by hand in ClickHouse
// SQL, in one process on one chDB store: `--events` generated events (default 10,000,000, bench/generated-events.ts:
// a tenth as many persons). The cohort: persons with at least `--purchases` (default 1) purchase events in the last
// 5 years (about 6.5% of persons; 10M events: ~65k members), written to cohort_people as a calculation does.
// The generated merges are folded into the events first (as the server's squash does), so both trends read the
// events' person. Each side runs `--runs` times (default 5) alternately after a warm-up; medians compared.
//   npx tsx bench/cohorts.ts [--events 10000000] [--runs 5] [--purchases 1]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { arg, load } from "./events";
import { TEAM, generateEvents, personsFor } from "./generated-events";

const EVENTS = Number(arg("events", "10000000"));
const RUNS = Number(arg("runs", "5"));
const PURCHASES = Number(arg("purchases", "1"));
const COHORT = 1;

const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-cohorts-"));
process.env.HEDGEROW_DATA_DIR = dataDir;
delete process.env.CLICKHOUSE_URL;

const { getEventStore, closeEventStore } = await import("../lib/events/store/open");
const { runTrends } = await import("../lib/analytics/trends/run");
const { SqlParams } = await import("../lib/analytics/filters/properties");
const { chTimestamp } = await import("../lib/analytics/filters/dates");
const { squashPersonOverrides } = await import("../lib/events/squash-person-overrides");
const { parseCriteria } = await import("../lib/cohorts/criteria");
const { membershipSql } = await import("../lib/cohorts/membership-sql");
const { writeMembersFromSql } = await import("../lib/cohorts/members");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const store = await getEventStore();
try {
  let started = performance.now();
  await generateEvents(store, EVENTS);
  const { folded } = await squashPersonOverrides(store, { graceSeconds: 0, now: new Date(Date.now() + 1_000) });
  console.log(
    `${EVENTS.toLocaleString("en-US")} events, ${personsFor(EVENTS).toLocaleString("en-US")} persons generated (${folded} merged ids squashed) in ${((performance.now() - started) / 1000).toFixed(0)} s (load ${load()}).`,
  );

  const criteria = parseCriteria({
    properties: {
      type: "AND",
      values: [
        {
          type: "behavioral",
          value: "performed_event_multiple",
          key: "purchase",
          event_type: "events",
          time_value: 5,
          time_interval: "year",
          operator: "gte",
          operator_value: PURCHASES,
        },
      ],
    },
  });
  const calculations: number[] = [];
  let version = 0;
  let members = 0;
  for (let i = 0; i <= RUNS; i++) {
    const params = new SqlParams();
    const select = membershipSql(criteria, params.add(TEAM, "Int64"), params.add(chTimestamp(new Date()), "DateTime64(6, 'UTC')"), params);
    version += 1;
    started = performance.now();
    members = await writeMembersFromSql(TEAM, COHORT, version, select, params);
    if (i > 0) calculations.push(performance.now() - started); // the first one warms up
  }
  console.log(
    `calculation: ${members.toLocaleString("en-US")} members in ${median(calculations).toFixed(0)} ms (median of ${RUNS}; load ${load()})`,
  );

  const filter = {
    insight: "TRENDS",
    events: [{ id: "$pageview", type: "events", order: 0 }],
    date_from: "2024-01-01",
    date_to: "2024-02-20",
    interval: "day",
    properties: [{ type: "cohort", key: "id", value: COHORT }],
  };
  const handSql = `SELECT toString(toStartOfDay(timestamp)) AS day, count() AS c FROM events
    WHERE team_id = {team:Int64} AND event = '$pageview'
      AND timestamp >= toDateTime64('2024-01-01 00:00:00', 6, 'UTC') AND timestamp <= toDateTime64('2024-02-20 23:59:59.999999', 6, 'UTC')
      AND person_id IN (SELECT person_id FROM cohort_people WHERE team_id = {team:Int64} AND cohort_id = {cohort:Int64} AND version = {version:UInt64})
    GROUP BY day ORDER BY day`;
  const hand = () => store.query<{ day: string; c: string }>(handSql, { team: TEAM, cohort: COHORT, version });
  const ours = () => runTrends({ id: TEAM, timezone: "UTC", testAccountFilters: [] }, filter);
  const [warmOurs, warmHand] = [await ours(), await hand()];
  const total = (warmOurs[0].data as number[]).reduce((a, b) => a + b, 0);
  const handTotal = warmHand.reduce((a, r) => a + Number(r.c), 0);
  if (total !== handTotal) throw new Error(`the trends disagree: ${total} vs ${handTotal}`);
  const [oursTimes, handTimes]: [number[], number[]] = [[], []];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    await ours();
    oursTimes.push(performance.now() - started);
    started = performance.now();
    await hand();
    handTimes.push(performance.now() - started);
  }
  const [o, h] = [median(oursTimes), median(handTimes)];
  console.log(
    `trend of $pageview filtered by the cohort (${total.toLocaleString("en-US")} events): Hedgerow ${o.toFixed(0)} ms, hand-written ${h.toFixed(0)} ms: ${(o / h).toFixed(2)}× (load ${load()})`,
  );
} finally {
  await closeEventStore();
  rmSync(dataDir, { recursive: true, force: true });
}
