import {
  PERSON_PROPERTIES,
  SqlParams,
  ZProperties,
  actionConditionSql,
  actionUsesPersonProperties,
  loadActions,
  propertyGroupSql,
  usesPersonProperties,
  validateProperties,
} from "@/lib/analytics/filters";
import { validationError } from "@/lib/api/errors";
import type { Expr, OrderItem, SelectQuery } from "@/lib/hogql/ast";
import { compileHogQL, type CompileContext } from "@/lib/hogql/compile";
import { allowedFunction } from "@/lib/hogql/functions";
import { parseExpression } from "@/lib/hogql/parser";
import { dateBoundSql } from "@/lib/hogql/filters";
import { runCompiled, type HogQLResult } from "@/lib/hogql/run";
import type { TEventsQuery } from "./schemas";

/** What `*` and `person` stand for in an EventsQuery's select: fields read, then put together as one object. */
const EVENT_FIELDS = ["uuid", "event", "properties", "timestamp", "team_id", "distinct_id", "elements_chain", "created_at"];
const PERSON_FIELDS: [string, string[]][] = [
  ["uuid", ["person_id"]],
  ["created_at", ["person", "created_at"]],
  ["properties", ["person", "properties"]],
  ["distinct_id", ["distinct_id"]],
];

const field = (chain: string[]): Expr => ({ kind: "field", chain, at: 0 });
const constant = (value: string): Expr => ({ kind: "constant", value, at: 0 });

function parseItem(text: string, attr: string): Expr {
  try {
    return parseExpression(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw validationError(`${attr}: ${JSON.stringify(text)}: ${detail}`, attr);
  }
}

function isAggregate(expr: Expr): boolean {
  if (expr.kind === "call" && allowedFunction(expr.name)?.aggregate) return true;
  return Object.values(expr).some((value) =>
    Array.isArray(value)
      ? value.some((v) => v && typeof v === "object" && "kind" in v && isAggregate(v as Expr))
      : value && typeof value === "object" && "kind" in value && isAggregate(value as Expr),
  );
}

const jsonOrText = (value: unknown) => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/**
 * PostHog's EventsQuery as a HogQL query: its select (with `*`, the event, and `person`), where, event, person,
 * property filters and time bounds (`after` defaults to the last 24 hours), grouped by the plain columns when any
 * column aggregates; ordered by `orderBy`, else the newest first.
 */
export async function runEventsQuery(node: TEventsQuery, ctx: CompileContext, now = new Date()): Promise<HogQLResult> {
  const started = performance.now();
  const slots: { name: string; kind: "event" | "person" | "expr"; width: number }[] = [];
  const select: Expr[] = [];
  for (const text of node.select) {
    const trimmed = text.replace(/--.*$/s, "").trim();
    if (trimmed === "*") {
      slots.push({ name: text, kind: "event", width: EVENT_FIELDS.length });
      select.push(...EVENT_FIELDS.map((name) => field([name])));
    } else if (trimmed === "person") {
      slots.push({ name: text, kind: "person", width: PERSON_FIELDS.length });
      select.push(...PERSON_FIELDS.map(([, chain]) => field(chain)));
    } else {
      slots.push({ name: text, kind: "expr", width: 1 });
      select.push(parseItem(text, "select"));
    }
  }
  const conditions: Expr[] = (node.where ?? []).map((text) => parseItem(text, "where"));
  if (node.event) conditions.push({ kind: "binary", op: "=", left: field(["event"]), right: constant(node.event), at: 0 });
  if (node.personId)
    conditions.push({
      kind: "binary",
      op: "=",
      left: { kind: "call", name: "toString", args: [field(["person_id"])], distinct: false, at: 0 },
      right: constant(node.personId),
      at: 0,
    });

  const params = new SqlParams();
  const raw: { sql: string; person: boolean }[] = [];
  const bound = (value: string | null | undefined, attr: string, op: ">" | "<") => {
    if (value && value !== "all")
      raw.push({ sql: `e.timestamp ${op} ${dateBoundSql(value, attr, ctx.timezone, now, params)}`, person: false });
  };
  bound(node.after === undefined || node.after === null ? "-24h" : node.after, "after", ">");
  bound(node.before, "before", "<");
  const properties = ZProperties.parse(node.properties ?? []);
  validateProperties(properties);
  const propertiesSql = propertyGroupSql(properties, { event: "e.properties", person: PERSON_PROPERTIES }, params);
  if (propertiesSql !== "1") raw.push({ sql: propertiesSql, person: usesPersonProperties(properties) });
  if (node.actionId !== undefined && node.actionId !== null) {
    // An unknown, deleted or other project's action is PostHog's 400.
    const action = (await loadActions(ctx.teamId, [node.actionId])).get(node.actionId)!;
    raw.push({
      sql: actionConditionSql(action, { event: "e.properties", person: PERSON_PROPERTIES }, params),
      person: actionUsesPersonProperties(action),
    });
  }

  const aggregating = select.some(isAggregate);
  const orderBy: OrderItem[] = node.orderBy?.length
    ? node.orderBy.map((text) => {
        const match = /\s+(asc|desc)\s*$/i.exec(text);
        return {
          expr: parseItem(match ? text.slice(0, match.index) : text, "orderBy"),
          direction: match?.[1].toUpperCase() === "DESC" ? "DESC" : "ASC",
        };
      })
    : aggregating
      ? [{ expr: select.find(isAggregate)!, direction: "DESC" }]
      : [{ expr: field(["timestamp"]), direction: "DESC" }];

  const query: SelectQuery = {
    kind: "select",
    distinct: false,
    select,
    from: { kind: "table", name: "events", alias: null, at: 0, joins: [] },
    where: conditions.length === 0 ? null : conditions.length === 1 ? conditions[0] : { kind: "and", exprs: conditions, at: 0 },
    groupBy: aggregating ? select.filter((expr) => !isAggregate(expr)).map((expr) => (expr.kind === "alias" ? expr.expr : expr)) : [],
    having: null,
    orderBy,
    limit: node.limit ?? null,
    offset: node.offset ?? null,
    at: 0,
  };
  const compiled = compileHogQL(query, ctx, { conditions: raw, params: params.values });
  const result = await runCompiled(compiled, ctx);

  // Each slot takes its columns back: `*` and `person` as objects, as PostHog answers them.
  const results = result.results.map((row) => {
    let index = 0;
    return slots.map((slot) => {
      const values = row.slice(index, index + slot.width);
      index += slot.width;
      if (slot.kind === "expr") return values[0];
      const names = slot.kind === "event" ? EVENT_FIELDS : PERSON_FIELDS.map(([name]) => name);
      return Object.fromEntries(names.map((name, i) => [name, name === "properties" ? jsonOrText(values[i]) : values[i]]));
    });
  });
  let typeIndex = 0;
  const types = slots.map((slot): [string, string] => {
    const type = slot.kind === "expr" ? result.types[typeIndex][1] : "Object";
    typeIndex += slot.width;
    return [slot.name, type];
  });
  return { ...result, results, columns: node.select, types, timings: [{ k: ".", t: (performance.now() - started) / 1000 }] };
}
