import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { EventStore } from "./types";

export const MIGRATIONS_DIR = path.resolve(/*turbopackIgnore: true*/ process.cwd(), "clickhouse", "migrations");

/**
 * Applies the event-store migrations (clickhouse/migrations/NNNN_name.sql, in name order) not yet recorded in
 * `schema_migrations`, each recorded once all its statements ran. Statements are `IF NOT EXISTS`-safe, so a
 * file interrupted halfway is simply run again.
 */
export async function migrateEventStore(store: EventStore, dir = MIGRATIONS_DIR): Promise<string[]> {
  await store.command(
    `CREATE TABLE IF NOT EXISTS schema_migrations (name String, applied_at DateTime64(3, 'UTC') DEFAULT now64(3))
     ENGINE = MergeTree ORDER BY name`,
  );
  const applied = new Set((await store.query<{ name: string }>("SELECT name FROM schema_migrations")).map((row) => row.name));
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const ran: string[] = [];
  for (const file of files) {
    const name = file.slice(0, -".sql".length);
    if (applied.has(name)) continue;
    for (const statement of splitStatements(readFileSync(path.join(dir, file), "utf8"))) await store.command(statement);
    await store.insert("schema_migrations", [{ name }]);
    ran.push(name);
  }
  return ran;
}

/**
 * A SQL file's statements: `--` comments removed and the text split at `;`, both only outside quoted strings
 * and identifiers ('...', "...", `...`, with backslash escapes and doubled quotes).
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const char = sql[i];
    if (quote) {
      current += char;
      if (char === "\\" && i + 1 < sql.length) current += sql[++i];
      else if (char === quote) {
        if (sql[i + 1] === quote) current += sql[++i];
        else quote = null;
      }
    } else if (char === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      i = end === -1 ? sql.length : end - 1;
    } else if (char === ";") {
      if (current.trim()) statements.push(current.trim());
      current = "";
    } else {
      if (char === "'" || char === '"' || char === "`") quote = char;
      current += char;
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
