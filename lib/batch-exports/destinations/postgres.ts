import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { isIP } from "node:net";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { resolveDestination, unreachable } from "@/lib/net/destination-guard";
import type { ExportColumn, RecordModel, RecordPage } from "../records";
import { bodyOf, configString, rowsOf, type Destination, type DestinationWriter, type ExportInterval } from "./types";

type Flavour = "Postgres" | "Redshift";

/**
 * The table of each model as PostHog creates it: its columns' types (a schema's own columns are text, JSON ones as
 * JSON), the key a row is merged on, and for persons the versions that decide which row is newer.
 */
const TABLES: Record<RecordModel, { types: Record<string, string>; key: string[]; versions: string[] }> = {
  events: {
    types: {
      uuid: "VARCHAR(200)",
      event: "VARCHAR(200)",
      distinct_id: "VARCHAR(200)",
      team_id: "INTEGER",
      ip: "VARCHAR(200)",
      site_url: "VARCHAR(200)",
      timestamp: "TIMESTAMP WITH TIME ZONE",
    },
    key: ["uuid"],
    versions: [],
  },
  persons: {
    types: {
      team_id: "BIGINT",
      person_version: "BIGINT",
      person_distinct_id_version: "BIGINT",
      created_at: "TIMESTAMP WITH TIME ZONE",
      is_deleted: "BOOLEAN",
      _inserted_at: "TIMESTAMP WITH TIME ZONE",
    },
    key: ["team_id", "distinct_id"],
    versions: ["person_version", "person_distinct_id_version"],
  },
};

function columnType(column: ExportColumn, types: Record<string, string>, flavour: Flavour, config: Record<string, unknown>): string {
  if (column.json)
    return flavour === "Redshift"
      ? configString(config, "properties_data_type", "varchar").toUpperCase() === "SUPER"
        ? "SUPER"
        : "VARCHAR(65535)"
      : "JSONB";
  return types[column.name] ?? (flavour === "Redshift" ? "VARCHAR(65535)" : "TEXT");
}

/**
 * A client connected to the config's database, through the destination guard: the host resolved and checked once and
 * the connection made to that address (TLS still verifies the host's name). The password is always the config's:
 * never PGPASSWORD or ~/.pgpass of the server. Failing to connect or authenticate is the generic
 * DestinationUnreachable (whether a database, a role or a port exists is for the server's log).
 */
async function connect(config: Record<string, unknown>, timeoutMs = 30_000): Promise<pg.Client> {
  const host = configString(config, "host");
  const { address } = await resolveDestination(host);
  const password = typeof config.password === "string" ? config.password : "";
  const client = new pg.Client({
    host: address,
    port: Number(config.port ?? 5432),
    user: configString(config, "user"),
    // A function: an empty string would fall back to the server's PGPASSWORD or ~/.pgpass.
    password: () => password,
    database: configString(config, "database"),
    // PostHog's `has_self_signed_cert`: TLS without verifying the server's certificate.
    ssl: config.has_self_signed_cert === true ? { rejectUnauthorized: false, servername: isIP(host) ? undefined : host } : undefined,
    connectionTimeoutMillis: timeoutMs,
    application_name: "hedgerow-batch-export",
  });
  // A connection lost later is reported by the query that needed it.
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw unreachable(`PostgreSQL ${host} (${address}) port ${String(config.port ?? 5432)}: could not connect`, error);
  }
  return client;
}

/** Multi-row INSERTs (Redshift has no COPY from the client), bounded in parameters per statement. */
async function insertRows(client: pg.Client, table: string, page: RecordPage) {
  const { columns } = page;
  const rows = rowsOf(page);
  const perStatement = Math.max(1, Math.floor(30_000 / columns.length));
  for (let start = 0; start < rows.length; start += perStatement) {
    const slice = rows.slice(start, start + perStatement);
    const values: unknown[] = [];
    const tuples = slice.map((row) => `(${columns.map((column) => `$${values.push(row[column.name] ?? null)}`).join(", ")})`);
    await client.query(`INSERT INTO ${table} VALUES ${tuples.join(", ")}`, values);
  }
}

/**
 * The SQL condition selecting the table's events of the run's interval and project, with its values; null for
 * columns without `timestamp` or `team_id` (a schema without them), which cannot tell.
 */
function intervalCondition(columns: readonly ExportColumn[], interval: ExportInterval): { where: string; values: unknown[] } | null {
  if (!["timestamp", "team_id"].every((name) => columns.some((column) => column.name === name))) return null;
  const values: unknown[] = [interval.end.toISOString(), interval.teamId];
  const conditions = ['"timestamp" < $1', "team_id = $2"];
  if (interval.start) conditions.push(`"timestamp" >= $${values.push(interval.start.toISOString())}`);
  return { where: conditions.join(" AND "), values };
}

/**
 * PostgreSQL and Redshift: the table (PostHog's columns of the model, or the schema's) is created if missing. Events on
 * PostgreSQL are COPYed straight into it, the interval being the run's alone (one run of an interval at a time, each
 * page one transaction): a run from its first page replaces the interval (the table's events of the interval and
 * project deleted in the first page's transaction); a run exporting only some events (`include_events`,
 * `exclude_events`, which another export may complete) does so when the table holds none of the interval's events.
 * Otherwise (a resumed run, a filtered re-run, persons, Redshift, a schema without `timestamp` or `team_id`) each
 * page is loaded into a temporary staging table (the engine's COPY text as it is, or on Redshift, which has no client
 * COPY, multi-row INSERTs) and merged in one transaction on the model's key: events replace the rows of their uuids
 * (and timestamps, when exported); persons replace a (team_id, distinct_id) row only with a newer version of it and
 * add the new ones. Writing a page again leaves each record once.
 */
export function postgresDestination(flavour: Flavour): Destination {
  return {
    format: flavour === "Postgres" ? "copy" : "rows",
    async open(config, interval) {
      const client = await connect(config);
      const tableName = configString(config, "table_name", "events");
      const table = `${client.escapeIdentifier(configString(config, "schema", "public"))}.${client.escapeIdentifier(tableName)}`;
      const { types, key, versions } = TABLES[interval.model];
      const newer = versions
        .map((name) => `hedgerow_stage.${client.escapeIdentifier(name)} > ${table}.${client.escapeIdentifier(name)}`)
        .join(" OR ");
      let created = false;
      // Decided at the first page: COPY straight into the table (the interval is this run's alone), or merge.
      let direct: boolean | undefined;
      const writer: DestinationWriter = {
        async writePage(page, part) {
          // Events are matched on their timestamp too, when exported: an event's row is then found through the
          // timestamp's index, which also finds an interval's rows, and a second index on uuid (random values, a third
          // of COPY's time) is not needed.
          const mergeKey = !versions.length && page.columns.some((column) => column.name === "timestamp") ? ["timestamp", ...key] : key;
          if (!created) {
            const definition = page.columns.map(
              (column) => `${client.escapeIdentifier(column.name)} ${columnType(column, types, flavour, config)}`,
            );
            // Persons merge on their primary key, as PostHog creates it; events find a page's rows by index
            // (Redshift has no indexes: it sorts and zone-maps instead).
            const primaryKey = versions.length ? `, PRIMARY KEY (${key.map((name) => client.escapeIdentifier(name)).join(", ")})` : "";
            await client.query(`CREATE TABLE IF NOT EXISTS ${table} (${definition.join(", ")}${primaryKey})`);
            if (flavour === "Postgres" && !versions.length) {
              const indexName = client.escapeIdentifier(`${tableName}_${mergeKey[0]}`.slice(0, 63));
              await client.query(`CREATE INDEX IF NOT EXISTS ${indexName} ON ${table} (${client.escapeIdentifier(mergeKey[0])})`);
            }
            created = true;
          }
          const names = page.columns.map((column) => client.escapeIdentifier(column.name)).join(", ");
          const copy = () => pipeline(Readable.from([bodyOf(page)]), client.query(copyFrom(`COPY ${table} (${names}) FROM STDIN`)));
          if (direct === undefined) {
            const events = flavour === "Postgres" && !versions.length ? intervalCondition(page.columns, interval) : null;
            if (events && part === 0 && !interval.filtered) {
              // A run from the start replaces the interval: its events deleted and its first page written at once.
              await client.query("BEGIN");
              try {
                await client.query(`DELETE FROM ${table} WHERE ${events.where}`, events.values);
                await copy();
                await client.query("COMMIT");
              } catch (error) {
                await client.query("ROLLBACK").catch(() => undefined);
                throw error;
              }
              direct = true;
              return;
            }
            // Otherwise only a table holding none of the interval's events takes pages as they are.
            direct =
              events !== null &&
              (await client.query(`SELECT 1 FROM ${table} WHERE ${events.where} LIMIT 1`, events.values)).rows.length === 0;
          }
          if (direct) {
            await copy();
            return;
          }
          const same = mergeKey
            .map((name) => `${table}.${client.escapeIdentifier(name)} = hedgerow_stage.${client.escapeIdentifier(name)}`)
            .join(" AND ");
          await client.query("BEGIN");
          try {
            await client.query(`CREATE TEMPORARY TABLE hedgerow_stage (LIKE ${table}) ON COMMIT DROP`);
            if (flavour === "Postgres") {
              await pipeline(Readable.from([bodyOf(page)]), client.query(copyFrom(`COPY hedgerow_stage (${names}) FROM STDIN`)));
            } else {
              await insertRows(client, `hedgerow_stage (${names})`, page);
            }
            // The page's keys are looked up by index: a hash or merge join would read the whole table for every page.
            if (flavour === "Postgres") await client.query("SET LOCAL enable_hashjoin = off; SET LOCAL enable_mergejoin = off");
            await client.query(`DELETE FROM ${table} USING hedgerow_stage WHERE ${same}${newer ? ` AND (${newer})` : ""}`);
            await client.query(
              `INSERT INTO ${table} (${names}) SELECT ${names} FROM hedgerow_stage` +
                (newer ? ` WHERE NOT EXISTS (SELECT 1 FROM ${table} WHERE ${same})` : ""),
            );
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
      const client = await connect(config, 10_000);
      const abort = () => void client.end().catch(() => undefined);
      signal.addEventListener("abort", abort, { once: true });
      try {
        const schema = configString(config, "schema", "public");
        const { rows } = await client.query<{ ok: boolean }>("SELECT has_schema_privilege($1, 'CREATE') AS ok", [schema]);
        if (!rows[0]?.ok) throw new Error(`The user cannot create tables in the schema "${schema}".`);
      } finally {
        signal.removeEventListener("abort", abort);
        await client.end().catch(() => undefined);
      }
    },
  };
}
