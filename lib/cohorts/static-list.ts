import { and, eq, inArray, sql } from "drizzle-orm";
import { validationError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { personDistinctIds, persons } from "@/lib/db/schema";

/**
 * A static cohort's uploaded list (segments G4): a CSV of one column of distinct ids, or of the column a header
 * row names (`distinct_id`, `person_id` or `email`); members = the persons those identify when it is processed.
 */

const MAX_CSV_BYTES = 4 * 1024 * 1024;
export const MAX_CSV_ROWS = 100_000;
/** Person ids a request may add to a static cohort at once. */
export const MAX_ADDED_PERSONS = 10_000;

type ListColumn = "distinct_id" | "person_id" | "email";
export interface UploadedList {
  column: ListColumn;
  values: string[];
}

const HEADERS: readonly string[] = ["distinct_id", "person_id", "email"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOOKUP_BATCH = 5_000;

const invalidCsv = (detail: string) => validationError(detail, "csv");

/** One CSV line's cells (RFC 4180 quotes). */
function cells(line: string): string[] {
  const out: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') current += line[++i];
      else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      out.push(current);
      current = "";
    } else current += char;
  }
  out.push(current);
  return out.map((c) => c.trim());
}

/** The list a CSV holds, or the 400 it deserves. */
export function parseUploadedList(text: string): UploadedList {
  if (Buffer.byteLength(text) > MAX_CSV_BYTES) throw invalidCsv(`The CSV file may be at most ${MAX_CSV_BYTES / 1024 / 1024} MB.`);
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");
  if (lines.length === 0) throw invalidCsv("The CSV file is empty.");
  const first = cells(lines[0]).map((c) => c.toLowerCase());
  const named = first.findIndex((c) => HEADERS.includes(c));
  let column: ListColumn = "distinct_id";
  let index = 0;
  let rows = lines;
  if (named >= 0) {
    column = first[named] as ListColumn;
    index = named;
    rows = lines.slice(1);
  } else if (first.length > 1) {
    throw invalidCsv("The CSV file must have a single column of distinct ids, or a header row naming distinct_id, person_id or email.");
  }
  if (rows.length > MAX_CSV_ROWS) throw invalidCsv(`The CSV file may have at most ${MAX_CSV_ROWS.toLocaleString("en-US")} rows.`);
  const values = [...new Set(rows.map((line) => cells(line)[index] ?? "").filter((v) => v !== ""))];
  return { column, values };
}

/** The project's persons the list identifies (unknown values ignored, each person once). */
export async function personsOfList(projectId: number, list: UploadedList): Promise<string[]> {
  const db = await getDb();
  const found = new Set<string>();
  const values = list.column === "person_id" ? list.values.filter((v) => UUID.test(v)) : list.values;
  for (let i = 0; i < values.length; i += LOOKUP_BATCH) {
    const batch = values.slice(i, i + LOOKUP_BATCH);
    const rows =
      list.column === "distinct_id"
        ? await db
            .select({ id: personDistinctIds.personId })
            .from(personDistinctIds)
            .where(and(eq(personDistinctIds.projectId, projectId), inArray(personDistinctIds.distinctId, batch)))
        : list.column === "person_id"
          ? await db
              .select({ id: persons.id })
              .from(persons)
              .where(and(eq(persons.projectId, projectId), inArray(persons.id, batch)))
          : await db
              .select({ id: persons.id })
              .from(persons)
              .where(and(eq(persons.projectId, projectId), inArray(sql`${persons.properties} ->> 'email'`, batch)));
    for (const row of rows) found.add(row.id);
  }
  return [...found];
}
