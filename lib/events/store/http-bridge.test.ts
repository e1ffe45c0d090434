import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Session } from "chdb";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openChdbSession } from "./chdb";
import { openClickhouseStore } from "./clickhouse";
import { eventStoreContract } from "./contract";
import { type Bridge, serveChdbOverHttp } from "./http-bridge";
import { queryLimitError } from "./limits";
import { migrateEventStore } from "./migrate";
import type { EventStore } from "./types";

// The event-store process: chDB behind ClickHouse's HTTP interface, read and written by the ClickHouse-server
// implementation (the one the server processes use) exactly as it would a real server.
const dataDir = mkdtempSync(path.join(tmpdir(), "hedgerow-bridge-"));
let session: Session;
let bridge: Bridge;
let store: EventStore;

beforeAll(async () => {
  session = await openChdbSession(path.join(dataDir, "chdb"));
  bridge = await serveChdbOverHttp(session, {
    host: "127.0.0.1",
    port: 0,
    user: "hedgerow",
    password: "s3cret/:@",
    maxResultBytes: 1_000_000,
  });
  store = openClickhouseStore(bridge.url);
  expect(await migrateEventStore(store)).toContain("0001_events_and_persons");
}, 30_000);

afterAll(async () => {
  await store.close();
  await bridge.close();
  session.close();
  const { drainPending } = await import("chdb");
  await drainPending();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the event store through the event-store process (ClickHouse client → HTTP → chDB)", () => {
  eventStoreContract(() => store);

  test("a result past the byte bound is refused with ClickHouse's result-limit error, answered as PostHog's", async () => {
    const error = await store.query("SELECT repeat('x', 1000) AS s FROM numbers(2000)").catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "396", type: "TOO_MANY_ROWS_OR_BYTES" });
    expect(queryLimitError(error)?.body).toMatchObject({ code: "too_many_bytes" });
  });

  test("array parameters arrive as the client wrote them: nested, quoted, escaped, 64-bit, NULL", async () => {
    const [row] = await store.query(
      "SELECT {nested:Array(Array(String))} AS nested, {big:Array(Int64)} AS big, {maybe:Array(Nullable(String))} AS maybe, {nothing:Nullable(String)} AS nothing",
      {
        nested: [
          ["it's", "back\\slash"],
          ["tab\tnew\nline", "[,]"],
        ],
        big: [9007199254740993n, -1],
        maybe: [null, "x"],
        nothing: null,
      },
    );
    expect(row).toEqual({
      nested: [
        ["it's", "back\\slash"],
        ["tab\tnew\nline", "[,]"],
      ],
      big: ["9007199254740993", "-1"],
      maybe: [null, "x"],
      nothing: null,
    });
  });

  test("a parameter as large as a capture flush's uuids (20,000, in the URL) is answered", async () => {
    const uuids = Array.from({ length: 20_000 }, (_, i) => `0190a4c2-0000-7000-8000-${String(i).padStart(12, "0")}`);
    const [row] = await store.query<{ n: string; last: string }>(
      "SELECT length({uuids:Array(UUID)}) AS n, toString({uuids:Array(UUID)}[-1]) AS last",
      { uuids },
    );
    expect(row).toEqual({ n: "20000", last: uuids.at(-1) });
  });

  test("only the secret's holder is answered, on the one database", async () => {
    const wrong = new URL(bridge.url);
    wrong.password = "guess";
    const intruder = openClickhouseStore(wrong.href);
    await expect(intruder.query("SELECT 1")).rejects.toMatchObject({ code: "516", type: "AUTHENTICATION_FAILED" });
    await intruder.close();
    const response = await fetch(`${new URL(bridge.url).origin}/?query=SELECT%201`);
    expect(response.status).toBe(403);
    expect(response.headers.get("x-clickhouse-exception-code")).toBe("516");

    const elsewhere = new URL(bridge.url);
    elsewhere.pathname = "/other";
    const other = openClickhouseStore(elsewhere.href);
    await expect(other.query("SELECT 1")).rejects.toMatchObject({ code: "81", type: "UNKNOWN_DATABASE" });
    await other.close();
    expect(await (await fetch(`${new URL(bridge.url).origin}/ping`)).text()).toBe("Ok.\n");
  });

  test("concurrent inserts and reads from several clients all land", async () => {
    const clients = [openClickhouseStore(bridge.url), openClickhouseStore(bridge.url)];
    const rows = (client: number) =>
      Array.from({ length: 50 }, (_, i) => ({
        team_id: 99,
        distinct_id: `c${client}-${i}`,
        person_id: "0190a0a0-0000-7000-8000-000000000001",
        version: 0,
      }));
    await Promise.all(
      clients.flatMap((client, n) => [
        client.insert("person_distinct_id2", rows(n)),
        client.query("SELECT count() FROM person_distinct_id2"),
      ]),
    );
    const [{ n }] = await store.query<{ n: string }>("SELECT count() AS n FROM person_distinct_id2 WHERE team_id = 99");
    expect(n).toBe("100");
    await Promise.all(clients.map((client) => client.close()));
  });
});
