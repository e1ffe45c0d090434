import type { ExportColumn, PageFormat, RecordModel, RecordPage } from "../records";

/** Which interval a destination writes (its objects' keys and its log lines name it). */
export interface ExportInterval {
  batchExportId: string;
  /** The project whose records the run exports. */
  teamId: number;
  model: RecordModel;
  /** Only some of the interval's events are exported (`include_events`/`exclude_events`). */
  filtered: boolean;
  start: Date | null;
  end: Date;
}

/** A destination opened for one run: each page is written idempotently (writing a page again changes nothing). */
export interface DestinationWriter {
  /** Writes the `part`th page of the interval (parts are numbered from 0 in cursor order). */
  writePage(page: RecordPage, part: number): Promise<void>;
  close(): Promise<void>;
}

export interface Destination {
  /** The form its pages are read in (`copy` and `jsonl` are written by the engine, not row by row in Node). */
  format: PageFormat;
  open(config: Record<string, unknown>, interval: ExportInterval): Promise<DestinationWriter>;
  /** Tries the destination with this config (connects, lists, authenticates) without writing; throws what went wrong. */
  check(config: Record<string, unknown>, signal: AbortSignal): Promise<void>;
}

/** The page's rows: a destination reads its pages in its own `format`. */
export function rowsOf(page: RecordPage): Record<string, unknown>[] {
  if (page.format !== "rows") throw new Error(`A page in ${page.format} where rows were expected.`);
  return page.rows;
}

/** The page's bytes as the engine wrote them in the destination's `format`. */
export function bodyOf(page: RecordPage): Uint8Array {
  if (page.format === "rows") throw new Error("A page of rows where the engine's bytes were expected.");
  return page.body;
}

/** A row as one JSON object of its columns, JSON-valued columns embedded as they are (no parse and re-serialize). */
export function rowToJson(row: Record<string, unknown>, columns: readonly ExportColumn[]): string {
  let text = "{";
  for (let i = 0; i < columns.length; i++) {
    const { name, json } = columns[i];
    const value = row[name];
    text += `${i ? "," : ""}${JSON.stringify(name)}:${json ? ((value as string | null) ?? "null") : JSON.stringify(value ?? null)}`;
  }
  return text + "}";
}

/** Reads a config field of the expected type (the API validated the config; defaults as PostHog's inputs have them). */
export function configString(config: Record<string, unknown>, name: string, fallback?: string): string {
  const value = config[name];
  if (typeof value === "string" && value !== "") return value;
  if (fallback !== undefined) return fallback;
  throw new Error(`The destination's configuration has no '${name}'.`);
}
