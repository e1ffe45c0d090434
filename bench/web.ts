// Web analytics at scale, beside a peer in the same run: Hedgerow's WebOverviewQuery and each WebStatsTableQuery
// card (runWebOverview / runWebStatsTable on chDB, no results cache: each first run is cold) over generated
// pageviews with sessions, and the same page computed with Umami's queries on its PostgreSQL schema
// (`website_event` + `session`, its indexes; a Umami session is a visitor, its visit a session) over the same events.
//   npx tsx bench/web.ts [--events 10000000] [--runs 3] [--postgres postgres://postgres@127.0.0.1:5432/postgres]
// To iterate on one side: `--data-dir DIR` keeps the generated store in DIR and reuses it on the next run (events are
// generated only when DIR holds none), `--no-peer` skips Umami, `--cards Page,Country` times only those cards.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { copyRows, option, type Timed, timed } from "./peer";
import { generateWebEvents, TEAM, WEB_START, WEB_DAYS } from "./web-events";

if (process.argv.includes("--help")) {
  console.log(
    "npx tsx bench/web.ts [--events 10000000] [--runs 3] [--postgres postgres://postgres@127.0.0.1:5432/postgres] [--data-dir DIR] [--no-peer] [--cards Page,Country]",
  );
  process.exit(0);
}

const EVENTS = Number(option("events") ?? 10_000_000);
const RUNS = Number(option("runs") ?? 3);
const POSTGRES = option("postgres") ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATE_FROM = "2024-01-15";
const DATE_TO = "2024-01-28"; // two weeks, compared with the two before
const WEBSITE = "00000000-0000-4000-a000-000000000001";
const ALL_CARDS = [
  "Page",
  "InitialPage",
  "ExitPage",
  "InitialReferringDomain",
  "InitialChannelType",
  "InitialUTMSource",
  "DeviceType",
  "Browser",
  "OS",
  "Country",
  "Viewport",
] as const;
const CARDS = option("cards") ? ALL_CARDS.filter((card) => (option("cards") ?? "").split(",").includes(card)) : ALL_CARDS;
const PEER = !process.argv.includes("--no-peer");

const keptDir = option("data-dir");
if (keptDir) mkdirSync(keptDir, { recursive: true });
const dataDir = keptDir ? path.resolve(keptDir) : mkdtempSync(path.join(tmpdir(), "hedgerow-bench-web-"));
process.env.HEDGEROW_DATA_DIR = dataDir;
delete process.env.CLICKHOUSE_URL;
const { getEventStore, closeEventStore } = await import("../lib/events/store/open");
const { runWebOverview, runWebStatsTable } = await import("../lib/analytics/web");

const UMAMI_SCHEMA = [
  `CREATE TABLE session (session_id uuid PRIMARY KEY, website_id uuid NOT NULL, browser varchar(20), os varchar(20),
     device varchar(20), screen varchar(11), country char(2), created_at timestamptz(6) DEFAULT now())`,
  `CREATE TABLE website_event (event_id uuid PRIMARY KEY, website_id uuid NOT NULL, session_id uuid NOT NULL, visit_id uuid NOT NULL,
     created_at timestamptz(6) DEFAULT now(), url_path varchar(500) NOT NULL, referrer_domain varchar(500), utm_source varchar(255),
     utm_medium varchar(255), utm_campaign varchar(255), event_type integer NOT NULL DEFAULT 1, event_name varchar(50))`,
];
const UMAMI_INDEXES = [
  "CREATE INDEX ON session (website_id)",
  "CREATE INDEX ON website_event (created_at)",
  "CREATE INDEX ON website_event (session_id)",
  "CREATE INDEX ON website_event (visit_id)",
  "CREATE INDEX ON website_event (website_id, created_at)",
  "CREATE INDEX ON website_event (website_id, created_at, url_path)",
  "CREATE INDEX ON website_event (website_id, created_at, referrer_domain)",
  "CREATE INDEX ON website_event (website_id, session_id, created_at)",
  "CREATE INDEX ON website_event (website_id, visit_id, created_at)",
];

const RANGE_SQL = "website_id = $1 AND created_at BETWEEN $2 AND $3 AND event_type = 1";
// Umami's website stats: page views, visitors, visits, bounces (a visit of one view), total time, per visit.
const UMAMI_STATS = `SELECT sum(t.c) AS pageviews, count(DISTINCT t.session_id) AS visitors, count(DISTINCT t.visit_id) AS visits,
    sum(CASE WHEN t.c = 1 THEN 1 ELSE 0 END) AS bounces, sum(extract(epoch FROM t.max_time - t.min_time)) AS totaltime
  FROM (SELECT session_id, visit_id, count(*) AS c, min(created_at) AS min_time, max(created_at) AS max_time
        FROM website_event WHERE ${RANGE_SQL} GROUP BY 1, 2) t`;
// Umami's metrics: an event column counted in views, a session column in visitors; entry and exit pages per visit.
const eventMetric = (column: string) =>
  `SELECT ${column} AS x, count(*) AS y FROM website_event WHERE ${RANGE_SQL} GROUP BY 1 ORDER BY 2 DESC LIMIT 500`;
const sessionMetric = (column: string) =>
  `SELECT s.${column} AS x, count(DISTINCT we.session_id) AS y FROM website_event we JOIN session s ON s.session_id = we.session_id
   WHERE we.website_id = $1 AND we.created_at BETWEEN $2 AND $3 AND we.event_type = 1 GROUP BY 1 ORDER BY 2 DESC LIMIT 500`;
const visitEnd = (order: "ASC" | "DESC") =>
  `SELECT x, count(*) AS y FROM (SELECT DISTINCT ON (visit_id) visit_id, url_path AS x FROM website_event WHERE ${RANGE_SQL}
   ORDER BY visit_id, created_at ${order}) v GROUP BY 1 ORDER BY 2 DESC LIMIT 500`;
const UMAMI_CARDS: Record<(typeof ALL_CARDS)[number], string> = {
  Page: eventMetric("url_path"),
  InitialPage: visitEnd("ASC"),
  ExitPage: visitEnd("DESC"),
  InitialReferringDomain: eventMetric("referrer_domain"),
  InitialChannelType: eventMetric("referrer_domain"),
  InitialUTMSource: eventMetric("utm_source"),
  DeviceType: sessionMetric("device"),
  Browser: sessionMetric("browser"),
  OS: sessionMetric("os"),
  Country: sessionMetric("country"),
  Viewport: sessionMetric("screen"),
};

async function copyIntoPostgres(client: pg.PoolClient, store: Awaited<ReturnType<typeof getEventStore>>) {
  const copy = (sql: string, table: string) => copyRows(client, store, sql, table);
  const person = "toUUID(e.person_id)";
  await copy(
    `SELECT ${person}, '${WEBSITE}', any(e.prop_browser), any(JSONExtractString(e.properties, '$os')), any(e.prop_device_type),
       any(concat(JSONExtractRaw(e.properties, '$viewport_width'), 'x', JSONExtractRaw(e.properties, '$viewport_height'))),
       any(JSONExtractString(e.properties, '$geoip_country_code')), min(e.timestamp)
     FROM events AS e WHERE e.team_id = ${TEAM} GROUP BY e.person_id`,
    "session",
  );
  for (let day = 0; day < WEB_DAYS + 1; day++)
    await copy(
      `SELECT e.uuid, '${WEBSITE}', ${person}, reinterpretAsUUID(sipHash128(ifNull(e.prop_session_id, ''))),
         formatDateTime(e.timestamp, '%Y-%m-%d %H:%i:%S.%f+00', 'UTC'), ifNull(e.prop_pathname, '/'),
         e.prop_referring_domain, JSONExtract(e.properties, 'utm_source', 'Nullable(String)'),
         JSONExtract(e.properties, 'utm_medium', 'Nullable(String)'), JSONExtract(e.properties, 'utm_campaign', 'Nullable(String)'),
         if(e.event = '$pageview', 1, 2), if(e.event = '$pageview', NULL, e.event)
       FROM events AS e WHERE e.team_id = ${TEAM} AND toDate(e.timestamp) = toDate('${WEB_START}') + ${day}`,
      "website_event",
    );
}

async function main() {
  const store = await getEventStore();
  const load0 = loadavg()[0];
  let started = performance.now();
  const [{ stored }] = await store.query<{ stored: number }>(`SELECT count() AS stored FROM events WHERE team_id = ${TEAM}`);
  if (Number(stored) === 0) await generateWebEvents(store, EVENTS);
  else console.log(`Reusing ${Number(stored).toLocaleString("en")} events in ${dataDir}.`);
  const generateSeconds = (performance.now() - started) / 1000;
  const project = { id: TEAM, timezone: "UTC", pathCleaningFilters: [], testAccountFilters: [] };
  const common = { dateRange: { date_from: DATE_FROM, date_to: DATE_TO }, compareFilter: { compare: true } };
  const hedgerow: Record<string, Timed<unknown>> = {};
  const loads: Record<string, number> = {};
  hedgerow.overview = await timed(() => runWebOverview(project, { kind: "WebOverviewQuery", ...common }), RUNS);
  loads.overview = loadavg()[0];
  for (const card of CARDS) {
    hedgerow[card] = await timed(() => runWebStatsTable(project, { kind: "WebStatsTableQuery", breakdownBy: card, ...common }), RUNS);
    loads[card] = loadavg()[0];
  }
  if (!PEER) {
    for (const [name, t] of Object.entries(hedgerow))
      console.log(`${name}: cold ${t.cold.toFixed(0)} ms, median ${t.ms.toFixed(0)} ms (load ${loads[name].toFixed(2)})`);
    return;
  }

  const pool = new pg.Pool({ connectionString: POSTGRES, max: 1 });
  const client = await pool.connect();
  try {
    await client.query("DROP SCHEMA IF EXISTS umami_peer CASCADE; CREATE SCHEMA umami_peer; SET search_path = umami_peer");
    for (const sql of UMAMI_SCHEMA) await client.query(sql);
    started = performance.now();
    await copyIntoPostgres(client, store);
    const loadSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    for (const index of UMAMI_INDEXES) await client.query(index);
    await client.query("VACUUM ANALYZE website_event");
    await client.query("ANALYZE session");
    const indexSeconds = (performance.now() - started) / 1000;
    // Both periods, as the overview compares them.
    const current = [WEBSITE, `${DATE_FROM} 00:00:00+00`, `${DATE_TO} 23:59:59.999999+00`];
    const previous = [WEBSITE, "2024-01-01 00:00:00+00", "2024-01-14 23:59:59.999999+00"];
    const umami: Record<string, Timed<unknown>> = {};
    umami.overview = await timed(
      async () => [(await client.query(UMAMI_STATS, current)).rows, (await client.query(UMAMI_STATS, previous)).rows],
      RUNS,
    );
    for (const card of CARDS) umami[card] = await timed(async () => (await client.query(UMAMI_CARDS[card], current)).rows, RUNS);

    const row = (name: string) => {
      const h = hedgerow[name];
      const u = umami[name];
      return `| ${name} | ${h.cold.toFixed(0)} | ${h.ms.toFixed(0)} | ${u.cold.toFixed(0)} | ${u.ms.toFixed(0)} | ${(h.ms / u.ms).toFixed(3)}× |`;
    };
    const total = (side: typeof hedgerow, key: "cold" | "ms") => Object.values(side).reduce((a, b) => a + b[key], 0);
    const overview = (hedgerow.overview.result ?? []) as { key: string; value: number }[];
    const stats = (umami.overview.result as Record<string, string>[][])[0][0];
    console.log(
      [
        `Events: ${EVENTS.toLocaleString("en")} generated in ${generateSeconds.toFixed(1)} s; copied into PostgreSQL's umami_peer in ${loadSeconds.toFixed(1)} s, Umami's indexes + ANALYZE in ${indexSeconds.toFixed(1)} s.`,
        `Range ${DATE_FROM} .. ${DATE_TO} beside the previous two weeks. Cold = first run; then the median of ${RUNS} runs.`,
        "",
        "| card | Hedgerow cold (ms) | Hedgerow (ms) | Umami on PostgreSQL cold (ms) | Umami (ms) | Hedgerow / Umami |",
        "|---|---:|---:|---:|---:|---:|",
        row("overview"),
        ...CARDS.map(row),
        `| whole page | ${total(hedgerow, "cold").toFixed(0)} | ${total(hedgerow, "ms").toFixed(0)} | ${total(umami, "cold").toFixed(0)} | ${total(umami, "ms").toFixed(0)} | ${(total(hedgerow, "ms") / total(umami, "ms")).toFixed(3)}× |`,
        "",
        `Hedgerow's overview: ${overview.map((i) => `${i.key} ${Number(i.value).toFixed(1)}`).join(", ")}.`,
        `Umami's stats: ${stats.pageviews} views, ${stats.visitors} visitors, ${stats.visits} visits, ${stats.bounces} bounces.`,
        "Umami's entries differ in definition: its bounce is a visit of one page view (no 10-second rule, no autocapture), its device cards count visitors.",
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
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}
