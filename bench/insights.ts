// Latency of Hedgerow's insights (runFunnel / runTrends, called in-process against an embedded chDB store)
// against the same computation written by hand in ClickHouse SQL on the same chDB session, on generated events.
//   npx tsx bench/insights.ts [--events 1000000] [--runs 5] [--squash]
// --squash folds the generated merges into the events first (lib/events/squash-person-overrides.ts), as the server's
// squash does in the background, so both sides join an empty overrides table; its time is printed.
// The events are generated directly in a temporary chDB data dir (INSERT ... SELECT FROM numbers()), not through
// capture; the dir is removed at the end. Prints a markdown table (median of --runs runs after one warm-up).
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { TEAM, generateEvents, personsFor } from "./generated-events";

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const EVENTS = arg("events", 1_000_000);
const RUNS = arg("runs", 5);
const SQUASH = process.argv.includes("--squash");
const PERSONS = personsFor(EVENTS);
const DATE_FROM = "2024-01-10";
const DATE_TO = "2024-02-08"; // 30 days
const FROM_TS = `toDateTime64('${DATE_FROM} 00:00:00', 6, 'UTC')`;
const TO_TS = `toDateTime64('${DATE_TO} 23:59:59.999999', 6, 'UTC')`;
const NULL_BREAKDOWN = "$$_posthog_breakdown_null_$$";

const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-insights-"));
process.env.HEDGEROW_DATA_DIR = dataDir;
delete process.env.CLICKHOUSE_URL;

const { getEventStore, closeEventStore } = await import("../lib/events/store/open");
const { runTrends } = await import("../lib/analytics/trends/run");
const { runFunnel } = await import("../lib/analytics/funnels/run");
const { squashPersonOverrides } = await import("../lib/events/squash-person-overrides");

// ---- the four insights, Hedgerow's way and by hand ----

const project = { id: TEAM, timezone: "UTC", testAccountFilters: [] };
const funnelFilter = (breakdown: boolean) => ({
  insight: "FUNNELS",
  events: [
    { id: "$pageview", type: "events", order: 0 },
    { id: "signed_up", type: "events", order: 1 },
    { id: "purchase", type: "events", order: 2 },
  ],
  funnel_window_interval: 14,
  funnel_window_interval_unit: "day",
  date_from: DATE_FROM,
  date_to: DATE_TO,
  ...(breakdown ? { breakdown: "$browser", breakdown_type: "event" } : {}),
});
const trendFilter = (breakdown: boolean) => ({
  insight: "TRENDS",
  interval: "day",
  date_from: DATE_FROM,
  date_to: DATE_TO,
  events: breakdown
    ? [{ id: "$pageview", type: "events", order: 0, math: "total" }]
    : [
        { id: "$pageview", type: "events", order: 0, math: "total" },
        { id: "$pageview", type: "events", order: 1, math: "dau" },
      ],
  ...(breakdown ? { breakdown: "$browser", breakdown_type: "event" } : {}),
});

const PDI = `(SELECT distinct_id, argMax(person_id, version) AS person_id FROM person_distinct_id_overrides
              WHERE team_id = ${TEAM} GROUP BY distinct_id HAVING argMax(is_deleted, version) = 0)`;
// After a squash no distinct id awaits re-attribution: the hand-written queries, like Hedgerow's, read the events' person.
const HAND_PERSON = SQUASH ? "e.person_id" : "if(p.distinct_id != '', p.person_id, e.person_id)";
const HAND_JOIN = SQUASH ? "" : `LEFT JOIN ${PDI} AS p ON e.distinct_id = p.distinct_id`;
const RANGE = `team_id = ${TEAM} AND timestamp >= ${FROM_TS} AND timestamp <= ${TO_TS}`;

/** Normalised answer: a map key -> number, compared between Hedgerow and the hand SQL. */
type Answer = Map<string, number>;

function funnelHandSql(breakdown: boolean) {
  // windowFunnel over microsecond timestamps; a missing browser is '' (first-touch over step events).
  return `
    SELECT ${breakdown ? "bd" : "''"} AS bd, countIf(level >= 1) AS s1, countIf(level >= 2) AS s2, countIf(level >= 3) AS s3
    FROM (
      SELECT ${HAND_PERSON} AS person,
             windowFunnel(${14 * 86_400_000_000})(toUInt64(toUnixTimestamp64Micro(e.timestamp)), e.event = '$pageview', e.event = 'signed_up', e.event = 'purchase') AS level
             ${breakdown ? ", argMinIf(assumeNotNull(e.prop_browser), e.timestamp, isNotNull(e.prop_browser)) AS bd" : ""}
      FROM events AS e ${HAND_JOIN}
      WHERE ${RANGE.replaceAll("team_id", "e.team_id").replaceAll("timestamp", "e.timestamp")}
        AND e.event IN ('$pageview', 'signed_up', 'purchase')
      GROUP BY person
    ) WHERE level >= 1 GROUP BY bd ORDER BY s1 DESC, bd`;
}

const trendHandSql = (breakdown: boolean) =>
  breakdown
    ? `SELECT ifNull(prop_browser, '${NULL_BREAKDOWN}') AS bv, toString(toDate(timestamp, 'UTC')) AS day, count() AS total
       FROM events WHERE ${RANGE} AND event = '$pageview' GROUP BY bv, day`
    : `SELECT toString(toDate(e.timestamp, 'UTC')) AS day, count() AS total,
              uniqExact(${HAND_PERSON}) AS dau
       FROM events AS e ${HAND_JOIN}
       WHERE ${RANGE.replaceAll("team_id", "e.team_id").replaceAll("timestamp", "e.timestamp")} AND e.event = '$pageview'
       GROUP BY day`;

type Row = Record<string, string | number>;

function funnelAnswerOfHedgerow(result: unknown): Answer {
  const out: Answer = new Map();
  const groups = (Array.isArray((result as unknown[])[0]) ? result : [result]) as Record<string, unknown>[][];
  for (const steps of groups)
    steps.forEach((s, i) => {
      const bd = s.breakdown_value === undefined ? "" : String(s.breakdown_value);
      out.set(`${bd}|step${i + 1}`, Number(s.count));
    });
  return out;
}
function funnelAnswerOfHand(rows: Row[]): Answer {
  const out: Answer = new Map();
  for (const r of rows)
    ["s1", "s2", "s3"].forEach((k, i) => {
      out.set(`${r.bd}|step${i + 1}`, Number(r[k]));
    });
  return out;
}
function trendAnswerOfHedgerow(result: Record<string, unknown>[], breakdown: boolean): Answer {
  const out: Answer = new Map();
  for (const item of result) {
    const action = item.action as { math: string };
    const prefix = breakdown ? String(item.breakdown_value) : action.math;
    (item.days as string[]).forEach((d, i) => {
      const v = (item.data as number[])[i];
      if (v !== 0) out.set(`${prefix}|${d}`, v);
    });
  }
  return out;
}
function trendAnswerOfHand(rows: Row[], breakdown: boolean): Answer {
  const out: Answer = new Map();
  for (const r of rows) {
    if (breakdown) out.set(`${r.bv}|${r.day}`, Number(r.total));
    else {
      out.set(`total|${r.day}`, Number(r.total));
      out.set(`dau|${r.day}`, Number(r.dau));
    }
  }
  return out;
}

function diff(a: Answer, b: Answer): string[] {
  const problems: string[] = [];
  for (const key of new Set([...a.keys(), ...b.keys()]))
    if ((a.get(key) ?? 0) !== (b.get(key) ?? 0)) problems.push(`${key}: hedgerow ${a.get(key) ?? 0}, hand ${b.get(key) ?? 0}`);
  return problems;
}

interface Timed {
  median: number;
  result: unknown;
}

/**
 * Median times of several functions, run alternately (one warm-up each, then `RUNS` rounds of each in turn), so
 * that the machine's drift (background merges, other load) falls on all of them alike.
 */
async function timeAlternately(fns: (() => Promise<unknown>)[]): Promise<Timed[]> {
  const last: unknown[] = [];
  for (const fn of fns) last.push(await fn());
  const times: number[][] = fns.map(() => []);
  for (let i = 0; i < RUNS; i++)
    for (const [k, fn] of fns.entries()) {
      const t = performance.now();
      last[k] = await fn();
      times[k].push(performance.now() - t);
    }
  return times.map((ts, k) => ({ median: ts.sort((x, y) => x - y)[Math.floor(ts.length / 2)], result: last[k] }));
}

async function main() {
  const store = await getEventStore();
  const load0 = loadavg()[0];
  const t = performance.now();
  await generateEvents(store, EVENTS);
  const genSeconds = (performance.now() - t) / 1000;
  let squashed = "";
  if (SQUASH) {
    const started = performance.now();
    const { folded } = await squashPersonOverrides(store, { graceSeconds: 0, now: new Date(Date.now() + 1_000) });
    squashed = ` Squash: ${folded} moved distinct ids folded into their events in ${((performance.now() - started) / 1000).toFixed(1)} s.`;
  }
  const [stats] = await store.query<Row>(
    `SELECT count() AS events, uniqExact(distinct_id) AS ids, countIf(event = 'signed_up') AS signed_up, countIf(event = 'purchase') AS purchases,
            toString(min(timestamp)) AS first, toString(max(timestamp)) AS last FROM events WHERE team_id = ${TEAM}`,
  );

  const cases = [
    {
      name: "funnel, 3 steps, 14-day window, 30 days",
      hedgerow: () => runFunnel(project, funnelFilter(false) as never),
      hand: () => store.query<Row>(funnelHandSql(false)),
      compare: (h: unknown, s: unknown) => diff(funnelAnswerOfHedgerow(h), funnelAnswerOfHand(s as Row[])),
    },
    {
      name: "funnel, same, breakdown $browser",
      hedgerow: () => runFunnel(project, funnelFilter(true) as never),
      hand: () => store.query<Row>(funnelHandSql(true)),
      compare: (h: unknown, s: unknown) => diff(funnelAnswerOfHedgerow(h), funnelAnswerOfHand(s as Row[])),
    },
    {
      name: "trend, daily, $pageview total + dau (2 series)",
      hedgerow: () => runTrends(project, trendFilter(false)),
      hand: () => store.query<Row>(trendHandSql(false)),
      compare: (h: unknown, s: unknown) =>
        diff(trendAnswerOfHedgerow(h as Record<string, unknown>[], false), trendAnswerOfHand(s as Row[], false)),
    },
    {
      name: "trend, daily, $pageview total by $browser",
      hedgerow: () => runTrends(project, trendFilter(true)),
      hand: () => store.query<Row>(trendHandSql(true)),
      compare: (h: unknown, s: unknown) =>
        diff(trendAnswerOfHedgerow(h as Record<string, unknown>[], true), trendAnswerOfHand(s as Row[], true)),
    },
  ];

  const lines = [
    `Events: ${stats.events} (${PERSONS} persons, ${stats.ids} distinct ids, ${stats.signed_up} signed_up, ${stats.purchases} purchase; ${stats.first} .. ${stats.last}); generated in ${genSeconds.toFixed(1)} s.${squashed}`,
    `Hedgerow = runFunnel/runTrends in-process on the chDB store; hand = one hand-written ClickHouse query on the same chDB session. Median of ${RUNS} runs after a warm-up, Hedgerow and hand run alternately.`,
    "",
    "| insight | Hedgerow (ms) | hand SQL (ms) | ratio | same numbers |",
    "|---|---:|---:|---:|---|",
  ];
  // Diagnostics: the hand-written queries with the breakdown read by JSON extraction from `properties` (as
  // Hedgerow's SQL would without its exact column) instead of the column prop_browser, to size what the column saves.
  const json =
    "if(JSONType(properties, '$browser') = 'String', JSONExtractString(properties, '$browser'), JSONExtractRaw(properties, '$browser'))";
  const diagnostics: [string, string][] = [
    [
      "hand trend by $browser, JSONExtract instead of prop_browser",
      trendHandSql(true).replace(
        `ifNull(prop_browser, '${NULL_BREAKDOWN}')`,
        () => `if(NOT JSONHas(properties, '$browser'), '${NULL_BREAKDOWN}', ${json})`,
      ),
    ],
    [
      "hand funnel by $browser, JSONExtract instead of prop_browser",
      funnelHandSql(true).replace(
        "argMinIf(assumeNotNull(e.prop_browser), e.timestamp, isNotNull(e.prop_browser))",
        () => `argMinIf(${json.replaceAll("properties", "e.properties")}, e.timestamp, JSONHas(e.properties, '$browser'))`,
      ),
    ],
  ];
  const mismatches: string[] = [];
  for (const c of cases) {
    const [h, s] = await timeAlternately([c.hedgerow, c.hand]);
    const problems = c.compare(h.result, s.result);
    if (problems.length) mismatches.push(`${c.name}: ${problems.length} differences, e.g. ${problems.slice(0, 5).join("; ")}`);
    lines.push(
      `| ${c.name} | ${h.median.toFixed(0)} | ${s.median.toFixed(0)} | ${(h.median / s.median).toFixed(2)}× | ${problems.length ? `NO (${problems.length})` : "yes"} |`,
    );
  }
  for (const [name, sql] of diagnostics) {
    const [d] = await timeAlternately([() => store.query<Row>(sql)]);
    lines.push(`| (diagnostic) ${name} | | ${d.median.toFixed(0)} | | |`);
  }
  const [disk] = await store.query<{ bytes: string; rows: string }>(
    "SELECT sum(bytes_on_disk) AS bytes, sum(rows) AS rows FROM system.parts WHERE active AND database = currentDatabase() AND table = 'events'",
  );
  lines.push(
    "",
    `Events table on disk: ${(Number(disk.bytes) / 2 ** 30).toFixed(2)} GiB, ${(Number(disk.bytes) / Number(disk.rows)).toFixed(1)} bytes an event. Peak memory of this process (chDB included): ${(process.resourceUsage().maxRSS / 2 ** 20).toFixed(2)} GiB.`,
  );
  lines.push(
    "",
    `Load average (1 min) at start ${load0.toFixed(2)}, at end ${loadavg()[0].toFixed(2)}; ${(await import("node:os")).cpus().length} CPUs.`,
  );
  if (mismatches.length) lines.push("", "Mismatches:", ...mismatches.map((m) => `- ${m}`));
  console.log(lines.join("\n"));
}

try {
  await main();
} finally {
  await closeEventStore();
  rmSync(dataDir, { recursive: true, force: true });
}
