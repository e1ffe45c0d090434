import type { QuerySettings } from "./limits";

/**
 * The event store: ClickHouse SQL over embedded chDB (default) or a ClickHouse server (`CLICKHOUSE_URL`).
 * Both implementations take the same SQL; parameters use ClickHouse's own `{name:Type}` placeholders.
 */
export interface EventStore {
  readonly kind: "chdb" | "clickhouse";
  /**
   * A SELECT; rows as JSON objects (ClickHouse's JSONEachRow: 64-bit integers arrive as strings). It runs within
   * the read limits (`readLimitSettings`), which `settings` may override.
   */
  query<T = Record<string, unknown>>(sql: string, params?: Record<string, unknown>, settings?: QuerySettings): Promise<T[]>;
  /**
   * A SELECT's result as the engine writes it in `format` (`TabSeparated`, `TabSeparatedRaw`…), never parsed in
   * Node: bulk reads hand these bytes to a destination as they are. Same limits as `query`.
   */
  queryBytes(sql: string, format: string, params?: Record<string, unknown>, settings?: QuerySettings): Promise<Uint8Array>;
  /** DDL or any statement without a result. */
  command(sql: string, params?: Record<string, unknown>): Promise<void>;
  /** Appends rows (objects keyed by column name); durable on disk when the promise resolves. */
  insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void>;
  close(): Promise<void>;
}
