import type { EventStore } from "@/lib/events/store";
import { batchExportSource, type BatchExportSchema } from "@/lib/hogql/batch-export";

/** One exported column: its name in the destination, and whether its values are JSON text (written as JSON, not as a string). */
export interface ExportColumn {
  name: string;
  json: boolean;
}

/** A page of an interval's records, every row keyed by the columns' names. */
export interface RecordPage {
  columns: readonly ExportColumn[];
  rows: Record<string, unknown>[];
  /** Where the next page starts (the last row's position); store it to resume after this page. */
  cursor: RecordCursor;
}

/** A position in an interval's records, which are read in (timestamp, uuid) order. */
export interface RecordCursor {
  timestamp: string;
  uuid: string;
}

/** The export's `schema` as stored from its `hogql_query`: ClickHouse expressions with their aliases and bound values. */
export interface ExportSchema {
  fields: { expression: string; alias: string }[];
  values?: Record<string, unknown>;
}

export interface RecordQuery {
  teamId: number;
  model: "events" | "persons";
  start: Date | null;
  end: Date;
  schema?: ExportSchema | null;
  includeEvents?: string[];
  excludeEvents?: string[];
}

/**
 * PostHog's default events export (posthog/batch_exports: the Postgres/Redshift table's columns). `$set`,
 * `$set_once` and `$ip` are read out of the properties as PostHog stores them on the event.
 */
const DEFAULT_EVENT_FIELDS: { expression: string; alias: string; json: boolean }[] = [
  { expression: "toString(uuid)", alias: "uuid", json: false },
  { expression: "event", alias: "event", json: false },
  { expression: "properties", alias: "properties", json: true },
  { expression: "toJSONString(elements_chain)", alias: "elements", json: true },
  { expression: "nullIf(JSONExtractRaw(properties, '$set'), '')", alias: "set", json: true },
  { expression: "nullIf(JSONExtractRaw(properties, '$set_once'), '')", alias: "set_once", json: true },
  { expression: "distinct_id", alias: "distinct_id", json: false },
  { expression: "toInt32(team_id)", alias: "team_id", json: false },
  { expression: "nullIf(JSONExtractString(properties, '$ip'), '')", alias: "ip", json: false },
  { expression: "''", alias: "site_url", json: false },
  { expression: "formatDateTime(timestamp, '%Y-%m-%dT%H:%i:%S.%fZ')", alias: "timestamp", json: false },
];

/** The columns an export writes: PostHog's default ones, or its schema's, always with `uuid` (receivers dedupe on it). */
export function exportColumns(schema?: ExportSchema | null): { expression: string; alias: string; json: boolean }[] {
  if (!schema?.fields?.length) return DEFAULT_EVENT_FIELDS;
  const fields = schema.fields.map((field) => ({ ...field, json: false }));
  return fields.some((field) => field.alias === "uuid") ? fields : [DEFAULT_EVENT_FIELDS[0], ...fields];
}

/**
 * The schema's expressions with PostHog's `%(name)s` placeholders turned into ClickHouse query parameters
 * (`{name:Type}`), so values are bound by the engine and never spliced into the SQL.
 */
function bindSchemaValues(expression: string, values: Record<string, unknown>, params: Record<string, unknown>) {
  return expression.replace(/%\((\w+)\)s/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`The export's schema uses the value "${name}", which it does not define.`);
    const value = values[name];
    params[`v_${name}`] = typeof value === "string" || typeof value === "number" ? value : JSON.stringify(value);
    return `{v_${name}:${typeof value === "number" ? (Number.isInteger(value) ? "Int64" : "Float64") : "String"}}`;
  });
}

function intervalWhere(query: RecordQuery, params: Record<string, unknown>): string {
  params.team = query.teamId;
  params.end = query.end;
  const conditions = ["team_id = {team:Int64}", "timestamp < {end:DateTime64(6, 'UTC')}"];
  if (query.start) {
    params.start = query.start;
    conditions.push("timestamp >= {start:DateTime64(6, 'UTC')}");
  }
  if (query.includeEvents?.length) {
    params.include = query.includeEvents;
    conditions.push("event IN {include:Array(String)}");
  }
  if (query.excludeEvents?.length) {
    params.exclude = query.excludeEvents;
    conditions.push("event NOT IN {exclude:Array(String)}");
  }
  return conditions.join(" AND ");
}

const NIL_UUID = "00000000-0000-0000-0000-000000000000";

const AFTER_CURSOR =
  "(timestamp, uuid) > (parseDateTime64BestEffort({after_ts:String}, 6, 'UTC'), toUUID({after_uuid:String}))";

function withCursor(params: Record<string, unknown>, after: RecordCursor | null): string {
  if (!after) return "";
  params.after_ts = after.timestamp;
  params.after_uuid = after.uuid;
  return ` AND ${AFTER_CURSOR}`;
}

// Bulk reads: a page may take longer than an analysis, and is bounded by its row count instead. The exported columns'
// aliases (`timestamp`, `uuid`…) must not replace the table's columns in WHERE and ORDER BY.
const READ_SETTINGS = { max_execution_time: 600, prefer_column_name_to_alias: 1 };

/** How many records the interval holds (`records_total_count`). */
export async function countRecords(store: EventStore, query: RecordQuery): Promise<number> {
  const params: Record<string, unknown> = {};
  const [row] = await store.query<{ count: string }>(
    `SELECT count() AS count FROM (SELECT uuid FROM events WHERE ${intervalWhere(query, params)} LIMIT 1 BY uuid)`,
    params,
    READ_SETTINGS,
  );
  return Number(row?.count ?? 0);
}

/**
 * Reads the interval's records after `after`, at most `pageSize` at a time, in (timestamp, uuid) order (keyset
 * pagination: a resumed run starts exactly after the last page it wrote). Each page is found in two reads: the page's
 * last position from the two key columns alone, then the page's rows up to it, so the rows carry exactly the
 * export's columns. A uuid stored twice (folded later by ReplacingMergeTree) is read once.
 */
export async function* readRecordPages(
  store: EventStore,
  query: RecordQuery,
  options: { after: RecordCursor | null; pageSize: number },
): AsyncGenerator<RecordPage> {
  if (query.model !== "events") throw new Error(`The ${query.model} model cannot be exported yet.`);
  const fields = exportColumns(query.schema);
  const columns = fields.map(({ alias, json }) => ({ name: alias, json }));
  // A `hogql_query`'s columns read `events AS e`, joined to the person when one names it.
  const source = query.schema?.fields?.length ? batchExportSource(query.schema as BatchExportSchema, "{team:Int64}") : "events";
  let after = options.after;
  for (;;) {
    const boundParams: Record<string, unknown> = {};
    const where = intervalWhere(query, boundParams) + withCursor(boundParams, after);
    boundParams.offset = options.pageSize - 1;
    const [last] = await store.query<{ ts: string; uuid: string }>(
      `SELECT toString(timestamp) AS ts, toString(uuid) AS uuid FROM events WHERE ${where}
       ORDER BY timestamp, uuid LIMIT 1 OFFSET {offset:UInt64}`,
      boundParams,
      READ_SETTINGS,
    );
    const params: Record<string, unknown> = {};
    const values = query.schema?.values ?? {};
    const select = fields
      .map(({ expression, alias }) => `${bindSchemaValues(expression, values, params)} AS \`${alias.replace(/`/g, "``")}\``)
      .join(", ");
    let pageWhere = intervalWhere(query, params) + withCursor(params, after);
    if (last) {
      params.last_ts = last.ts;
      params.last_uuid = last.uuid;
      pageWhere += " AND (timestamp, uuid) <= (parseDateTime64BestEffort({last_ts:String}, 6, 'UTC'), toUUID({last_uuid:String}))";
    }
    const rows = await store.query<Record<string, unknown>>(
      `SELECT ${select} FROM ${source} WHERE ${pageWhere} ORDER BY timestamp, uuid LIMIT 1 BY uuid`,
      params,
      READ_SETTINGS,
    );
    // The last page ends past every record of the interval (all are before its end).
    after = last ? { timestamp: last.ts, uuid: last.uuid } : { timestamp: query.end.toISOString(), uuid: NIL_UUID };
    if (rows.length > 0) yield { columns, rows, cursor: after };
    if (!last) return;
  }
}
