// HogQL to ClickHouse SQL: one walk over the syntax tree, resolving `events`, `persons`, `sessions` and property
// fields as it goes. Kept in one module past the house size: every node kind's case shares the walk's scope.
import { EXACT_EVENT_COLUMNS } from "@/lib/analytics/filters/event-columns";
import { PERSON_CREATED_AT, PERSON_ID, PERSON_PROPERTIES, personIdJoin, personPropertiesJoin } from "@/lib/analytics/filters/persons";
import { sessionDurationsSql } from "@/lib/analytics/filters/sessions";
import type { Constant, Expr, FromClause, Query, SelectQuery } from "./ast";
import { HogQLQueryError } from "./errors";
import { allowedFunction } from "./functions";
import { printExpr, printSelect } from "./print";

/** PostHog's HogQL row limits: 100 rows unless the query says otherwise, never more than 50,000. */
const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 50_000;

/** The project every table is confined to, as a ClickHouse parameter the compiled SQL names. */
export const TEAM_PARAM = "{hogql_team:Int64}";

/**
 * Names the compiled SQL uses itself. A query's aliases never reach the SQL (its columns are `__cN`), so these only
 * keep the HogQL readable; a dotted alias would read as a qualified field.
 */
const RESERVED_ALIASES = new Set(["e", "pdi", "pp", "p", "sess"]);

/** The events columns a compiled query may read: the table's own and the hot properties' materialized columns. */
const EVENTS_COLUMNS = [
  "uuid",
  "event",
  "properties",
  "timestamp",
  "team_id",
  "distinct_id",
  "person_id",
  "elements_chain",
  "created_at",
  ...Object.values(EXACT_EVENT_COLUMNS).map((column) => column.replace(/^e\./, "")),
];

/**
 * The project's events, filtered where no query text can reach: a subquery under the compiler's own name, with the
 * project condition in PREWHERE so other projects' rows are dropped before any expression of the query is evaluated
 * on them (an error message can then only quote the project's own values).
 */
export const projectEvents = (team: string) => `(SELECT ${EVENTS_COLUMNS.join(", ")} FROM events PREWHERE team_id = ${team}) AS e`;

/** The tables HogQL reads, by name. */
const TABLES = ["events", "persons"] as const;

/** What `SELECT *` gives, per table. */
export const EVENTS_STAR = ["uuid", "event", "properties", "timestamp", "distinct_id", "elements_chain", "created_at", "$session_id"];
const PERSONS_STAR = ["id", "properties", "created_at", "is_identified"];

type HogQLValue = Constant | Constant[];

/** The SQL of a query's `{filters}` placeholders, over the events scope's `e` (and `pp`, when `person`). */
export interface FilterConditions {
  /** `{filters}`: conditions that all hold. */
  conditions: { sql: string; person: boolean }[];
  /** `{filters.dateRange.from}` and `.to` as DateTime64 parameters; null: no bound. */
  from: string | null;
  to: string | null;
  params: Record<string, unknown>;
}

export interface CompileContext {
  teamId: number;
  /** The project's timezone: `timestamp` and `created_at` read in it, as PostHog's do. */
  timezone: string;
  /** `{name}` placeholders' values. */
  values?: Record<string, HogQLValue>;
  /** The SQL of the event's person id where the caller joins persons its own way (analyses: `pp.id`). */
  personId?: string;
  /** What `{filters}` and `{filters.dateRange.from|to}` stand for; none: `{filters}` is true, the bounds unset. */
  filters?: FilterConditions;
}

export interface CompileOptions {
  /** Conditions in ClickHouse SQL ANDed to the outer query's WHERE (EventsQuery's property filters); `person`: they read `pp`. */
  conditions?: { sql: string; person: boolean }[];
  /** The outer query's limit when it has none. */
  defaultLimit?: number;
  /** Added to the outer query's OFFSET. */
  offset?: number;
  /** Parameters the conditions name. */
  params?: Record<string, unknown>;
}

export interface CompiledQuery {
  /** ClickHouse SQL, with the project as the `hogql_team` parameter. */
  sql: string;
  params: Record<string, unknown>;
  /** Output column names (the alias, a field's name, or the expression's HogQL), their SQL names, and the SQL name of their type's. */
  columns: { name: string; key: string; typeKey: string }[];
  /** The query as HogQL, normalized, with the limit applied. */
  hogql: string;
  limit: number;
  offset: number;
}

/** A column of a SELECT: the name HogQL knows it by, and its SQL name (never text from the query). */
interface Column {
  name: string;
  key: string;
}

type Scope =
  | { table: "events"; qualifiers: Set<string>; person: { id: boolean; properties: boolean }; session: boolean }
  | { table: "persons"; qualifiers: Set<string> }
  | { table: "subquery"; qualifiers: Set<string>; columns: Column[]; alias: string }
  | { table: null; qualifiers: Set<string> };

interface Frame {
  scope: Scope;
  /** The SELECT's own aliases, which its other clauses may name, to their SQL names. */
  aliases: Map<string, string>;
}

/** The SQL name of a SELECT's column at an index. */
const columnKey = (index: number) => `__c${index}`;

const escapeString = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\0/g, "\\0")}'`;
const quoteIdentifier = (name: string) => `\`${name.replace(/\\/g, "\\\\").replace(/`/g, "\\`")}\``;

function sqlConstant(value: Constant, at: number | null = null): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new HogQLQueryError(`The number ${value} is out of range.`, at);
    return String(value);
  }
  return escapeString(value);
}

/** The name a SELECT item is known by: its alias, a field's last part, else its HogQL. */
export function columnName(expr: Expr): string {
  if (expr.kind === "alias") return expr.alias;
  if (expr.kind === "field") return expr.chain[expr.chain.length - 1];
  return printExpr(expr);
}

class Compiler {
  private subqueries = 0;

  constructor(private readonly ctx: CompileContext) {}

  private timestamp(column: string): string {
    return this.ctx.timezone === "UTC" ? column : `toTimeZone(${column}, ${escapeString(this.ctx.timezone)})`;
  }

  // ---- SELECT ----

  select(query: SelectQuery, outer: boolean, options: CompileOptions = {}): { sql: string; columns: Column[] } {
    const scope = this.scopeOf(query.from);
    const items = query.select.flatMap((item) => this.expandStar(item, scope));
    const aliases = new Map<string, string>();
    items.forEach((item, index) => {
      if (item.kind !== "alias") return;
      if (RESERVED_ALIASES.has(item.alias.toLowerCase()) || item.alias.startsWith("__") || item.alias.includes("."))
        throw new HogQLQueryError(`The alias "${item.alias}" is reserved: choose another name.`, item.at);
      if (!aliases.has(item.alias)) aliases.set(item.alias, columnKey(index));
    });
    const frame: Frame = { scope, aliases };

    // Every column has an SQL name of the compiler's own: equal names never collide in a row, and no alias a query
    // writes can stand for a column or a condition of the compiled SQL.
    const columns: Column[] = items.map((item, index) => ({ name: columnName(item), key: columnKey(index) }));
    const selectSql = items.map(
      (item, index) => `${this.expr(item.kind === "alias" ? item.expr : item, frame)} AS ${quoteIdentifier(columns[index].key)}`,
    );
    // The outer columns' types come with the rows (a constant per block, so nearly free), sparing a DESCRIBE.
    if (outer) selectSql.push(...columns.map((column, index) => `toTypeName(${quoteIdentifier(column.key)}) AS \`__t${index}\``));

    const from = query.from ? this.from(query.from, scope) : "";
    const conditions: string[] = [];
    if (query.where) conditions.push(`(${this.expr(query.where, frame)})`);
    if (outer)
      for (const condition of options.conditions ?? []) {
        if (scope.table !== "events") throw new HogQLQueryError("Property filters need a query over events.");
        if (condition.person) scope.person.properties = scope.person.id = true;
        conditions.push(condition.sql);
      }
    const groupBy = query.groupBy.map((e) => this.expr(e, frame));
    const having = query.having ? this.expr(query.having, frame) : null;
    const orderBy = query.orderBy.map((o) => `${this.expr(o.expr, frame)} ${o.direction}`);

    const parts = [`SELECT ${query.distinct ? "DISTINCT " : ""}${selectSql.join(", ")}`];
    if (from) {
      // Person joins go in once every clause has said whether it reads the person.
      let joins =
        scope.table === "events" && scope.person.id
          ? ` ${personIdJoin(TEAM_PARAM)}${scope.person.properties ? ` ${personPropertiesJoin(TEAM_PARAM)}` : ""}`
          : "";
      // Session durations (G20): over all the project's events of each session.
      if (scope.table === "events" && scope.session)
        joins += ` LEFT JOIN (${sessionDurationsSql(TEAM_PARAM)}) AS sess ON e.prop_session_id = sess.sid`;
      parts.push(`FROM ${from}${joins}`);
    }
    if (conditions.length) parts.push(`WHERE ${conditions.join(" AND ")}`);
    if (groupBy.length) parts.push(`GROUP BY ${groupBy.join(", ")}`);
    if (having) parts.push(`HAVING ${having}`);
    if (orderBy.length) parts.push(`ORDER BY ${orderBy.join(", ")}`);
    if (!outer) {
      if (query.limit !== null) parts.push(`LIMIT ${query.limit}`);
      if (query.offset !== null) parts.push(`OFFSET ${query.offset}`);
    }
    return { sql: parts.join(" "), columns };
  }

  private expandStar(item: Expr, scope: Scope): Expr[] {
    if (item.kind !== "star" && !(item.kind === "field" && item.chain[item.chain.length - 1] === "*")) return [item];
    const names =
      scope.table === "events"
        ? EVENTS_STAR
        : scope.table === "persons"
          ? PERSONS_STAR
          : scope.table === "subquery"
            ? scope.columns.map((c) => c.name)
            : null;
    if (!names) throw new HogQLQueryError("SELECT * needs a FROM clause.", item.at);
    return names.map((name) => ({ kind: "field", chain: [name], at: item.at }) satisfies Expr);
  }

  private scopeOf(from: FromClause | null): Scope {
    if (!from) return { table: null, qualifiers: new Set() };
    if (from.joins.length)
      throw new HogQLQueryError(
        "JOINs are not supported: events are joined to their person already (person.properties.…).",
        from.joins[0].at,
      );
    // The table's alias only qualifies fields (`e.event`): the SQL names tables with its own aliases.
    const qualifiers = new Set(from.alias ? [from.alias] : []);
    if (from.kind === "subquery") {
      const columns = outputNames(from.query).map((name, index) => ({ name, key: columnKey(index) }));
      return { table: "subquery", qualifiers, columns, alias: `__q${++this.subqueries}` };
    }
    qualifiers.add(from.name);
    if (from.name === "events") return { table: "events", qualifiers, person: { id: false, properties: false }, session: false };
    if (from.name === "persons") return { table: "persons", qualifiers };
    if (/^system\./i.test(from.name) || /^information_schema\./i.test(from.name))
      throw new HogQLQueryError(
        `Unknown table "${from.name}": system tables cannot be queried. HogQL reads ${TABLES.join(" and ")}.`,
        from.at,
      );
    throw new HogQLQueryError(`Unknown table "${from.name}". HogQL reads ${TABLES.join(" and ")}.`, from.at);
  }

  private from(from: FromClause, scope: Scope): string {
    if (scope.table === "events") return projectEvents(TEAM_PARAM);
    if (scope.table === "persons")
      return `(SELECT id, argMax(properties, version) AS properties, argMax(created_at, version) AS created_at,
        argMax(is_identified, version) AS is_identified FROM person PREWHERE team_id = ${TEAM_PARAM}
        GROUP BY id HAVING argMax(is_deleted, version) = 0) AS p`;
    if (scope.table === "subquery" && from.kind === "subquery") return `(${this.select(from.query, false).sql}) AS ${scope.alias}`;
    throw new Error("unreachable");
  }

  // ---- fields ----

  private field(chain: string[], frame: Frame, at: number): string {
    const { scope } = frame;
    const parts = chain.length > 1 && scope.qualifiers.has(chain[0]) ? chain.slice(1) : chain;
    const sql = this.tableField(parts, scope);
    if (sql !== null) return sql;
    const alias = parts.length === 1 ? frame.aliases.get(parts[0]) : undefined;
    if (alias) return quoteIdentifier(alias);
    throw new HogQLQueryError(`Unable to resolve field: ${chain.join(".")}`, at);
  }

  private tableField(parts: string[], scope: Scope): string | null {
    const [head, ...rest] = parts;
    switch (scope.table) {
      case "events":
        return this.eventsField(head, rest, scope);
      case "persons":
        if (head === "properties") return rest.length ? jsonPath("p.properties", rest) : "p.properties";
        if (rest.length) return null;
        if (head === "id") return "p.id";
        if (head === "created_at") return this.timestamp("p.created_at");
        if (head === "is_identified") return "p.is_identified";
        return null;
      case "subquery": {
        const column = parts.length === 1 ? scope.columns.find((c) => c.name === head) : undefined;
        return column ? `${scope.alias}.${quoteIdentifier(column.key)}` : null;
      }
      case null:
        return null;
    }
  }

  private eventsField(head: string, rest: string[], scope: Extract<Scope, { table: "events" }>): string | null {
    if (head === "properties") {
      if (!rest.length) return "e.properties";
      const exact = rest.length === 1 ? EXACT_EVENT_COLUMNS[rest[0]] : undefined;
      return exact ?? jsonPath("e.properties", rest);
    }
    if (head === "person") {
      scope.person.id = true;
      if (rest.length === 1 && rest[0] === "id") return this.ctx.personId ?? PERSON_ID;
      scope.person.properties = true;
      if (rest[0] === "properties") return rest.length === 1 ? PERSON_PROPERTIES : jsonPath(PERSON_PROPERTIES, rest.slice(1));
      if (rest.length === 1 && rest[0] === "created_at") return this.timestamp(PERSON_CREATED_AT);
      return null;
    }
    if (head === "session" && rest.length === 1) {
      // The event's session: its id, and its duration in seconds (NULL for events without a session).
      if (rest[0] === "session_id" || rest[0] === "id") return `nullIf(${EXACT_EVENT_COLUMNS.$session_id}, '')`;
      if (rest[0] !== "$session_duration") return null;
      scope.session = true;
      return `if(ifNull(${EXACT_EVENT_COLUMNS.$session_id}, '') != '', sess.duration, NULL)`;
    }
    if (rest.length) return null;
    switch (head) {
      case "uuid":
      case "event":
      case "distinct_id":
      case "elements_chain":
      case "team_id":
        return `e.${head}`;
      case "timestamp":
      case "created_at":
        return this.timestamp(`e.${head}`);
      case "$session_id":
        return EXACT_EVENT_COLUMNS.$session_id;
      case "person_id":
        scope.person.id = true;
        return this.ctx.personId ?? PERSON_ID;
      default:
        return null;
    }
  }

  // ---- expressions ----

  expr(expr: Expr, frame: Frame): string {
    const sub = (e: Expr) => this.expr(e, frame);
    switch (expr.kind) {
      case "constant":
        return sqlConstant(expr.value, expr.at);
      case "field":
        return this.field(expr.chain, frame, expr.at);
      case "star":
        throw new HogQLQueryError("* is only allowed in SELECT and count(*).", expr.at);
      case "placeholder":
        return expr.name === "filters" || expr.name.startsWith("filters.")
          ? this.filtersPlaceholder(expr.name, expr.at, frame)
          : this.placeholder(expr.name, expr.at);
      case "call":
        return this.call(expr, frame);
      case "binary":
        // As PostHog: a comparison with an unset bound of the range holds.
        if (COMPARISONS.has(expr.op) && (isUnsetBound(expr.left, this.ctx) || isUnsetBound(expr.right, this.ctx))) return "true";
        if (expr.op === "=~") return `match(${sub(expr.left)}, ${sub(expr.right)})`;
        if (expr.op === "!~") return `NOT match(${sub(expr.left)}, ${sub(expr.right)})`;
        return `(${sub(expr.left)} ${expr.op.toUpperCase()} ${sub(expr.right)})`;
      case "and":
      case "or":
        return `(${expr.exprs.map(sub).join(` ${expr.kind.toUpperCase()} `)})`;
      case "not":
        return `(NOT ${sub(expr.expr)})`;
      case "negate":
        return `(-${sub(expr.expr)})`;
      case "isNull":
        return `(${sub(expr.expr)} IS ${expr.negated ? "NOT " : ""}NULL)`;
      case "between":
        return `(${sub(expr.expr)} ${expr.negated ? "NOT " : ""}BETWEEN ${sub(expr.low)} AND ${sub(expr.high)})`;
      case "in": {
        const list = Array.isArray(expr.list) ? `(${expr.list.map(sub).join(", ")})` : `(${this.select(expr.list, false).sql})`;
        return `(${sub(expr.expr)} ${expr.negated ? "NOT " : ""}IN ${list})`;
      }
      case "case":
        if (!expr.branches.length) throw new HogQLQueryError("CASE needs a WHEN.", expr.at);
        return `multiIf(${expr.branches.map((b) => `${sub(b.when)}, ${sub(b.then)}`).join(", ")}, ${expr.otherwise ? sub(expr.otherwise) : "NULL"})`;
      case "interval":
        return `toInterval${expr.unit[0].toUpperCase()}${expr.unit.slice(1)}(${sub(expr.value)})`;
      case "array":
        return `[${expr.items.map(sub).join(", ")}]`;
      case "tuple":
        return `tuple(${expr.items.map(sub).join(", ")})`;
      case "alias":
        throw new HogQLQueryError(`An alias ("AS ${expr.alias}") is only allowed on a SELECT column.`, expr.at);
    }
  }

  /** PostHog's `{filters}` (the events' range and property filters) and the range's bounds. */
  private filtersPlaceholder(name: string, at: number, frame: Frame): string {
    const filters = this.ctx.filters;
    if (name === "filters") {
      const { scope } = frame;
      if (scope.table !== "events")
        throw new HogQLQueryError("The {filters} placeholder can only be used in a SELECT that reads the events table.", at);
      if (!filters?.conditions.length) return "true";
      if (filters.conditions.some((condition) => condition.person)) scope.person.properties = scope.person.id = true;
      return `(${filters.conditions.map((condition) => condition.sql).join(" AND ")})`;
    }
    if (name === "filters.dateRange.from" || name === "filters.dateRange.to") {
      const bound = name.endsWith("from") ? filters?.from : filters?.to;
      if (bound) return bound;
      throw new HogQLQueryError(
        `{${name}} has no value here: compare it directly (timestamp >= {${name}}) so an unset range leaves it out.`,
        at,
      );
    }
    throw new HogQLQueryError(
      `Unsupported filters placeholder {${name}}. The supported ones are {filters}, {filters.dateRange.from} and {filters.dateRange.to}.`,
      at,
    );
  }

  private placeholder(name: string, at: number): string {
    const values = this.ctx.values ?? {};
    if (!Object.hasOwn(values, name)) {
      const available = Object.keys(values);
      throw new HogQLQueryError(
        `Placeholder {${name}} is not available in this context. ${available.length ? `You can use the following: ${available.join(", ")}` : "Pass its value in `values`."}`,
        at,
      );
    }
    const value = values[name];
    return Array.isArray(value) ? `[${value.map((v) => sqlConstant(v, at)).join(", ")}]` : sqlConstant(value, at);
  }

  private call(expr: Extract<Expr, { kind: "call" }>, frame: Frame): string {
    const spec = allowedFunction(expr.name);
    if (!spec) throw new HogQLQueryError(`Unsupported function call '${expr.name}(...)': it is not one HogQL allows.`, expr.at);
    const args = expr.args.length === 1 && expr.args[0].kind === "star" && spec.name === "count" ? [] : expr.args;
    if (args.length < spec.min || args.length > spec.max) {
      const arity = spec.min === spec.max ? `${spec.min}` : `${spec.min} to ${spec.max}`;
      throw new HogQLQueryError(
        `Function '${expr.name}' takes ${arity} argument${spec.max === 1 ? "" : "s"}, not ${args.length}.`,
        expr.at,
      );
    }
    if (expr.distinct && !spec.aggregate)
      throw new HogQLQueryError(`DISTINCT is only allowed in aggregate functions, not in '${expr.name}'.`, expr.at);
    // The current instant and day as the project sees them, like `timestamp`.
    if (args.length === 0 && (spec.name === "now" || spec.name === "today")) {
      const now = this.timestamp("now()");
      return spec.name === "now" ? now : `toDate(${now})`;
    }
    return `${spec.name}(${expr.distinct ? "DISTINCT " : ""}${args.map((a) => this.expr(a, frame)).join(", ")})`;
  }
}

const COMPARISONS = new Set(["=", "!=", "<", "<=", ">", ">="]);

/** `{filters.dateRange.from}` or `.to` with no value: a comparison with it is left out. */
function isUnsetBound(expr: Expr, ctx: CompileContext): boolean {
  if (expr.kind !== "placeholder") return false;
  if (expr.name === "filters.dateRange.from") return !ctx.filters?.from;
  if (expr.name === "filters.dateRange.to") return !ctx.filters?.to;
  return false;
}

/** The names a subquery's columns are known by outside it (`*` stands for its table's fields). */
function outputNames(query: SelectQuery): string[] {
  return query.select.flatMap((item) => {
    if (item.kind !== "star" && !(item.kind === "field" && item.chain[item.chain.length - 1] === "*")) return [columnName(item)];
    const from = query.from;
    if (from?.kind === "subquery") return outputNames(from.query);
    return from?.name === "persons" ? PERSONS_STAR : EVENTS_STAR;
  });
}

/** A property of JSON text, at a path of keys: the text of its value (a string as itself), NULL when missing. */
function jsonPath(column: string, keys: string[]): string {
  return `JSONExtract(${column}, ${keys.map(escapeString).join(", ")}, 'Nullable(String)')`;
}

/**
 * A HogQL SELECT as ClickHouse SQL over the project's rows only: every `events` scan is confined to the project's
 * `team_id` and every `persons` read to its persons, whatever the query says; fields, tables and functions are
 * resolved against the known ones, constants printed as literals, and the outer LIMIT held to MAX_LIMIT (one more
 * row is read, to tell whether there are more).
 */
export function compileHogQL(query: Query, ctx: CompileContext, options: CompileOptions = {}): CompiledQuery {
  if (query.kind === "union") throw new HogQLQueryError("UNIONs are not supported.", query.queries[1].at);
  const compiler = new Compiler(ctx);
  const compiled = compiler.select(query, true, options);
  const limit = Math.min(query.limit ?? options.defaultLimit ?? DEFAULT_LIMIT, MAX_LIMIT);
  const offset = (query.offset ?? 0) + (options.offset ?? 0);
  const hogql = printSelect({ ...query, limit, offset: offset || null });
  return {
    sql: `${compiled.sql} LIMIT ${limit + 1}${offset ? ` OFFSET ${offset}` : ""}`,
    params: { ...options.params, ...ctx.filters?.params, hogql_team: ctx.teamId },
    columns: compiled.columns.map((column, index) => ({ ...column, typeKey: `__t${index}` })),
    hogql,
    limit,
    offset,
  };
}

/**
 * The ClickHouse SQL of one expression over events (batch exports' fields, analyses' expressions). `columns` names
 * columns of the caller's own a field may read (to their SQL names).
 */
export function compileEventsExpression(
  expr: Expr,
  ctx: CompileContext,
  columns: ReadonlyMap<string, string> = new Map(),
): { sql: string; person: { id: boolean; properties: boolean }; session: boolean } {
  const scope: Scope = { table: "events", qualifiers: new Set(["events"]), person: { id: false, properties: false }, session: false };
  const sql = new Compiler(ctx).expr(expr, { scope, aliases: new Map(columns) });
  return { sql, person: scope.person, session: scope.session };
}
