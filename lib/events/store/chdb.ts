import { mkdirSync } from "node:fs";
import type { Session } from "chdb";
import { checkResultSize, readLimitSettings, type QuerySettings } from "./limits";
import type { EventStore } from "./types";

/**
 * The event store in embedded chDB at `dir`. Every call runs on libuv's thread pool (queryAsync, queryBindAsync,
 * the raw insert), so a query never blocks the event loop. chDB takes a file lock on the data dir, so a second
 * process opening the same dir is refused by chDB itself (reported by `describeOpenError`).
 */
export async function openChdbStore(dir: string): Promise<EventStore> {
  const session = await openChdbSession(dir);
  const readLimits = readLimitSettings();
  return {
    kind: "chdb",
    async query<T>(sql: string, params?: Record<string, unknown>, settings?: QuerySettings) {
      const limited = withSettings(sql, { ...readLimits, ...settings });
      const result = params
        ? await session.queryBindAsync(limited, chdbParams(params), { format: "JSONEachRow" })
        : await session.queryAsync(limited, { format: "JSONEachRow" });
      // Checked before the bytes become a JS string: a too large result never reaches the heap.
      checkResultSize(0, result.bytes().byteLength);
      const rows = parseJsonEachRow<T>(result.text());
      checkResultSize(rows.length);
      return rows;
    },
    async queryBytes(sql, format, params, settings) {
      const limited = withSettings(sql, { ...readLimits, ...settings });
      const result = params
        ? await session.queryBindAsync(limited, chdbParams(params), { format })
        : await session.queryAsync(limited, { format });
      const bytes = result.bytes();
      checkResultSize(0, bytes.byteLength);
      return bytes;
    },
    async command(sql, params) {
      if (params) await session.queryBindAsync(sql, chdbParams(params));
      else await session.queryAsync(sql);
    },
    async insert(table, rows) {
      if (rows.length === 0) return;
      // One buffer parsed by the engine's own JSON parser: no per-row INSERT text built in JS. The tables'
      // fsync_after_insert makes the part durable before the promise resolves.
      await session.insert({
        table,
        values: Buffer.from(toJsonEachRow(rows)),
        format: "JSONEachRow",
        settings: INSERT_SETTINGS,
      });
    },
    async close() {
      session.close();
      // close() returns before the native connection is gone while an operation still runs on it.
      const { drainPending } = await import("chdb");
      await drainPending();
    },
  };
}

/** A chDB session on `dir`, answering as a ClickHouse server would (the store and the event-store process share it). */
export async function openChdbSession(dir: string): Promise<Session> {
  const { Session } = await import("chdb");
  mkdirSync(dir, { recursive: true });
  try {
    // JSON output quotes 64-bit integers as a ClickHouse server does by default (chDB's default does not).
    return new Session(dir, { connectionArgs: ["--output_format_json_quote_64bit_integers=1"] });
  } catch (error) {
    throw describeOpenError(dir, error);
  }
}

/**
 * The query with a trailing SETTINGS clause (chDB takes settings only in the SQL). Hedgerow's SELECTs never end
 * in a SETTINGS or FORMAT clause of their own.
 */
export function withSettings(sql: string, settings: QuerySettings): string {
  const clauses = Object.entries(settings).map(
    ([name, value]) => `${name} = ${typeof value === "number" ? value : `'${value.replace(/[\\']/g, "\\$&")}'`}`,
  );
  return clauses.length ? `${sql.trimEnd().replace(/;$/, "")}\nSETTINGS ${clauses.join(", ")}` : sql;
}

/** Settings both implementations insert with: ISO 8601 timestamps ("2024-01-02T03:04:05.123Z") are accepted. */
export const INSERT_SETTINGS = { date_time_input_format: "best_effort" as const };

/** Rows as ClickHouse's JSONEachRow text (one JSON object a line). */
export function toJsonEachRow(rows: readonly Record<string, unknown>[]): string {
  let text = "";
  for (const row of rows) text += JSON.stringify(row) + "\n";
  return text;
}

/** ClickHouse's JSONEachRow output as objects (empty text is no rows). */
export function parseJsonEachRow<T>(text: string): T[] {
  const rows: T[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    if (end > start) rows.push(JSON.parse(text.slice(start, end)) as T);
    start = end + 1;
  }
  return rows;
}

/**
 * Query parameters as chDB binds them. A Date goes as a Unix timestamp with milliseconds, as @clickhouse/client
 * sends it to a server: chDB's own Date binding drops the milliseconds, and a timestamp is time-zone agnostic.
 */
export function chdbParams(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params))
    out[name] = Array.isArray(value) ? value.map(dateToTimestamp) : dateToTimestamp(value);
  return out;
}

function dateToTimestamp(value: unknown): unknown {
  if (!(value instanceof Date)) return value;
  const ms = value.getTime();
  const seconds = Math.floor(ms / 1000);
  return `${seconds}.${String(ms - seconds * 1000).padStart(3, "0")}`;
}

function describeOpenError(dir: string, error: unknown): Error {
  return new Error(
    `Could not open the event store in ${dir}: it may be in use by another process (a running Hedgerow server?). ` +
      `Stop it first, or use CLICKHOUSE_URL. (${(error as Error).message})`,
    { cause: error },
  );
}
