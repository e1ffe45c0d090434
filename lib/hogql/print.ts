import type { Constant, Expr, FromClause, Query, SelectQuery } from "./ast";

/** HogQL text of a syntax tree, normalized (PostHog answers it as `hogql`, and names unaliased columns by it). */

const PLAIN_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const quoteName = (name: string) => (PLAIN_NAME.test(name) ? name : `\`${name.replace(/\\/g, "\\\\").replace(/`/g, "\\`")}\``);

function printConstant(value: Constant): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return String(value);
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n").replace(/\t/g, "\\t").replace(/\r/g, "\\r").replace(/\0/g, "\\0")}'`;
}

export function printExpr(expr: Expr): string {
  switch (expr.kind) {
    case "constant":
      return printConstant(expr.value);
    case "field":
      return expr.chain.map((part) => (part === "*" ? part : quoteName(part))).join(".");
    case "star":
      return "*";
    case "placeholder":
      return `{${expr.name}}`;
    case "call":
      return `${expr.name}(${expr.distinct ? "DISTINCT " : ""}${expr.args.map(printExpr).join(", ")})`;
    case "binary":
      return `${wrap(expr.left)} ${expr.op.toUpperCase()} ${wrap(expr.right)}`;
    case "and":
    case "or":
      return expr.exprs.map(wrap).join(` ${expr.kind.toUpperCase()} `);
    case "not":
      return `NOT ${wrap(expr.expr)}`;
    case "negate":
      return `-${wrap(expr.expr)}`;
    case "isNull":
      return `${wrap(expr.expr)} IS ${expr.negated ? "NOT " : ""}NULL`;
    case "between":
      return `${wrap(expr.expr)} ${expr.negated ? "NOT " : ""}BETWEEN ${wrap(expr.low)} AND ${wrap(expr.high)}`;
    case "in":
      return `${wrap(expr.expr)} ${expr.negated ? "NOT " : ""}IN (${Array.isArray(expr.list) ? expr.list.map(printExpr).join(", ") : printSelect(expr.list)})`;
    case "case":
      return `CASE ${expr.branches.map((b) => `WHEN ${printExpr(b.when)} THEN ${printExpr(b.then)}`).join(" ")}${expr.otherwise ? ` ELSE ${printExpr(expr.otherwise)}` : ""} END`;
    case "interval":
      return `INTERVAL ${wrap(expr.value)} ${expr.unit.toUpperCase()}`;
    case "array":
      return `[${expr.items.map(printExpr).join(", ")}]`;
    case "tuple":
      return `(${expr.items.map(printExpr).join(", ")})`;
    case "alias":
      return `${printExpr(expr.expr)} AS ${quoteName(expr.alias)}`;
  }
}

/** Operands that are themselves operations are parenthesized, so the text reads as the tree does. */
function wrap(expr: Expr): string {
  const simple = ["constant", "field", "star", "placeholder", "call", "array", "tuple", "case"].includes(expr.kind);
  return simple ? printExpr(expr) : `(${printExpr(expr)})`;
}

function printFrom(from: FromClause): string {
  const source = from.kind === "table" ? from.name.split(".").map(quoteName).join(".") : `(${printSelect(from.query)})`;
  return from.alias ? `${source} AS ${quoteName(from.alias)}` : source;
}

export function printSelect(query: SelectQuery): string {
  const parts = [`SELECT ${query.distinct ? "DISTINCT " : ""}${query.select.map(printExpr).join(", ")}`];
  if (query.from) parts.push(`FROM ${printFrom(query.from)}`);
  if (query.where) parts.push(`WHERE ${printExpr(query.where)}`);
  if (query.groupBy.length) parts.push(`GROUP BY ${query.groupBy.map(printExpr).join(", ")}`);
  if (query.having) parts.push(`HAVING ${printExpr(query.having)}`);
  if (query.orderBy.length) parts.push(`ORDER BY ${query.orderBy.map((o) => `${printExpr(o.expr)} ${o.direction}`).join(", ")}`);
  if (query.limit !== null) parts.push(`LIMIT ${query.limit}`);
  if (query.offset !== null) parts.push(`OFFSET ${query.offset}`);
  return parts.join(" ");
}

export function printQuery(query: Query): string {
  return query.kind === "union" ? query.queries.map(printSelect).join(" UNION ALL ") : printSelect(query);
}
