import { ApiError, validationError } from "@/lib/api/errors";
import type { Expr } from "@/lib/hogql/ast";
import { compileEventsExpression } from "@/lib/hogql/compile";
import { allowedFunction } from "@/lib/hogql/functions";
import { parseExpression } from "@/lib/hogql/parser";
import { markHogQL, ZONE_MARK, ZONE_PLACEHOLDER } from "./hogql-marks";

/**
 * HogQL expressions inside analyses (segments G25–G27): a breakdown evaluated per event, a series' aggregate
 * (`math_hogql`) and a property filter `{type: "hogql", key}`. Each is compiled against one event `e` of a query
 * that already reads only the project's events: an expression can name the event's fields, its properties and its
 * person's current properties, call the compiler's allowed functions, and nothing else (no table, no subquery, no
 * placeholder), within a size and depth bound.
 */

const MAX_EXPRESSION_LENGTH = 2_000;
/** Deepest nesting of one expression's syntax tree. */
export const MAX_EXPRESSION_DEPTH = 24;
/** Most HogQL expressions one analysis may carry (each is type-checked by the engine before it runs). */
export const MAX_EXPRESSIONS = 20;

/** What an expression is for: a condition, a value per event, or an aggregate over a bucket's events. */
export type HogQLUse = "filter" | "breakdown" | "aggregate";

/** The event's person in analyses: the person row the queries join as `pp` (see persons.ts). */
const PERSON_ID_SQL = "pp.id";

const USE_NAMES: Record<HogQLUse, string> = { filter: "A HogQL filter", breakdown: "A HogQL breakdown", aggregate: "math_hogql" };

const refuse = (detail: string, attr: string, code = "invalid_hogql") => validationError(detail, attr, code);

/** Parses an expression's text within the bounds; syntax errors answer with the caller's attr. */
function parseBounded(text: unknown, use: HogQLUse, attr: string): Expr {
  if (typeof text !== "string" || text.trim() === "") throw refuse(`${USE_NAMES[use]} needs an expression.`, attr, "required");
  if (text.length > MAX_EXPRESSION_LENGTH)
    throw refuse(`${USE_NAMES[use]} is longer than ${MAX_EXPRESSION_LENGTH.toLocaleString("en-US")} characters.`, attr, "max_length");
  try {
    return parseExpression(text);
  } catch (error) {
    if (error instanceof ApiError) throw refuse(error.detail, attr, error.code);
    throw error;
  }
}

/** The node's children that are expressions (a subquery is none: it is refused before). */
function children(expr: Expr): Expr[] {
  switch (expr.kind) {
    case "call":
      return expr.args;
    case "binary":
      return [expr.left, expr.right];
    case "and":
    case "or":
      return expr.exprs;
    case "not":
    case "negate":
    case "isNull":
    case "interval":
    case "alias":
      return [expr.kind === "interval" ? expr.value : expr.expr];
    case "between":
      return [expr.expr, expr.low, expr.high];
    case "in":
      return [expr.expr, ...(Array.isArray(expr.list) ? expr.list : [])];
    case "case":
      return [...expr.branches.flatMap((b) => [b.when, b.then]), ...(expr.otherwise ? [expr.otherwise] : [])];
    case "array":
    case "tuple":
      return expr.items;
    default:
      return [];
  }
}

const isAggregateCall = (expr: Expr) => expr.kind === "call" && allowedFunction(expr.name)?.aggregate === true;

/**
 * Refuses what an analysis' expression may not hold: subqueries, placeholders, aliases, unknown functions,
 * aggregates where a value per event is wanted (and inside another aggregate), fields outside any aggregate in
 * `math_hogql`, and trees deeper than MAX_EXPRESSION_DEPTH.
 */
function checkTree(root: Expr, use: HogQLUse, attr: string): void {
  const name = USE_NAMES[use];
  const visit = (expr: Expr, depth: number, inAggregate: boolean) => {
    if (depth > MAX_EXPRESSION_DEPTH) throw refuse(`${name} is nested deeper than ${MAX_EXPRESSION_DEPTH} levels.`, attr, "max_depth");
    if (expr.kind === "in" && !Array.isArray(expr.list)) throw refuse(`${name} cannot hold a subquery.`, attr, "subquery");
    if (expr.kind === "placeholder") throw refuse(`${name} cannot hold placeholders ({${expr.name}}).`, attr);
    if (expr.kind === "alias") throw refuse(`${name} cannot hold an alias (AS ${expr.alias}).`, attr);
    if (expr.kind === "call") {
      const spec = allowedFunction(expr.name);
      if (!spec)
        throw refuse(`${name} cannot call '${expr.name.slice(0, 100)}(...)': it is not a function HogQL allows.`, attr, "unknown_function");
      if (spec.aggregate) {
        if (use !== "aggregate")
          throw refuse(`${name} is evaluated per event: it cannot use the aggregate function '${expr.name}'.`, attr, "aggregate");
        if (inAggregate) throw refuse(`${name} cannot nest the aggregate '${expr.name}' inside another aggregate.`, attr, "aggregate");
      }
    }
    if (use === "aggregate" && !inAggregate && expr.kind === "field")
      throw refuse(
        `${name} must be an aggregate: "${expr.chain.join(".").slice(0, 100)}" is outside any aggregate function (count(), sum(…)…).`,
        attr,
        "aggregate",
      );
    for (const child of children(expr)) visit(child, depth + 1, inAggregate || isAggregateCall(expr));
  };
  visit(root, 1, false);
  if (use === "aggregate" && !containsAggregate(root))
    throw refuse(`${name} must be an aggregate over the events, such as count() or sum(toFloat(properties.price)).`, attr, "aggregate");
}

const containsAggregate = (expr: Expr): boolean => isAggregateCall(expr) || children(expr).some(containsAggregate);

type Branch = { when: Expr; then: Expr };
/** A CASE's branches with `map` applied to both sides. */
const mapBranches = (branches: Branch[], map: (e: Expr) => Expr): Branch[] =>
  // biome-ignore lint/suspicious/noThenProperty: a CASE branch's THEN expression; the object is never awaited
  branches.map((b) => ({ when: map(b.when), then: map(b.then) }));

/** What a comparison gives when one side is NULL (G27): `!=` and `NOT LIKE` true, the others false. */
const NULL_RESULT: Partial<Record<string, number>> = {
  "=": 0,
  "!=": 1,
  "<": 0,
  "<=": 0,
  ">": 0,
  ">=": 0,
  like: 0,
  "not like": 1,
  ilike: 0,
  "not ilike": 1,
  "=~": 0,
  "!~": 1,
};

/** The tree with HogQL's NULL rules on every comparison: `ifNull(x != c, 1)`, `ifNull(x = c, 0)`… */
function withNullRules(expr: Expr): Expr {
  const map = (e: Expr) => withNullRules(e);
  switch (expr.kind) {
    case "binary": {
      const mapped: Expr = { ...expr, left: map(expr.left), right: map(expr.right) };
      const onNull = NULL_RESULT[expr.op];
      if (onNull === undefined) return mapped;
      return {
        kind: "call",
        name: "ifNull",
        distinct: false,
        at: expr.at,
        args: [mapped, { kind: "constant", value: onNull, at: expr.at }],
      };
    }
    case "call":
      return { ...expr, args: expr.args.map(map) };
    case "and":
    case "or":
      return { ...expr, exprs: expr.exprs.map(map) };
    case "not":
    case "negate":
    case "isNull":
      return { ...expr, expr: map(expr.expr) };
    case "between":
      return { ...expr, expr: map(expr.expr), low: map(expr.low), high: map(expr.high) };
    case "in":
      return { ...expr, expr: map(expr.expr), list: Array.isArray(expr.list) ? expr.list.map(map) : expr.list };
    case "case":
      return { ...expr, branches: mapBranches(expr.branches, map), otherwise: expr.otherwise && map(expr.otherwise) };
    case "array":
    case "tuple":
      return { ...expr, items: expr.items.map(map) };
    default:
      return expr;
  }
}

export interface HogQLSql {
  sql: string;
  /** Whether it reads the event's person (the query then joins persons: `pp`). */
  person: boolean;
}

function compile(expr: Expr, attr: string, columns?: ReadonlyMap<string, string>): HogQLSql {
  try {
    // Dates read in the project's timezone, bound when the query runs (see zonedHogQL).
    const compiled = compileEventsExpression(withNullRules(expr), { teamId: 0, timezone: ZONE_MARK, personId: PERSON_ID_SQL }, columns);
    const { person, session } = compiled;
    const sql = compiled.sql.replaceAll(`'${ZONE_MARK}'`, ZONE_PLACEHOLDER);
    // Analyses join no session table: their session filters, maths and breakdowns have their own fields.
    if (session)
      throw refuse(
        "session.$session_duration is only available in HogQL queries: use a session filter or breakdown here.",
        attr,
        "unsupported",
      );
    return { sql: markHogQL(sql, attr), person: person.id || person.properties };
  } catch (error) {
    if (error instanceof ApiError) throw refuse(error.detail, attr, error.code);
    throw error;
  }
}

/** A hogql property filter's condition on the event `e` (G27): true keeps the event, false and NULL drop it. */
export function hogqlFilterSql(key: unknown, attr = "properties"): HogQLSql {
  const expr = parseBounded(key, "filter", attr);
  checkTree(expr, "filter", attr);
  const { sql, person } = compile(expr, attr);
  return { sql: `ifNull(${sql}, 0)`, person };
}

/** A hogql breakdown's value per event as text, '' when NULL or empty (the "none" value, G25). */
export function hogqlBreakdownSql(text: unknown, attr = "breakdown"): HogQLSql {
  const expr = parseBounded(text, "breakdown", attr);
  checkTree(expr, "breakdown", attr);
  const { sql, person } = compile(expr, attr);
  return { sql: `ifNull(toString(${sql}), '')`, person };
}

export interface HogQLAggregate {
  /** The per-event values the aggregate reads: SQL over `e`, each to be selected as `${prefix}${index}`. */
  columns: string[];
  /** The aggregate over those columns as a number (0 when it is not one, or NULL: an empty bucket, G26). */
  sql: string;
  person: boolean;
}

/**
 * A `math_hogql` aggregate split in two: the arguments of its aggregate calls, per event (a query's inner SELECT
 * over `e`), and the aggregate itself over them, by the names `${prefix}0`, `${prefix}1`… (its outer SELECT).
 */
export function hogqlAggregateSql(text: unknown, prefix: string, attr = "math_hogql"): HogQLAggregate {
  const expr = parseBounded(text, "aggregate", attr);
  checkTree(expr, "aggregate", attr);
  const columns: string[] = [];
  const names = new Map<string, string>();
  let person = false;
  const split = (e: Expr): Expr => {
    if (e.kind === "call" && isAggregateCall(e)) {
      const args = e.args.map((arg) => {
        if (arg.kind === "star") return arg;
        const compiled = compile(arg, attr);
        person ||= compiled.person;
        const name = `${prefix}${columns.length}`;
        columns.push(compiled.sql);
        names.set(name, name);
        return { kind: "field", chain: [name], at: arg.at } satisfies Expr;
      });
      return { ...e, args };
    }
    switch (e.kind) {
      case "call":
        return { ...e, args: e.args.map(split) };
      case "binary":
        return { ...e, left: split(e.left), right: split(e.right) };
      case "and":
      case "or":
        return { ...e, exprs: e.exprs.map(split) };
      case "not":
      case "negate":
      case "isNull":
        return { ...e, expr: split(e.expr) };
      case "between":
        return { ...e, expr: split(e.expr), low: split(e.low), high: split(e.high) };
      case "case":
        return { ...e, branches: mapBranches(e.branches, split), otherwise: e.otherwise && split(e.otherwise) };
      case "array":
      case "tuple":
        return { ...e, items: e.items.map(split) };
      case "in":
        return { ...e, expr: split(e.expr), list: Array.isArray(e.list) ? e.list.map(split) : e.list };
      default:
        return e;
    }
  };
  const outer = compile(split(expr), attr, names);
  return { columns, sql: `ifNull(toFloat64OrNull(toString(${outer.sql})), 0)`, person };
}

/** Whether a hogql expression reads the event's person; false when it does not compile (its 400 comes later). */
export function hogqlUsesPerson(text: unknown, use: Exclude<HogQLUse, "aggregate">): boolean {
  try {
    return (use === "filter" ? hogqlFilterSql(text) : hogqlBreakdownSql(text)).person;
  } catch {
    return false;
  }
}
