/** HogQL's syntax tree: what the parser builds and the compiler reads. `at` is the node's offset in the query text. */

export type Constant = string | number | boolean | null;

export type Expr =
  | { kind: "constant"; value: Constant; at: number }
  /** `event`, `properties.$browser`, `person.properties.email`, `e.timestamp`: a name and its dotted parts. */
  | { kind: "field"; chain: string[]; at: number }
  /** `*` (SELECT * or count(*)). */
  | { kind: "star"; at: number }
  /** `{name}`: a value from the request's `values`. */
  | { kind: "placeholder"; name: string; at: number }
  | { kind: "call"; name: string; args: Expr[]; distinct: boolean; at: number }
  | { kind: "binary"; op: BinaryOp; left: Expr; right: Expr; at: number }
  | { kind: "and" | "or"; exprs: Expr[]; at: number }
  | { kind: "not"; expr: Expr; at: number }
  | { kind: "negate"; expr: Expr; at: number }
  | { kind: "isNull"; expr: Expr; negated: boolean; at: number }
  | { kind: "between"; expr: Expr; low: Expr; high: Expr; negated: boolean; at: number }
  | { kind: "in"; expr: Expr; list: Expr[] | SelectQuery; negated: boolean; at: number }
  | { kind: "case"; branches: { when: Expr; then: Expr }[]; otherwise: Expr | null; at: number }
  | { kind: "interval"; value: Expr; unit: IntervalUnit; at: number }
  | { kind: "array" | "tuple"; items: Expr[]; at: number }
  | { kind: "alias"; expr: Expr; alias: string; at: number };

export type BinaryOp =
  | "+"
  | "-"
  | "*"
  | "/"
  | "%"
  | "||"
  | "="
  | "!="
  | "<"
  | "<="
  | ">"
  | ">="
  | "like"
  | "not like"
  | "ilike"
  | "not ilike"
  | "=~"
  | "!~";

export const INTERVAL_UNITS = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

export interface JoinClause {
  /** `LEFT JOIN`, `INNER JOIN`, `,`…: parsed only so that it can be refused by name. */
  type: string;
  at: number;
}

export type FromClause =
  | { kind: "table"; name: string; alias: string | null; at: number; joins: JoinClause[] }
  | { kind: "subquery"; query: SelectQuery; alias: string | null; at: number; joins: JoinClause[] };

export interface OrderItem {
  expr: Expr;
  direction: "ASC" | "DESC";
}

export interface SelectQuery {
  kind: "select";
  distinct: boolean;
  select: Expr[];
  from: FromClause | null;
  where: Expr | null;
  groupBy: Expr[];
  having: Expr | null;
  orderBy: OrderItem[];
  limit: number | null;
  offset: number | null;
  at: number;
}

interface UnionQuery {
  kind: "union";
  queries: SelectQuery[];
  at: number;
}

export type Query = SelectQuery | UnionQuery;
