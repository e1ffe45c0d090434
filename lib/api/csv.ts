// No zod here: the builder's CSV download (components/insights/trends/results.ts) ships this module to the browser.

/**
 * `format=csv` as DRF's (rest_framework_csv) renderer writes it: nested objects flattened to dotted columns
 * (`filters.insight`, `tags.0`), columns in first-seen order, `True`/`False` for booleans, empty for null.
 */
function flatten(value: unknown, prefix: string, out: Record<string, unknown>) {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, item] of entries) flatten(item, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  out[prefix] = value;
}

/** What a spreadsheet would run as a formula (OWASP's CSV injection list): `= + - @`, tab or carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value === true ? "True" : value === false ? "False" : String(value);
  // A number (-3) is data, never a formula; any text that could start one is kept as text by a leading quote.
  if (typeof value !== "number" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: Record<string, unknown>[]): string {
  const flat = rows.map((row) => {
    const out: Record<string, unknown> = {};
    flatten(row, "", out);
    return out;
  });
  const header: string[] = [];
  const seen = new Set<string>();
  for (const row of flat)
    for (const key of Object.keys(row))
      if (!seen.has(key)) {
        seen.add(key);
        header.push(key);
      }
  return [header.map(cell).join(","), ...flat.map((row) => header.map((h) => cell(row[h])).join(","))].join("\r\n") + "\r\n";
}

/** The CSV as a file to save (`attachment`), never a page the browser would render. */
export function csvResponse(rows: Record<string, unknown>[], filename: string, status = 200): Response {
  return new Response(toCsv(rows), {
    status,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
    },
  });
}

/** A CSV's file name from the operation's path: `/api/projects/{projectId}/insights/trend/` → `trend.csv`. */
export function csvFilename(path: string): string {
  const named = path.split("/").filter((segment) => segment && !segment.startsWith("{"));
  return `${named.at(-1) ?? "export"}.csv`;
}

/** The rows of an answer: a page's results, a list's items, else the answer itself as one row. */
export function csvRows(answer: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(answer)
    ? answer
    : Array.isArray((answer as { results?: unknown })?.results)
      ? (answer as { results: unknown[] }).results
      : [answer];
  return rows.map((row) => (row !== null && typeof row === "object" ? (row as Record<string, unknown>) : { value: row }));
}
