import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** How a file's rows are read: JSON Lines by line, the others by ClickHouse's reader of that format. */
type ImportFormat = "jsonl" | "csv" | "parquet";

export interface ImportFile {
  path: string;
  format: ImportFormat;
  size: number;
  /** Path, size and modification time: a file recorded as imported under this key is skipped by a re-run. */
  key: string;
}

const FORMATS: [RegExp, ImportFormat][] = [
  [/\.(jsonl|ndjson|json)$/i, "jsonl"],
  [/\.csv$/i, "csv"],
  [/\.parquet$/i, "parquet"],
];
/** Compressions ClickHouse's file() reader undoes by the name's extension. */
const COMPRESSION = /\.(gz|gzip|zst|zstd|br|xz|bz2|lz4)$/i;

/** The format of a file from its name (`events.jsonl.gz` is JSON Lines), null for a file that holds no events. */
function formatOf(name: string): ImportFormat | null {
  const bare = name.replace(COMPRESSION, "");
  return FORMATS.find(([pattern]) => pattern.test(bare))?.[1] ?? null;
}

/**
 * The files to import from `paths`: a file as given (its format from its name), a directory's event files at any
 * depth; each path's files in name order (an export's files are named by time), hidden files left out, a file
 * named twice listed once.
 */
export function listImportFiles(paths: readonly string[]): ImportFile[] {
  const files: ImportFile[] = [];
  const listed = new Set<string>();
  const add = (file: string, given: boolean) => {
    const format = formatOf(file);
    if (!format) {
      if (given) throw new Error(`${file}: not an event file (expected .jsonl, .ndjson, .json, .csv or .parquet, optionally .gz or .zst)`);
      return;
    }
    const stat = statSync(file);
    if (listed.has(file)) return;
    listed.add(file);
    files.push({ path: file, format, size: stat.size, key: `${file}:${stat.size}:${Math.floor(stat.mtimeMs)}` });
  };
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => !entry.name.startsWith("."))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) add(full, false);
    }
  };
  for (const given of paths) {
    const absolute = path.resolve(given);
    const stat = statSync(absolute, { throwIfNoEntry: false });
    if (!stat) throw new Error(`${given}: no such file or directory`);
    if (stat.isDirectory()) walk(absolute);
    else add(absolute, true);
  }
  return files;
}

const sqlString = (text: string) => `'${text.replace(/[\\']/g, "\\$&")}'`;

/**
 * The file's rows as `(row_number, line)`: `line` a JSON object's text. JSON Lines are read line by line, so a
 * line that is not JSON is still a row (and reported); CSV and Parquet rows are turned into JSON objects of their
 * columns (CSV's all as text: `properties` holds JSON text, which the normalization reads as an object).
 */
function rawRowsSql(file: ImportFile): string {
  const source = sqlString(file.path);
  if (file.format === "jsonl") return `SELECT _row_number + 1 AS row_number, line FROM file(${source}, 'LineAsString')`;
  const format = file.format === "csv" ? "'CSVWithNames'" : "'Parquet'";
  // CSV: the header is line 1.
  const first = file.format === "csv" ? 2 : 1;
  return `SELECT _row_number + ${first} AS row_number, formatRowNoNewline('JSONEachRow', *) AS line FROM file(${source}, ${format})`;
}

/** Settings of every read of import files: CSV columns all read as text, as written. */
export const SOURCE_SETTINGS = {
  input_format_csv_use_best_effort_in_schema_inference: 0,
  schema_inference_make_columns_nullable: 0,
} as const;

/**
 * SQL: whether an event's `properties` text may name a key whose text as written contains `needle` (e.g. '"$set'):
 * the needle is there, or the text writes something with escapes (properties given as JSON text are stored as
 * given, where `"\u0024set"` names `$set`). Looked for before the properties are parsed for it: most events have none.
 */
export const mayName = (needle: string) => `(position(properties, '${needle}') > 0 OR position(properties, '\\\\') > 0)`;

/** SQL: whether an event (its `event` and `properties` text) is sent without a person (`$process_person_profile: false`). */
export const PERSONLESS = `${mayName("$process_person_profile")}
  AND JSONExtractRaw(properties, '$process_person_profile') = 'false'
  AND event NOT IN ('$identify', '$create_alias')`;

const EVENT_TUPLE =
  "Tuple(uuid Nullable(String), event Nullable(String), distinct_id Nullable(String), `$distinct_id` Nullable(String), " +
  "timestamp Nullable(String), properties Nullable(String), elements_chain Nullable(String), elements Nullable(String))";

/**
 * The file's rows as events, normalized as capture does (`lib/capture/events.ts`): `row_number`, `error` (why the
 * row cannot be stored, '' when it can, in capture's words), `uuid` (a row without one gets one derived from
 * the file and its row, so a re-run gives it the same), `event`, `distinct_id` (numbers as their JSON text, at
 * most 200 characters), `timestamp`, `properties` (JSON object text; given as an object or as its text),
 * `elements_chain` (`elements_chain`, else our own export's `elements`, else `properties.$elements_chain`), and
 * `personless` (`$process_person_profile: false`). One JSON parse per row for the fields.
 */
export function eventRowsSql(file: ImportFile): string {
  // Each JSON function parses its argument again: the line is parsed once (the tuple), its properties once
  // (validated); anything else is read only for the rows that need it (multiIf and if evaluate lazily).
  return `
    SELECT row_number, error, uuid, event, distinct_id, timestamp, properties, elements_chain,
      ${PERSONLESS} AS personless
    FROM (
      SELECT row_number, line, f,
        ifNull(f.properties, '{}') AS properties,
        multiIf(notEmpty(ifNull(f.distinct_id, '')), f.distinct_id, notEmpty(ifNull(f.\`$distinct_id\`, '')), f.\`$distinct_id\`,
          ${mayName('"distinct_id"')}, nullIf(JSONExtract(properties, 'distinct_id', 'Nullable(String)'), ''), NULL) AS raw_distinct_id,
        substringUTF8(ifNull(raw_distinct_id, ''), 1, 200) AS distinct_id,
        ifNull(f.event, '') AS event,
        parseDateTime64BestEffortOrNull(ifNull(f.timestamp, ''), 6, 'UTC') AS parsed_timestamp,
        ifNull(parsed_timestamp, toDateTime64(0, 6, 'UTC')) AS timestamp,
        if(ifNull(f.uuid, '') = '', reinterpretAsUUID(sipHash128(${sqlString(file.key)}, row_number)), toUUIDOrNull(f.uuid)) AS parsed_uuid,
        ifNull(parsed_uuid, toUUID('00000000-0000-0000-0000-000000000000')) AS uuid,
        multiIf(notEmpty(ifNull(f.elements_chain, '')), f.elements_chain, notEmpty(ifNull(f.elements, '')), f.elements,
          ${mayName("$elements_chain")}, JSONExtractString(properties, '$elements_chain'), '') AS elements_chain,
        multiIf(
          f.event IS NULL AND NOT isValidJSON(line), 'Line is not valid JSON.',
          NOT startsWith(trimLeft(line), '{'), 'Event must be a JSON object.',
          NOT startsWith(properties, '{') OR NOT isValidJSON(properties), 'Properties must be a JSON object!',
          raw_distinct_id IS NULL, 'All events must have the event field "distinct_id"!',
          event = '', 'All events must have the event name field "event"!',
          parsed_uuid IS NULL, 'Event field "uuid" is not a valid UUID!',
          parsed_timestamp IS NULL, 'Event field "timestamp" is missing or not a date!',
          '') AS error
      FROM (${rawRowsSql(file)})
      -- ARRAY JOIN computes the parse once as a column: the lazily evaluated branches below (multiIf, if) would
      -- each parse the line again if it stayed an expression.
      ARRAY JOIN [JSONExtract(line, '${EVENT_TUPLE}')] AS f
      WHERE notEmpty(trimBoth(line))
    )`;
}
