import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { embeddedTestStore } from "./test-store";
import { chdbParams, parseJsonEachRow, toJsonEachRow } from "./chdb";
import { event, eventStoreContract, uuid } from "./contract";
import { splitStatements } from "./migrate";
import type { EventStore } from "./types";

// chDB binds one data dir per process: this file opens one store, through the factory, for all its tests.
const embedded = embeddedTestStore("chdb");
const { dataDir } = embedded;
let store: EventStore;

beforeAll(async () => {
  store = await embedded.open();
  const factory = await import("./open");
  expect(store.kind).toBe("chdb");
  expect(await factory.getEventStore()).toBe(store);
}, 30_000);

afterAll(async () => {
  await embedded.close();
});

describe("the event store on chDB (opened by getEventStore)", () => {
  eventStoreContract(() => store);

  test("queries run off the event loop, concurrently with inserts", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = Date.now();
    await Promise.all([
      store.query("SELECT max(sipHash64(number)) AS m FROM numbers(30000000)"),
      ...Array.from({ length: 20 }, (_, i) => store.insert("events", [event(100 + i)])),
    ]);
    clearInterval(timer);
    const elapsed = Date.now() - started;
    // A blocked loop would fire no timer until the query ended.
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
    const [{ n }] = await store.query<{ n: string }>("SELECT count() AS n FROM events WHERE uuid IN {ids:Array(UUID)}", {
      ids: Array.from({ length: 20 }, (_, i) => uuid(100 + i)),
    });
    expect(n).toBe("20");
  });
});

describe("one process per data dir", () => {
  test("chDB refuses a second process on the same data dir", async () => {
    const script = `new (require("chdb").Session)(${JSON.stringify(path.join(dataDir, "chdb"))})`;
    const run = promisify(execFile)(process.execPath, ["-e", script], { cwd: process.cwd() });
    await expect(run).rejects.toMatchObject({ stderr: expect.stringMatching(/Cannot lock file .*Another server instance/) });
  });
});

describe("helpers", () => {
  test("splitStatements drops -- comments and splits at ; outside quotes", () => {
    const sql = [
      "-- heading; with a semicolon",
      "CREATE TABLE a (s String DEFAULT ';--not a comment', t String DEFAULT 'it''s; \\' -- x') ENGINE = Memory; -- trailing",
      'SELECT "we;ird", `col--umn` FROM a;',
      "",
      "  -- only a comment",
    ].join("\n");
    expect(splitStatements(sql)).toEqual([
      "CREATE TABLE a (s String DEFAULT ';--not a comment', t String DEFAULT 'it''s; \\' -- x') ENGINE = Memory",
      'SELECT "we;ird", `col--umn` FROM a',
    ]);
  });

  test("JSONEachRow both ways", () => {
    const rows = [
      { a: "x\ny", b: 1 },
      { a: "", b: null },
    ];
    expect(toJsonEachRow(rows)).toBe('{"a":"x\\ny","b":1}\n{"a":"","b":null}\n');
    expect(parseJsonEachRow(toJsonEachRow(rows))).toEqual(rows);
    expect(parseJsonEachRow("")).toEqual([]);
  });

  test("Dates bind as Unix timestamps with milliseconds", () => {
    expect(chdbParams({ at: new Date(1700000000123), list: [new Date(0)], n: 1 })).toEqual({
      at: "1700000000.123",
      list: ["0.000"],
      n: 1,
    });
  });
});
