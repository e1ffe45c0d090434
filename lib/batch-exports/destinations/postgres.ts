import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { ExportColumn, RecordPage } from "../records";
import { configString, type Destination, type DestinationWriter } from "./types";

type Flavour = "Postgres" | "Redshift";

/** PostHog's column types for the default events table; a schema's own columns are text (JSON ones as JSON). */
const DEFAULT_TYPES: Record<string, string> = {
  uuid: "VARCHAR(200)",
  event: "VARCHAR(200)",
  distinct_id: "VARCHAR(200)",
  team_id: "INTEGER",
  ip: "VARCHAR(200)",
  site_url: "VARCHAR(200)",
  timestamp: "TIMESTAMP WITH TIME ZONE",
};

function columnType(column: ExportColumn, flavour: Flavour, config: Record<string, unknown>): string {
  if (column.json) return flavour === "Redshift" ? configString(config, "properties_data_type", "varchar").toUpperCase() === "SUPER" ? "SUPER" : "VARCHAR(65535)" : "JSONB";
  return DEFAULT_TYPES[column.name] ?? (flavour === "Redshift" ? "VARCHAR(65535)" : "TEXT");
}

function connect(config: Record<string, unknown>, timeoutMs?: number): pg.Client {
  return new pg.Client({
    host: configString(config, "host"),
    port: Number(config.port ?? 5432),
    user: configString(config, "user"),
    password: typeof config.password === "string" ? config.password : undefined,
    database: configString(config, "database"),
    // PostHog's `has_self_signed_cert`: TLS without verifying the server's certificate.
    ssl: config.has_self_signed_cert === true ? { rejectUnauthorized: false } : undefined,
    connectionTimeoutMillis: timeoutMs ?? 30_000,
    application_name: "hedgerow-batch-export",
  });
}

/** A value in COPY's text format: `\N` for null, backslash escapes for the separators. */
function copyValue(value: unknown, json: boolean): string {
  if (value === null || value === undefined) return "\\N";
  let text = typeof value === "string" ? value : JSON.stringify(value);
  // jsonb refuses the NUL escape that JSON text may hold.
  if (json && text.includes("\\u0000")) text = text.replace(/\\u0000/g, "");
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r")) : text;
}

function* copyLines(page: RecordPage): Generator<string> {
  const { columns, rows } = page;
  let chunk = "";
  for (const row of rows) {
    let line = "";
    for (let i = 0; i < columns.length; i++) line += (i ? "\t" : "") + copyValue(row[columns[i].name], columns[i].json);
    chunk += line + "\n";
    if (chunk.length > 1 << 20) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/** Multi-row INSERTs (Redshift has no COPY from the client), bounded in parameters per statement. */
async function insertRows(client: pg.Client, table: string, page: RecordPage) {
  const { columns, rows } = page;
  const perStatement = Math.max(1, Math.floor(30_000 / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const slice = rows.slice(start, start + perStatement);
    const values: unknown[] = [];
    const tuples = slice.map((row) => `(${columns.map((column) => `$${values.push(row[column.name] ?? null)}`).join(", ")})`);
    await client.query(`INSERT INTO ${table} VALUES ${tuples.join(", ")}`, values);
  }
}

/**
 * PostgreSQL and Redshift: the table (PostHog's columns, or the schema's) is created if missing; each page is loaded
 * into a temporary staging table (COPY on PostgreSQL, multi-row INSERT on Redshift) and merged in one transaction:
 * rows of the same `uuid` are deleted, then the page inserted. Writing a page again leaves each event once.
 */
export function postgresDestination(flavour: Flavour): Destination {
  return {
    async open(config) {
      const client = connect(config);
      await client.connect();
      const schema = client.escapeIdentifier(configString(config, "schema", "public"));
      const table = `${schema}.${client.escapeIdentifier(configString(config, "table_name", "events"))}`;
      let created = false;
      const writer: DestinationWriter = {
        async writePage(page) {
          if (!created) {
            const definition = page.columns.map((column) => `${client.escapeIdentifier(column.name)} ${columnType(column, flavour, config)}`);
            await client.query(`CREATE TABLE IF NOT EXISTS ${table} (${definition.join(", ")})`);
            // Merges find a page's uuids by index (Redshift has no indexes: it sorts and zone-maps instead).
            if (flavour === "Postgres") {
              const indexName = client.escapeIdentifier(`${configString(config, "table_name", "events")}_uuid`.slice(0, 63));
              await client.query(`CREATE INDEX IF NOT EXISTS ${indexName} ON ${table} (uuid)`);
            }
            created = true;
          }
          const names = page.columns.map((column) => client.escapeIdentifier(column.name)).join(", ");
          await client.query("BEGIN");
          try {
            await client.query(`CREATE TEMPORARY TABLE hedgerow_stage (LIKE ${table}) ON COMMIT DROP`);
            if (flavour === "Postgres") {
              await pipeline(Readable.from(copyLines(page)), client.query(copyFrom(`COPY hedgerow_stage (${names}) FROM STDIN`)));
            } else {
              await insertRows(client, `hedgerow_stage (${names})`, page);
            }
            await client.query(`DELETE FROM ${table} USING hedgerow_stage WHERE ${table}.uuid = hedgerow_stage.uuid`);
            await client.query(`INSERT INTO ${table} (${names}) SELECT ${names} FROM hedgerow_stage`);
            await client.query("COMMIT");
          } catch (error) {
            await client.query("ROLLBACK").catch(() => undefined);
            throw error;
          }
        },
        close: () => client.end(),
      };
      return writer;
    },
    async check(config, signal) {
      const client = connect(config, 10_000);
      const abort = () => void client.end().catch(() => undefined);
      signal.addEventListener("abort", abort, { once: true });
      try {
        await client.connect();
        const schema = configString(config, "schema", "public");
        const { rows } = await client.query<{ ok: boolean }>(
          "SELECT has_schema_privilege($1, 'CREATE') AS ok",
          [schema],
        );
        if (!rows[0]?.ok) throw new Error(`The user cannot create tables in the schema "${schema}".`);
      } finally {
        signal.removeEventListener("abort", abort);
        await client.end().catch(() => undefined);
      }
    },
  };
}
