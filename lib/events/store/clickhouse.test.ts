import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { openChdbStore } from "./chdb";
import { openClickhouseStore } from "./clickhouse";
import { readLimitSettings } from "./limits";
import { eventStoreContract } from "./contract";
import { migrateEventStore } from "./migrate";
import type { EventStore } from "./types";

/**
 * The server implementation against a fake ClickHouse on loopback: it records each HTTP request and answers as
 * ClickHouse's HTTP interface does (JSONEachRow bodies, X-ClickHouse-* headers, `Code: N. DB::Exception` errors).
 * The SQL it was sent is then run through chDB, the same engine, to show the server would accept it.
 */
interface Recorded {
  params: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Answer = { status?: number; rows?: object[]; error?: { code: number; name: string; message: string } };

let requests: Recorded[] = [];
let answer: (request: Recorded) => Answer = () => ({});
let server: http.Server;
let store: EventStore;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded = {
        params: new URL(req.url!, "http://x").searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      requests.push(recorded);
      const { status = 200, rows = [], error } = answer(recorded);
      const queryId = recorded.params.get("query_id") ?? "";
      if (error) {
        res.writeHead(status === 200 ? 500 : status, {
          "Content-Type": "text/plain; charset=UTF-8",
          "X-ClickHouse-Query-Id": queryId,
          "X-ClickHouse-Exception-Code": String(error.code),
        });
        res.end(`Code: ${error.code}. DB::Exception: ${error.message}. (${error.name}) (version 25.3.2.39 (official build))\n`);
        return;
      }
      res.writeHead(status, {
        "Content-Type": "application/x-ndjson; charset=UTF-8",
        "X-ClickHouse-Query-Id": queryId,
        "X-ClickHouse-Format": "JSONEachRow",
        "X-ClickHouse-Timezone": "UTC",
        "X-ClickHouse-Summary": JSON.stringify({ read_rows: String(rows.length), written_rows: "0" }),
      });
      res.end(rows.map((row) => JSON.stringify(row) + "\n").join(""));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  store = openClickhouseStore(`http://hedge%40row:p%3Ass@127.0.0.1:${port}/analytics`);
});

afterAll(async () => {
  await store.close();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
  answer = () => ({});
});

const uuid = "0190a0a0-0000-7000-8000-000000000001";

describe("the ClickHouse server implementation's protocol", () => {
  test("a query: the SQL as the body, parameters as param_*, the read limits as settings, the database and credentials from the URL", async () => {
    answer = () => ({ rows: [{ event: "$pageview", n: "12345678901234567" }] });
    const sql = `SELECT event, count() AS n FROM events
      WHERE team_id = {team:Int64} AND timestamp >= {after:DateTime64(6, 'UTC')} AND event IN {names:Array(String)}
        AND uuid != {id:UUID} AND distinct_id = {who:String} GROUP BY event`;
    const rows = await store.query(sql, {
      team: 7,
      after: new Date("2024-03-04T05:06:07.089Z"),
      names: ["$pageview", "it's"],
      id: uuid,
      who: "tab\there 'quoted' back\\slash\nnewline",
    });
    expect(rows).toEqual([{ event: "$pageview", n: "12345678901234567" }]);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.body).toBe(`${sql} \nFORMAT JSONEachRow`);
    expect(Object.fromEntries([...request.params].filter(([name]) => name !== "query_id"))).toEqual({
      param_team: "7",
      param_after: "1709528767.089",
      param_names: "['$pageview','it\\'s']",
      param_id: uuid,
      param_who: "tab\\there \\'quoted\\' back\\\\slash\\nnewline",
      database: "analytics",
      ...Object.fromEntries(Object.entries(readLimitSettings()).map(([name, value]) => [name, String(value)])),
    });
    expect(request.params.get("query_id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("hedge@row:p:ss").toString("base64")}`);
  });

  test("a command: the statement as the body, no result format", async () => {
    await store.command("OPTIMIZE TABLE events FINAL");
    expect(requests.map((r) => r.body)).toEqual(["OPTIMIZE TABLE events FINAL"]);
    expect(requests[0].params.get("database")).toBe("analytics");
  });

  test("an insert: JSONEachRow rows, acknowledged only after the async insert is flushed", async () => {
    const rows = [
      { uuid, event: "$pageview", properties: '{"$browser":"Firefox"}', timestamp: "2024-03-04T05:06:07.123Z", team_id: 7 },
      { uuid, event: "a\nb", properties: "{}", timestamp: "2024-03-04 05:06:07.5", team_id: 7 },
    ];
    await store.insert("events", rows);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.params.get("query")).toBe("INSERT INTO events FORMAT JSONEachRow");
    expect(request.params.get("async_insert")).toBe("1");
    expect(request.params.get("wait_for_async_insert")).toBe("1");
    expect(request.params.get("date_time_input_format")).toBe("best_effort");
    expect(request.params.get("database")).toBe("analytics");
    expect(request.body).toBe(rows.map((row) => JSON.stringify(row) + "\n").join(""));

    await store.insert("events", []);
    expect(requests).toHaveLength(1);
  });

  test("a server error becomes a thrown error with ClickHouse's message and code", async () => {
    answer = () => ({ status: 404, error: { code: 60, name: "UNKNOWN_TABLE", message: "Table analytics.nope does not exist" } });
    const error = await store.query("SELECT * FROM nope").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "60", type: "UNKNOWN_TABLE" });
    expect((error as Error).message.trim()).toBe("Table analytics.nope does not exist.");
    answer = () => ({
      error: { code: 62, name: "SYNTAX_ERROR", message: "Syntax error: failed at position 1 ('SELEC'): SELEC 1. Expected one of: Query" },
    });
    await expect(store.command("SELEC 1")).rejects.toThrow("Syntax error: failed at position 1 ('SELEC'): SELEC 1. Expected one of: Query");
    answer = () => ({ error: { code: 27, name: "CANNOT_PARSE_INPUT_AS", message: "Cannot parse input" } });
    await expect(store.insert("events", [{ team_id: "x" }])).rejects.toThrow("Cannot parse input");
  });
});

describe("migrations through the server implementation, the SQL proved on chDB", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-clickhouse-sql-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test("sends each statement once, records it, and skips recorded migrations", async () => {
    const applied: string[] = [];
    answer = (request) => {
      if (request.params.get("query") === "INSERT INTO schema_migrations FORMAT JSONEachRow")
        applied.push(
          ...request.body
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line).name),
        );
      return request.body.startsWith("SELECT name FROM schema_migrations") ? { rows: applied.map((name) => ({ name })) } : {};
    };
    const ran = await migrateEventStore(store);
    expect(ran).toEqual(expect.arrayContaining(["0001_events_and_persons", "0003_exact_hot_properties"]));
    expect(applied).toEqual(ran);
    const sent = requests.map((r) => r.params.get("query") ?? r.body);
    expect(sent[0]).toMatch(/^CREATE TABLE IF NOT EXISTS schema_migrations/);
    expect(sent[1]).toBe("SELECT name FROM schema_migrations \nFORMAT JSONEachRow");
    expect(sent.filter((sql) => /^CREATE TABLE IF NOT EXISTS (events|person|person_distinct_id2)\b/.test(sql))).toHaveLength(3);
    expect(sent.every((sql) => !sql.includes("--"))).toBe(true);
    const statements = requests.filter((r) => !r.params.get("query")).map((r) => r.body.replace(/ \nFORMAT JSONEachRow$/, ""));

    requests = [];
    expect(await migrateEventStore(store)).toEqual([]);
    expect(requests.map((r) => r.body.split("\n")[0].trim())).toEqual([
      expect.stringMatching(/^CREATE TABLE IF NOT EXISTS schema_migrations/),
      "SELECT name FROM schema_migrations",
    ]);

    // The same statements, in the same order, on the ClickHouse engine (chDB): accepted, and they build the schema.
    const chdb = await openChdbStore(dataDir);
    try {
      for (const statement of statements)
        if (statement.startsWith("SELECT")) await chdb.query(statement);
        else await chdb.command(statement);
      const tables = await chdb.query<{ name: string }>("SELECT name FROM system.tables WHERE database = currentDatabase() ORDER BY name");
      expect(tables.map((t) => t.name)).toEqual([
        "cohort_calculations",
        "cohort_people",
        "events",
        "groups",
        "person",
        "person_distinct_id2",
        "person_distinct_id_overrides",
        "person_distinct_id_overrides_mv",
        "schema_migrations",
        "sessions",
        "sessions_mv",
      ]);
      const exactColumns = await chdb.query<{ name: string; type: string }>(
        "SELECT name, type FROM system.columns WHERE database = currentDatabase() AND table = 'events' AND startsWith(name, 'prop_') ORDER BY position",
      );
      expect(exactColumns).toEqual(
        [
          "browser",
          "os",
          "current_url",
          "pathname",
          "host",
          "device_type",
          "referring_domain",
          "session_id",
          "geoip_country_code",
          "viewport_width",
          "viewport_height",
        ].map((name) => ({
          name: `prop_${name}`,
          type: "Nullable(String)",
        })),
      );
    } finally {
      await chdb.close();
    }
  }, 30_000);
});

// The whole store suite against a real server, in a database of its own (CLICKHOUSE_TEST_URL=http://user:pass@host:8123).
describe.runIf(process.env.CLICKHOUSE_TEST_URL)("the event store on a real ClickHouse server", () => {
  const url = new URL(process.env.CLICKHOUSE_TEST_URL ?? "http://localhost:8123");
  const database = `hedgerow_test_${process.pid}_${Date.now()}`;
  const admin = () => openClickhouseStore(Object.assign(new URL(url), { pathname: "/" }).href);
  let real: EventStore;

  beforeAll(async () => {
    const server = admin();
    await server.command(`CREATE DATABASE ${database}`);
    await server.close();
    real = openClickhouseStore(Object.assign(new URL(url), { pathname: `/${database}` }).href);
    await migrateEventStore(real);
  }, 60_000);

  afterAll(async () => {
    await real?.close();
    const server = admin();
    await server.command(`DROP DATABASE IF EXISTS ${database}`);
    await server.close();
  });

  eventStoreContract(() => real);
});
