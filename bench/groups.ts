// A funnel aggregated by company (aggregation_group_type_index 0, segments G1) as the engine builds it, beside the
// same funnel hand-written in ClickHouse SQL (windowFunnel over the group_0 column), in one run, in-process on chDB
// in a temp data dir. --events events (10M by default) over 30 days from --events/50 persons, each in one of
// --companies companies (1,000), one event in ten without a company; three steps ($pageview, signed_up, purchase)
// within 14 days. Prints each one's median of --runs runs (5) after a warm-up, their ratio and both step counts.
//   npx tsx bench/groups.ts [--events 10000000] [--companies 1000] [--runs 5]
import { embeddedTestStore } from "../lib/events/store/test-store";
import { arg } from "./events";

const EVENTS = Number(arg("events", "10000000"));
const COMPANIES = Number(arg("companies", "1000"));
const RUNS = Number(arg("runs", "5"));
const TEAM = 1;
const START = "2024-03-01 00:00:00";
const DAYS = 30;

const embedded = embeddedTestStore("bench-groups");
const store = await embedded.open();
const { normalizeFunnel } = await import("../lib/analytics/funnels/normalize");
const { buildFunnelSql } = await import("../lib/analytics/funnels/sql");

const loadStarted = Date.now();
const persons = Math.max(1, Math.floor(EVENTS / 50));
// Deterministic events: person n in company n % COMPANIES; names by hash (60% $pageview, 25% signed_up, 15% purchase).
await store.command(`
  INSERT INTO events (uuid, event, properties, timestamp, team_id, distinct_id, person_id)
  SELECT generateUUIDv4(number),
         multiIf(h < 60, '$pageview', h < 85, 'signed_up', 'purchase'),
         if(number % 10 = 0, '{}', concat('{"$group_0":"company-', toString((number % ${persons}) % ${COMPANIES}), '"}')),
         toDateTime64('${START}', 6, 'UTC') + toIntervalMicrosecond(cityHash64(number, 1) % ${DAYS * 86_400_000_000}),
         ${TEAM},
         concat('user-', toString(number % ${persons})),
         reinterpretAsUUID(toFixedString(toString(number % ${persons}), 16))
  FROM (SELECT number, cityHash64(number) % 100 AS h FROM numbers(${EVENTS}))`);
await store.insert(
  "groups",
  Array.from({ length: COMPANIES }, (_, i) => ({
    team_id: TEAM,
    group_type_index: 0,
    group_key: `company-${i}`,
    group_properties: JSON.stringify({ name: `Company ${i}` }),
    created_at: "2024-03-01 00:00:00.000000",
    version: 0,
  })),
);
await store.command("OPTIMIZE TABLE events FINAL");
console.log(
  `${EVENTS.toLocaleString("en-US")} events, ${COMPANIES.toLocaleString("en-US")} companies loaded in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s.`,
);

const filter = {
  events: [
    { id: "$pageview", order: 0 },
    { id: "signed_up", order: 1 },
    { id: "purchase", order: 2 },
  ],
  date_from: "2024-03-01",
  date_to: "2024-03-30",
  funnel_window_interval: 14,
  funnel_window_interval_unit: "day",
  aggregation_group_type_index: 0,
};
const funnel = await normalizeFunnel({ id: TEAM, timezone: "UTC", testAccountFilters: [] }, filter);
const engine = buildFunnelSql(funnel);
const handWritten = `
  SELECT [countIf(level >= 1), countIf(level >= 2), countIf(level >= 3)] AS counts FROM (
    SELECT group_0, windowFunnel(${14 * 86_400_000_000})(toUInt64(toUnixTimestamp64Micro(timestamp)), event = '$pageview', event = 'signed_up', event = 'purchase') AS level
    FROM events
    WHERE team_id = ${TEAM} AND group_0 != '' AND event IN ('$pageview', 'signed_up', 'purchase')
      AND timestamp >= toDateTime64('2024-03-01 00:00:00', 6, 'UTC') AND timestamp <= toDateTime64('2024-03-30 23:59:59.999999', 6, 'UTC')
    GROUP BY group_0)`;

async function timed(run: () => Promise<unknown>): Promise<{ ms: number; result: unknown }> {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const runEngine = () => store.query<{ counts: (string | number)[] }>(engine.sql, engine.params);
const runHand = () => store.query<{ counts: (string | number)[] }>(handWritten);
await runEngine();
await runHand();
const engineMs: number[] = [];
const handMs: number[] = [];
let counts: { engine: unknown; hand: unknown } = { engine: null, hand: null };
for (let i = 0; i < RUNS; i++) {
  const a = await timed(runEngine);
  const b = await timed(runHand);
  engineMs.push(a.ms);
  handMs.push(b.ms);
  counts = {
    engine: (a.result as { counts: unknown[] }[])[0]?.counts.map(Number),
    hand: (b.result as { counts: unknown[] }[])[0]?.counts.map(Number),
  };
}
const [e, h] = [median(engineMs), median(handMs)];
console.log(`engine funnel by company: ${e.toFixed(0)} ms (median of ${RUNS}); step counts ${JSON.stringify(counts.engine)}`);
console.log(`hand-written windowFunnel: ${h.toFixed(0)} ms (median of ${RUNS}); step counts ${JSON.stringify(counts.hand)}`);
console.log(`ratio engine / hand-written: ${(e / h).toFixed(2)}x (target <= 1.3x)`);
await embedded.close();
