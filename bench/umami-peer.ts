// A peer in the same run: the funnel and the daily trend computed the way a PostgreSQL-based analytics tool does
// (Umami: its `website_event` table and indexes, its funnel's chain of per-step CTEs and its pageview/visitor
// stats query, in the local PostgreSQL) over the same generated events, against Hedgerow's runFunnel/runTrends on
// chDB. Prints both times, Hedgerow's ratio to the peer, and both answers.
//   npx tsx bench/umami-peer.ts [--events 1000000] [--runs 3] [--postgres postgres://postgres@127.0.0.1:5432/postgres]
// The events are generated into a temporary chDB dir (bench/generated-events.ts) and copied into a schema
// `umami_peer` of that PostgreSQL (dropped at the end), each event's visitor being its person after merges.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { START, TEAM, generateEvents } from "./generated-events";
import { copyRows, option, timed } from "./peer";

const EVENTS = Number(option("events") ?? 1_000_000);
const RUNS = Number(option("runs") ?? 3);
const POSTGRES = option("postgres") ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATE_FROM = "2024-01-10";
const DATE_TO = "2024-02-08"; // 30 days, as bench/insights.ts
const WINDOW_DAYS = 14;
const STEPS = ["$pageview", "signed_up", "purchase"];
const WEBSITE = "00000000-0000-4000-a000-000000000001";

const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bench-umami-"));
process.env.HEDGEROW_DATA_DIR = dataDir;
delete process.env.CLICKHOUSE_URL;
const { getEventStore, closeEventStore } = await import("../lib/events/store/open");
const { runTrends } = await import("../lib/analytics/trends/run");
const { runFunnel } = await import("../lib/analytics/funnels/run");
const { PERSON_ID, personIdJoin } = await import("../lib/analytics/filters/persons");

/** The median of RUNS runs after a warm-up. */
async function median<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const { ms, result } = await timed(fn, RUNS);
  if (result === null) throw new Error("the warm-up run failed");
  return { ms, result };
}

// Umami's schema for PostgreSQL: the columns these queries read, with the indexes its migrations create on them.
const UMAMI_SCHEMA = `
  CREATE TABLE website_event (
    event_id uuid PRIMARY KEY,
    website_id uuid NOT NULL,
    session_id uuid NOT NULL,
    visit_id uuid NOT NULL,
    created_at timestamptz(6) DEFAULT now(),
    url_path varchar(500) NOT NULL,
    event_type integer NOT NULL DEFAULT 1,
    event_name varchar(50)
  )`;
const UMAMI_INDEXES = [
  "CREATE INDEX ON website_event (created_at)",
  "CREATE INDEX ON website_event (session_id)",
  "CREATE INDEX ON website_event (visit_id)",
  "CREATE INDEX ON website_event (website_id)",
  "CREATE INDEX ON website_event (website_id, created_at)",
  "CREATE INDEX ON website_event (website_id, created_at, url_path)",
  "CREATE INDEX ON website_event (website_id, created_at, event_name)",
  "CREATE INDEX ON website_event (website_id, session_id, created_at)",
  "CREATE INDEX ON website_event (website_id, visit_id, created_at)",
];

/**
 * Umami's funnel on PostgreSQL: level 1 is every (visitor, time) of the first step; level k every (visitor, time)
 * of step k within the window after a level k-1 time; each level counts its distinct visitors. A page view step
 * matches `url_path`, an event step `event_name`.
 */
function umamiFunnelSql(): string {
  const step = (i: number, alias: string) => (i === 0 ? `${alias}url_path = $${i + 4}` : `${alias}event_name = $${i + 4}`);
  const levels = STEPS.map((_, i) =>
    i === 0
      ? `level1 AS (SELECT DISTINCT session_id, created_at FROM website_event
           WHERE website_id = $1 AND created_at BETWEEN $2 AND $3 AND ${step(0, "")})`
      : `level${i + 1} AS (SELECT DISTINCT we.session_id, we.created_at FROM level${i} l
           JOIN website_event we ON l.session_id = we.session_id
           WHERE we.website_id = $1 AND we.created_at BETWEEN l.created_at AND l.created_at + interval '${WINDOW_DAYS * 1440} minute'
             AND ${step(i, "we.")} AND we.created_at <= $3)`,
  );
  const counts = STEPS.map((_, i) => `SELECT ${i + 1} AS level, count(DISTINCT session_id) AS count FROM level${i + 1}`);
  return `WITH ${levels.join(",\n")}\n${counts.join("\nUNION\n")}\nORDER BY level`;
}

// Umami's page view stats (page views per day) and its visitors (distinct sessions) per day, in one pass.
const UMAMI_TREND_SQL = `
  SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*) AS pageviews,
         count(DISTINCT session_id) AS visitors
  FROM website_event
  WHERE website_id = $1 AND created_at BETWEEN $2 AND $3 AND event_type = 1
  GROUP BY 1 ORDER BY 1`;

async function copyIntoPostgres(client: pg.PoolClient, store: Awaited<ReturnType<typeof getEventStore>>) {
  // One day at a time, so no result nears the store's result-size limit.
  const days = 52; // the generator's 45 days plus its step offsets
  for (let day = 0; day < days; day++) {
    await copyRows(
      client,
      store,
      `SELECT e.uuid, '${WEBSITE}', ${PERSON_ID} AS visitor, visitor,
              formatDateTime(e.timestamp, '%Y-%m-%d %H:%i:%S.%f+00', 'UTC'),
              if(e.event = '$pageview', '/', '/app'), if(e.event = '$pageview', 1, 2), if(e.event = '$pageview', NULL, e.event)
       FROM events AS e ${personIdJoin(String(TEAM))}
       WHERE e.team_id = ${TEAM} AND toDate(e.timestamp) = toDate('${START}') + ${day}`,
      "website_event",
    );
  }
}

async function main() {
  const store = await getEventStore();
  const load0 = loadavg()[0];
  await generateEvents(store, EVENTS);
  const project = { id: TEAM, timezone: "UTC", testAccountFilters: [] };
  const hedgerowFunnel = await median(() =>
    runFunnel(project, {
      insight: "FUNNELS",
      events: STEPS.map((id, order) => ({ id, type: "events", order })),
      funnel_window_interval: WINDOW_DAYS,
      funnel_window_interval_unit: "day",
      date_from: DATE_FROM,
      date_to: DATE_TO,
    } as never),
  );
  const hedgerowTrend = await median(() =>
    runTrends(project, {
      insight: "TRENDS",
      interval: "day",
      date_from: DATE_FROM,
      date_to: DATE_TO,
      events: [
        { id: "$pageview", type: "events", order: 0, math: "total" },
        { id: "$pageview", type: "events", order: 1, math: "dau" },
      ],
    }),
  );

  const pool = new pg.Pool({ connectionString: POSTGRES, max: 1 });
  const client = await pool.connect();
  try {
    await client.query("DROP SCHEMA IF EXISTS umami_peer CASCADE; CREATE SCHEMA umami_peer; SET search_path = umami_peer");
    await client.query(UMAMI_SCHEMA);
    let started = performance.now();
    await copyIntoPostgres(client, store);
    const loadSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    for (const index of UMAMI_INDEXES) await client.query(index);
    await client.query("VACUUM ANALYZE website_event");
    const indexSeconds = (performance.now() - started) / 1000;
    const range = [WEBSITE, `${DATE_FROM} 00:00:00+00`, `${DATE_TO} 23:59:59.999999+00`];
    const umamiFunnel = await median(async () => (await client.query(umamiFunnelSql(), [...range, "/", ...STEPS.slice(1)])).rows);
    const umamiTrend = await median(async () => (await client.query(UMAMI_TREND_SQL, range)).rows);

    const funnelCounts = (hedgerowFunnel.result as { count: number }[]).map((s) => s.count);
    const trendItems = hedgerowTrend.result as { data: number[] }[];
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const row = (name: string, h: number, u: number, hAnswer: string, uAnswer: string) =>
      `| ${name} | ${h.toFixed(0)} | ${u.toFixed(0)} | ${(h / u).toFixed(3)}× | ${hAnswer} | ${uAnswer} |`;
    console.log(
      [
        `Events: ${EVENTS.toLocaleString("en")} generated; copied into PostgreSQL's umami_peer.website_event in ${loadSeconds.toFixed(1)} s, Umami's ${UMAMI_INDEXES.length} indexes + ANALYZE in ${indexSeconds.toFixed(1)} s.`,
        `Median of ${RUNS} runs after a warm-up; 30 days (${DATE_FROM} .. ${DATE_TO}).`,
        "",
        "| analysis | Hedgerow on chDB (ms) | Umami's SQL on PostgreSQL (ms) | Hedgerow / peer | Hedgerow's answer | peer's answer |",
        "|---|---:|---:|---:|---|---|",
        row(
          `funnel ${STEPS.join(" → ")}, ${WINDOW_DAYS}-day window`,
          hedgerowFunnel.ms,
          umamiFunnel.ms,
          funnelCounts.join(" / "),
          umamiFunnel.result.map((r) => r.count).join(" / "),
        ),
        row(
          "daily page views + visitors",
          hedgerowTrend.ms,
          umamiTrend.ms,
          `${sum(trendItems[0].data)} views, ${sum(trendItems[1].data)} visitor-days`,
          `${sum(umamiTrend.result.map((r) => Number(r.pageviews)))} views, ${sum(umamiTrend.result.map((r) => Number(r.visitors)))} visitor-days`,
        ),
        "",
        "Where the funnels' answers differ, so do the definitions: Umami's window runs from each previous step, PostHog's (Hedgerow's) from the first.",
        `Load average (1 min) at start ${load0.toFixed(2)}, at end ${loadavg()[0].toFixed(2)}.`,
      ].join("\n"),
    );
    await client.query("DROP SCHEMA umami_peer CASCADE");
  } finally {
    client.release();
    await pool.end();
  }
}

try {
  await main();
} finally {
  await closeEventStore();
  rmSync(dataDir, { recursive: true, force: true });
}
