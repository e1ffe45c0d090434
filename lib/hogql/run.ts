import { getAnalysisStore } from "@/lib/analytics/store";
import { isoInZone } from "@/lib/analytics/retention/result";
import { ApiError, serverError } from "@/lib/api/errors";
import { clickhouseErrorName } from "@/lib/events/store/limits";
import type { Query } from "./ast";
import { compileHogQL, type CompileContext, type CompileOptions, type CompiledQuery } from "./compile";
import { HogQLQueryError, queryErrorMessage } from "./errors";
import { parseQuery } from "./parser";

/** PostHog's HogQLQueryResponse, less the caching fields the query API adds. */
export interface HogQLResult {
  results: unknown[][];
  columns: string[];
  /** `[column, ClickHouse type]` per column. */
  types: [string, string][];
  hogql: string;
  clickhouse: string;
  limit: number;
  offset: number;
  hasMore: boolean;
  timings: { k: string; t: number }[];
}

const seconds = (since: number) => Math.round((performance.now() - since) * 1000) / 1_000_000;

/**
 * A ClickHouse error caused by the query itself: a 400 with the engine's reason. Any other engine error (the
 * engine's files, memory, network) is a server error with an id; its message goes to the log only.
 */
function queryFailure(error: unknown): unknown {
  const name = clickhouseErrorName(error);
  if (error instanceof ApiError || !name) return error;
  const message = queryErrorMessage(error);
  if (message === null) {
    const failure = serverError();
    console.error(`[hogql] the engine failed: ${failure.detail}`, error);
    return failure;
  }
  return new HogQLQueryError(`The query could not run: ${message}`);
}

/** A value as PostHog answers it: 64-bit integers as numbers when exact, date-times as ISO 8601 in their zone. */
function formatValue(value: unknown, type: string, timezone: string): unknown {
  if (value === null || value === undefined) return null;
  const base = type.replace(/^(Nullable|LowCardinality)\((.*)\)$/, "$2").replace(/^(Nullable|LowCardinality)\((.*)\)$/, "$2");
  if (/^U?Int(64|128|256)$/.test(base) && typeof value === "string") {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value;
  }
  if (/^DateTime/.test(base) && typeof value === "string") {
    const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)?$/.exec(value);
    if (!match) return value;
    const zone = /'([^']+)'/.exec(base)?.[1] ?? timezone;
    const wall = new Date(`${match[1]}T${match[2]}Z`);
    // As Python's isoformat: no fraction when it is zero.
    const fraction = match[3] && /[1-9]/.test(match[3]) ? match[3] : "";
    return `${match[1]}T${match[2]}${fraction}${isoInZone(wall, zone).slice(19)}`;
  }
  return value;
}

/** Runs a compiled query: its rows, and its columns' types. */
export async function runCompiled(compiled: CompiledQuery, ctx: CompileContext): Promise<Omit<HogQLResult, "timings">> {
  const store = await getAnalysisStore(ctx.teamId);
  try {
    const rows = await store.query<Record<string, unknown>>(compiled.sql, compiled.params);
    // Each row carries its columns' types; without rows, DESCRIBE tells them (it analyses, reading nothing).
    const types = new Map<string, string>();
    if (rows.length) for (const column of compiled.columns) types.set(column.key, String(rows[0][column.typeKey]));
    else
      for (const { name, type } of await store.query<{ name: string; type: string }>(`DESCRIBE TABLE (${compiled.sql})`, compiled.params))
        types.set(name, type);
    const hasMore = rows.length > compiled.limit;
    const results = rows
      .slice(0, compiled.limit)
      .map((row) => compiled.columns.map((column) => formatValue(row[column.key], types.get(column.key) ?? "", ctx.timezone)));
    return {
      results,
      columns: compiled.columns.map((c) => c.name),
      types: compiled.columns.map((c) => [c.name, types.get(c.key) ?? "Unknown"]),
      hogql: compiled.hogql,
      clickhouse: compiled.sql,
      limit: compiled.limit,
      offset: compiled.offset,
      hasMore,
    };
  } catch (error) {
    throw queryFailure(error);
  }
}

/** A HogQL query (text or parsed) run over the project's rows, with PostHog's timings. */
export async function runHogQL(query: string | Query, ctx: CompileContext, options: CompileOptions = {}): Promise<HogQLResult> {
  if (typeof query !== "string") return runParsed(query, ctx, options);
  try {
    return await runParsed(query, ctx, options);
  } catch (error) {
    throw error instanceof HogQLQueryError ? error.locatedIn(query) : error;
  }
}

/** Parses and compiles a HogQL text without running it: its errors, located in the text. */
export function checkHogQL(text: string, ctx: CompileContext): void {
  try {
    compileHogQL(parseQuery(text), ctx);
  } catch (error) {
    throw error instanceof HogQLQueryError ? error.locatedIn(text) : error;
  }
}

async function runParsed(query: string | Query, ctx: CompileContext, options: CompileOptions): Promise<HogQLResult> {
  const started = performance.now();
  const parsed = typeof query === "string" ? parseQuery(query) : query;
  const parseTime = seconds(started);
  const compileStarted = performance.now();
  const compiled = compileHogQL(parsed, ctx, options);
  const compileTime = seconds(compileStarted);
  const executeStarted = performance.now();
  const result = await runCompiled(compiled, ctx);
  return {
    ...result,
    timings: [
      { k: "./parse", t: parseTime },
      { k: "./compile", t: compileTime },
      { k: "./execute", t: seconds(executeStarted) },
      { k: ".", t: seconds(started) },
    ],
  };
}
