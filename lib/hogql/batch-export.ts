import { personIdJoin, personPropertiesJoin } from "@/lib/analytics/filters";
import { validationError } from "@/lib/api/errors";
import type { Expr, Query } from "./ast";
import { EVENTS_STAR, columnName, compileEventsExpression, projectEvents } from "./compile";
import { HogQLQueryError, HogQLSyntaxError } from "./errors";
import { parseQuery } from "./parser";
import { printSelect } from "./print";

/** PostHog's batch export `schema`: the exported columns as ClickHouse SQL over `events AS e`. */
export interface BatchExportSchema {
  fields: { expression: string; alias: string }[];
  values: Record<string, unknown>;
  hogql_query: string;
}

const refuse = (detail: string) => validationError(detail, "hogql_query");

/**
 * A batch export's `hogql_query` (`SELECT event, properties.$browser AS browser FROM events`) as PostHog stores
 * it: each column compiled to ClickHouse SQL, with PostHog's refusals (400 on `hogql_query`). Constants are printed
 * into the expressions, so `values` is empty. Expressions read `events AS e`; see `batchExportSource` for the FROM.
 */
export function batchExportSchemaFromHogQL(hogql: string): BatchExportSchema {
  let query: Query;
  try {
    query = parseQuery(hogql);
  } catch (error) {
    if (error instanceof HogQLSyntaxError) throw refuse("Failed to parse query");
    throw error;
  }
  if (query.kind === "union") throw refuse("UNIONs are not supported");
  if (!query.from) throw refuse("Query must SELECT FROM events");
  if (query.from.kind !== "table" || query.from.name !== "events") throw refuse("Query must only SELECT FROM events");
  if (query.from.joins.length) throw refuse("JOINs are not supported");
  if (
    query.where ||
    query.groupBy.length ||
    query.having ||
    query.orderBy.length ||
    query.limit !== null ||
    query.offset !== null ||
    query.distinct
  )
    throw refuse("Unsupported HogQL query");

  const qualifier = query.from.alias;
  const items = query.select.flatMap((item): Expr[] =>
    item.kind === "star" ? EVENTS_STAR.map((name) => ({ kind: "field", chain: [name], at: item.at })) : [item],
  );
  const fields = items.map((item) => {
    const inner = item.kind === "alias" ? item.expr : item;
    // `e.event` where the query said `FROM events AS e`: the compiler knows `events` as the qualifier.
    const unqualified = qualifier ? renameQualifier(inner, qualifier) : inner;
    try {
      return { expression: compileEventsExpression(unqualified, { teamId: 0, timezone: "UTC" }).sql, alias: columnName(item) };
    } catch (error) {
      if (error instanceof HogQLQueryError) throw refuse("Unsupported HogQL query");
      throw error;
    }
  });
  return { fields, values: {}, hogql_query: printSelect(query) };
}

function renameQualifier(expr: Expr, qualifier: string): Expr {
  return JSON.parse(JSON.stringify(expr), (key, value) =>
    key === "chain" && Array.isArray(value) && value.length > 1 && value[0] === qualifier ? ["events", ...value.slice(1)] : value,
  ) as Expr;
}

/**
 * The FROM clause a batch export's fields read: the project's events as `e` (filtered inside, where no alias of the
 * query can stand for the condition), joined to the person when a field names it. `team` is the SQL of the project
 * id (a placeholder such as `{team:Int64}`).
 */
export function batchExportSource(schema: BatchExportSchema, team: string): string {
  const sql = schema.fields.map((f) => f.expression).join(" ");
  // The person's SQL names the joins' aliases (`pdi.`, `pp.`), which nothing else compiles to.
  const personProperties = /\bpp\./.test(sql);
  const personId = personProperties || /\bpdi\./.test(sql);
  return `${projectEvents(team)}${personId ? ` ${personIdJoin(team)}` : ""}${personProperties ? ` ${personPropertiesJoin(team)}` : ""}`;
}
