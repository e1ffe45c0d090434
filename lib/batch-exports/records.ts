import type { EventStore } from "@/lib/events/store/open";
import { batchExportSource, type BatchExportSchema } from "@/lib/hogql/batch-export";

export type RecordModel = "events" | "persons";

/** One exported column: its name in the destination, and whether its values are JSON text (written as JSON, not as a string). */
export interface ExportColumn {
  name: string;
  json: boolean;
}

/**
 * How a destination takes a page: parsed rows, or bytes the engine writes itself with no per-row work in Node —
 * PostgreSQL's COPY text (`copy`) or JSON Lines, one object a line, JSON columns embedded as they are (`jsonl`).
 */
export type PageFormat = "rows" | "copy" | "jsonl";

/** A page of an interval's records: `count` records, as rows or as bytes in the destination's format. */
export type RecordPage = {
  columns: readonly ExportColumn[];
  count: number;
  /** The page's last position; store it to resume after this page. */
  cursor: RecordCursor;
} & ({ format: "rows"; rows: Record<string, unknown>[] } | { format: "copy" | "jsonl"; body: Uint8Array });

/** A position in an interval's records: its model's key (events: `timestamp` and `uuid`; persons: `distinct_id`). */
export type RecordCursor = Record<string, string>;

/** The export's `schema` as stored from its `hogql_query`: ClickHouse expressions with their aliases and bound values. */
export interface ExportSchema {
  fields: { expression: string; alias: string }[];
  values?: Record<string, unknown>;
}

export interface RecordQuery {
  teamId: number;
  model: RecordModel;
  start: Date | null;
  end: Date;
  schema?: ExportSchema | null;
  includeEvents?: string[];
  excludeEvents?: string[];
}

interface ExportField {
  expression: string;
  alias: string;
  json: boolean;
}

const ISO_UTC = "'%Y-%m-%dT%H:%i:%S.%fZ'";

/**
 * PostHog's default events export (posthog/batch_exports: the Postgres/Redshift table's columns). `$set`,
 * `$set_once` and `$ip` are read out of the properties as PostHog stores them on the event.
 */
const DEFAULT_EVENT_FIELDS: ExportField[] = [
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
  { expression: `formatDateTime(timestamp, ${ISO_UTC})`, alias: "timestamp", json: false },
];

/**
 * PostHog's persons export: one row per distinct id with its person (posthog/batch_exports sql/persons.py), and
 * `_inserted_at`, when the row last changed.
 */
const PERSON_FIELDS: ExportField[] = [
  { expression: "team_id", alias: "team_id", json: false },
  { expression: "distinct_id", alias: "distinct_id", json: false },
  { expression: "person_id", alias: "person_id", json: false },
  { expression: "properties", alias: "properties", json: true },
  { expression: "person_version", alias: "person_version", json: false },
  { expression: "person_distinct_id_version", alias: "person_distinct_id_version", json: false },
  { expression: `formatDateTime(created_at, ${ISO_UTC})`, alias: "created_at", json: false },
  { expression: "toBool(is_deleted)", alias: "is_deleted", json: false },
  { expression: `formatDateTime(_inserted_at, ${ISO_UTC})`, alias: "_inserted_at", json: false },
];

/** The columns an export writes: the model's, or (events) its schema's, always with `uuid` (receivers dedupe on it). */
export function exportColumns(model: RecordModel, schema?: ExportSchema | null): ExportField[] {
  if (model === "persons") return PERSON_FIELDS;
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

const sqlString = (text: string) => `'${text.replace(/[\\']/g, "\\$&")}'`;
const identifier = (name: string) => `\`${name.replace(/`/g, "``")}\``;

/**
 * The page's SELECT list in `format`. `copy`: every value as COPY's text (the engine's TabSeparated escapes are
 * COPY's, NULL is `\N`), made valid UTF-8 without the NUL PostgreSQL refuses (the `\u0000` escape, in JSON). `jsonl`:
 * one column holding the line's JSON object. `rows`: the values as they are.
 */
function selectList(fields: ExportField[], format: PageFormat, values: Record<string, unknown>, params: Record<string, unknown>): string {
  const bound = fields.map((field) => ({ ...field, expression: bindSchemaValues(field.expression, values, params) }));
  if (format === "jsonl") {
    const members = bound.map(
      ({ expression, alias, json }, i) =>
        `${sqlString(`${i ? "," : "{"}${JSON.stringify(alias)}:`)}, ifNull(${json ? `toValidUTF8(${expression})` : `toJSONString(${expression})`}, 'null')`,
    );
    return `concat(${members.join(", ")}, '}') AS line`;
  }
  return bound
    .map(({ expression, alias, json }) => {
      if (format === "rows") return `${expression} AS ${identifier(alias)}`;
      const text = json
        ? `replaceAll(toValidUTF8(${expression}), '\\\\u0000', '')`
        : `replaceAll(toValidUTF8(toString(${expression})), '\\0', '')`;
      return `${text} AS ${identifier(alias)}`;
    })
    .join(", ");
}

/** ClickHouse's output format of each page format (`jsonl`: the one column of lines, unescaped). */
const ENGINE_FORMAT = { copy: "TabSeparated", jsonl: "TabSeparatedRaw" } as const;

/** Where a model's records come from, and the key they are paged by. */
interface ModelSource {
  /** The key's columns and how a cursor's text is read back as their types. */
  key: { column: string; parse: (param: string) => string }[];
  /** The interval's records, after `after` and up to `last` (both optional): a FROM clause's source and its WHERE. */
  source(
    query: RecordQuery,
    params: Record<string, unknown>,
    range: { after?: RecordCursor; last?: RecordCursor },
  ): { from: string; where: string };
  /** The page's SELECT's tail (duplicates folded). */
  tail: string;
}

function keyTuple(source: ModelSource) {
  return `(${source.key.map(({ column }) => column).join(", ")})`;
}

/** `(key columns) <op> (the cursor's values)`, the values bound as parameters named `<name>_<i>`. */
function keyCompare(source: ModelSource, op: string, cursor: RecordCursor, name: string, params: Record<string, unknown>) {
  const values = source.key.map(({ column, parse }, i) => {
    params[`${name}_${i}`] = cursor[column];
    return parse(`{${name}_${i}:String}`);
  });
  return `${keyTuple(source)} ${op} (${values.join(", ")})`;
}

function rangeWhere(source: ModelSource, params: Record<string, unknown>, range: { after?: RecordCursor; last?: RecordCursor }) {
  return [
    range.after && keyCompare(source, ">", range.after, "after", params),
    range.last && keyCompare(source, "<=", range.last, "last", params),
  ]
    .filter(Boolean)
    .map((condition) => ` AND ${condition}`)
    .join("");
}

const EVENTS: ModelSource = {
  key: [
    { column: "timestamp", parse: (param) => `parseDateTime64BestEffort(${param}, 6, 'UTC')` },
    { column: "uuid", parse: (param) => `toUUID(${param})` },
  ],
  source(query, params, range) {
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
    // A `hogql_query`'s columns read `events AS e`, joined to the person when one names it.
    const from = query.schema?.fields?.length ? batchExportSource(query.schema as BatchExportSchema, "{team:Int64}") : "events";
    return { from, where: conditions.join(" AND ") + rangeWhere(EVENTS, params, range) };
  },
  tail: "LIMIT 1 BY uuid",
};

/**
 * The distinct ids (with their person) whose mapping or person last changed in the interval (PostHog's rule): the
 * latest write of the distinct id's row or of its person's row is in it; a person's change sends all its distinct
 * ids. Rows are exported as they are now (ClickHouse folds older versions away; argMax by version reads the latest),
 * so a row changed again later is the later interval's.
 */
const PERSONS: ModelSource = {
  key: [{ column: "distinct_id", parse: (param) => param }],
  source(query, params, range) {
    params.team = query.teamId;
    params.end = query.end;
    const inRange = rangeWhere(PERSONS, params, range);
    let inInterval = (written: string) => `${written} < {end:DateTime64(6, 'UTC')}`;
    let candidates = "";
    if (query.start) {
      params.start = query.start;
      inInterval = (written) => `${written} >= {start:DateTime64(6, 'UTC')} AND ${written} < {end:DateTime64(6, 'UTC')}`;
      // Only the distinct ids written in the interval, or of a person written in it, can have changed.
      candidates = ` AND distinct_id IN (SELECT distinct_id FROM person_distinct_id2 WHERE team_id = {team:Int64} AND (${inInterval("_inserted_at")}
        OR person_id IN (SELECT id FROM person WHERE team_id = {team:Int64} AND ${inInterval("_inserted_at")})))`;
    }
    const from = `(SELECT toInt64({team:Int64}) AS team_id, pd.distinct_id AS distinct_id, toString(pd.person_id) AS person_id,
        p.properties AS properties, p.version AS person_version, pd.version AS person_distinct_id_version,
        p.created_at AS created_at, p.is_deleted AS is_deleted, greatest(pd.inserted_at, p.inserted_at) AS _inserted_at
      FROM (SELECT distinct_id, argMax(person_id, version) AS person_id, max(version) AS version, max(_inserted_at) AS inserted_at
        FROM person_distinct_id2 WHERE team_id = {team:Int64}${inRange}${candidates} GROUP BY distinct_id) AS pd
      INNER JOIN (SELECT id, max(version) AS version, argMax(properties, version) AS properties, argMax(created_at, version) AS created_at,
          argMax(is_deleted, version) AS is_deleted, max(_inserted_at) AS inserted_at
        FROM person WHERE team_id = {team:Int64}
          AND id IN (SELECT person_id FROM person_distinct_id2 WHERE team_id = {team:Int64}${inRange}${candidates})
        GROUP BY id) AS p ON p.id = pd.person_id
      WHERE (${inInterval("pd.inserted_at")}) OR (${inInterval("p.inserted_at")}))`;
    return { from, where: "1" };
  },
  tail: "",
};

const SOURCES: Record<RecordModel, ModelSource> = { events: EVENTS, persons: PERSONS };

// Bulk reads: a page may take longer than an analysis, and is bounded by its row count instead. The exported columns'
// aliases (`timestamp`, `uuid`…) must not replace the table's columns in WHERE and ORDER BY.
const READ_SETTINGS = { max_execution_time: 600, prefer_column_name_to_alias: 1 };
// JSON Lines: 64-bit integers as numbers (PostHog's files), text that is not UTF-8 repaired.
const JSONL_SETTINGS = { ...READ_SETTINGS, output_format_json_quote_64bit_integers: 0, output_format_json_validate_utf8: 1 };

/** An interval's plan: how many records it holds (`records_total_count`), and where each page still to write ends. */
export interface RecordPlan {
  total: number;
  pageEnds: RecordCursor[];
}

/**
 * Plans the interval's pages in one read of its keys: every `pageSize`th key in key order, and the last one. Pages
 * then read the records between two of these positions (keyset pagination: a resumed run plans again and starts
 * exactly after the last page it wrote, even with another page size). A key stored twice (folded later by
 * ReplacingMergeTree) counts once.
 */
export async function planRecordPages(
  store: EventStore,
  query: RecordQuery,
  options: { after: RecordCursor | null; pageSize: number },
): Promise<RecordPlan> {
  const source = SOURCES[query.model];
  const params: Record<string, unknown> = { page_size: options.pageSize };
  const { from, where } = source.source(query, params, {});
  const keys = source.key.map(({ column }) => column).join(", ");
  const ahead = options.after ? keyCompare(source, ">", options.after, "after", params) : "1";
  const rows = await store.query<Record<string, string> & { total: string; ahead: number }>(
    `SELECT ${source.key.map(({ column }) => `toString(${column}) AS ${column}`).join(", ")}, total, ${ahead} AS ahead
     FROM (SELECT ${keys}, row_number() OVER (ORDER BY ${keys}) AS n, count() OVER () AS total
           FROM (SELECT DISTINCT ${keys} FROM ${from} WHERE ${where}))
     WHERE n % {page_size:UInt64} = 0 OR n = total ORDER BY n`,
    params,
    READ_SETTINGS,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    pageEnds: rows
      .filter((row) => Number(row.ahead) === 1)
      .map((row) => Object.fromEntries(source.key.map(({ column }) => [column, row[column]]))),
  };
}

/** The records after `after` (null: from the interval's start) up to and including `last`, in `format`. */
export async function readRecordPage(
  store: EventStore,
  query: RecordQuery,
  range: { after: RecordCursor | null; last: RecordCursor },
  format: PageFormat,
): Promise<RecordPage> {
  const source = SOURCES[query.model];
  const fields = exportColumns(query.model, query.schema);
  const columns = fields.map(({ alias, json }) => ({ name: alias, json }));
  const params: Record<string, unknown> = {};
  const select = selectList(fields, format, query.schema?.values ?? {}, params);
  const { from, where } = source.source(query, params, { after: range.after ?? undefined, last: range.last });
  const sql = `SELECT ${select} FROM ${from} WHERE ${where} ORDER BY ${keyTuple(source)} ${source.tail}`;
  if (format === "rows") {
    const rows = await store.query<Record<string, unknown>>(sql, params, READ_SETTINGS);
    return { format, columns, count: rows.length, cursor: range.last, rows };
  }
  const body = await store.queryBytes(sql, ENGINE_FORMAT[format], params, format === "jsonl" ? JSONL_SETTINGS : READ_SETTINGS);
  return { format, columns, count: countLines(body), cursor: range.last, body };
}

/** Lines in the engine's output: one a record (its own line breaks are escaped). */
function countLines(body: Uint8Array): number {
  let count = 0;
  for (let at = body.indexOf(10); at !== -1; at = body.indexOf(10, at + 1)) count++;
  return count;
}

/** Whether `value` is a position of `model` (a run's stored cursor read back). */
export function isRecordCursor(model: RecordModel, value: unknown): value is RecordCursor {
  return (
    typeof value === "object" &&
    value !== null &&
    SOURCES[model].key.every(({ column }) => typeof (value as Record<string, unknown>)[column] === "string")
  );
}
