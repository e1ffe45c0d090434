import { ClickHouseLogLevel, createClient, type ClickHouseSettings, type DataFormat } from "@clickhouse/client";
import { INSERT_SETTINGS } from "./chdb";
import { checkResultSize, readLimitSettings, type QuerySettings } from "./limits";
import type { EventStore } from "./types";

/**
 * The event store on a ClickHouse server (`url` as `http[s]://user:pass@host:8123/database`). Inserts are async
 * inserts that the server acknowledges only once flushed to a part (wait_for_async_insert), so concurrent small
 * inserts become few parts and a resolved insert is durable. Errors are @clickhouse/client's, carrying the
 * server's message.
 */
export function openClickhouseStore(url: string): EventStore {
  // The client's own error log is off: every error reaches the caller as a thrown ClickHouseError.
  const client = createClient({ url, application: "hedgerow", log: { level: ClickHouseLogLevel.OFF } });
  const readLimits = readLimitSettings();
  return {
    kind: "clickhouse",
    async query<T>(sql: string, params?: Record<string, unknown>, settings?: QuerySettings) {
      const result = await client.query({
        query: sql,
        query_params: params,
        format: "JSONEachRow",
        clickhouse_settings: { ...readLimits, ...settings } as ClickHouseSettings,
      });
      const rows = await result.json<T>();
      checkResultSize(rows.length);
      return rows;
    },
    async queryBytes(sql, format, params, settings) {
      const result = await client.query({
        query: sql,
        query_params: params,
        format: format as DataFormat,
        clickhouse_settings: { ...readLimits, ...settings } as ClickHouseSettings,
      });
      const bytes = Buffer.from(await result.text());
      checkResultSize(0, bytes.byteLength);
      return bytes;
    },
    async command(sql, params) {
      await client.command({ query: sql, query_params: params });
    },
    async insert(table, rows) {
      if (rows.length === 0) return;
      await client.insert({
        table,
        values: rows,
        format: "JSONEachRow",
        clickhouse_settings: { ...INSERT_SETTINGS, async_insert: 1, wait_for_async_insert: 1 },
      });
    },
    close: () => client.close(),
  };
}
