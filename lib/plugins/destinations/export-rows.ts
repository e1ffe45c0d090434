import { createHash } from "node:crypto";
import type { DestinationWriter, ExportInterval } from "@/lib/batch-exports/destinations/types";
import { exportColumns, type ExportColumn, type PageFormat, type RecordPage } from "@/lib/batch-exports/records";
import type { DestinationEvent } from "./kinds";

/** PostHog's events table and export lines (the batch exports' default columns, which PostHog's apps wrote too). */
const COLUMNS: ExportColumn[] = exportColumns("events").map((field) => ({ name: field.alias, json: field.json }));

/** JSON text without the NUL PostgreSQL refuses (its `\u0000` escape; an escaped backslash before it is kept). */
const json = (value: unknown) => JSON.stringify(value).replace(/(?<!\\)((?:\\\\)*)\\u0000/g, "$1");
const jsonOrNull = (value: unknown) => (value && typeof value === "object" ? json(value) : null);

/** An event's row: JSON columns as JSON text, the others as their values. */
export function rowOf({ event, projectId }: DestinationEvent): Record<string, unknown> {
  const { properties } = event;
  const values: Record<string, unknown> = {
    uuid: event.uuid,
    event: event.event,
    properties: json(properties),
    elements: json(event.elements_chain),
    set: jsonOrNull(properties.$set),
    set_once: jsonOrNull(properties.$set_once),
    distinct_id: event.distinct_id,
    team_id: projectId,
    ip: typeof properties.$ip === "string" && properties.$ip ? properties.$ip : null,
    site_url: "",
    timestamp: new Date(event.timestamp).toISOString(),
  };
  return Object.fromEntries(COLUMNS.map(({ name }) => [name, values[name] ?? null]));
}

/** A row as one JSON object, JSON columns embedded (an export line). */
export const lineOf = (row: Record<string, unknown>) =>
  `{${COLUMNS.map(({ name, json: isJson }) => `${JSON.stringify(name)}:${isJson ? ((row[name] as string | null) ?? "null") : JSON.stringify(row[name])}`).join(",")}}`;

/** A value in COPY's text format: `\N` for null, backslash escapes, no NUL. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  return String(value)
    .replaceAll("\0", "")
    .replace(/[\\\n\r\t]/g, (c) => (c === "\\" ? "\\\\" : c === "\n" ? "\\n" : c === "\r" ? "\\r" : "\\t"));
}

/** The events as a page of the batch exports' writers, in the writer's format. */
export function pageOf(events: DestinationEvent[], format: PageFormat): RecordPage {
  const rows = events.map(rowOf);
  const last = events[events.length - 1].event;
  const base = { columns: COLUMNS, count: rows.length, cursor: { timestamp: last.timestamp, uuid: last.uuid } };
  if (format === "rows") return { ...base, format, rows };
  const text =
    format === "jsonl"
      ? rows.map((row) => `${lineOf(row)}\n`).join("")
      : rows.map((row) => `${COLUMNS.map(({ name }) => copyText(row[name])).join("\t")}\n`).join("");
  return { ...base, format, body: Buffer.from(text) };
}

/**
 * The interval a batch is written as: its events' times, only some of its events (so a writer never replaces what
 * the table holds of that time), and a part named by its events, the same when the batch is retried.
 */
export function intervalOf(events: DestinationEvent[]): { interval: ExportInterval; part: number } {
  const times = events.map((event) => Date.parse(event.event.timestamp));
  const interval: ExportInterval = {
    batchExportId: "pipeline-app",
    teamId: events[0].projectId,
    model: "events",
    filtered: true,
    start: new Date(Math.min(...times)),
    end: new Date(Math.max(...times) + 1),
  };
  const digest = createHash("sha256")
    .update(events.map((event) => event.event.uuid).join(","))
    .digest();
  return { interval, part: digest.readUIntBE(0, 6) };
}

/** Writes the batch as one page through a writer opened for it, closed whatever happens. */
export async function writeBatch(
  open: (interval: ExportInterval) => Promise<DestinationWriter>,
  events: DestinationEvent[],
  format: PageFormat,
) {
  if (!events.length) return;
  const { interval, part } = intervalOf(events);
  const writer = await open(interval);
  try {
    await writer.writePage(pageOf(events, format), part);
  } finally {
    await writer.close();
  }
}
