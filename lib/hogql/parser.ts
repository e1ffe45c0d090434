// HogQL's parser: one recursive-descent grammar, a function per precedence level from `SELECT` down to literals.
// Kept in one module past the house size: the levels call one another, so split they would only import each other.
import {
  INTERVAL_UNITS,
  type BinaryOp,
  type Expr,
  type FromClause,
  type IntervalUnit,
  type JoinClause,
  type OrderItem,
  type Query,
  type SelectQuery,
} from "./ast";
import { HogQLSyntaxError } from "./errors";
import { tokenize, type Token } from "./tokenizer";

/** Longest HogQL text accepted (PostHog's editor sends far less). */
export const MAX_QUERY_LENGTH = 20_000;
/** Deepest nesting of expressions and subqueries. */
export const MAX_DEPTH = 64;
/** Most syntax-tree nodes one query may have. */
export const MAX_NODES = 5_000;

/** Words that end an expression or start a clause: never a bare alias or field name. */
const CLAUSE_WORDS = new Set([
  "select",
  "from",
  "where",
  "prewhere",
  "group",
  "by",
  "having",
  "order",
  "limit",
  "offset",
  "union",
  "all",
  "join",
  "left",
  "right",
  "inner",
  "full",
  "cross",
  "outer",
  "any",
  "global",
  "asof",
  "semi",
  "anti",
  "on",
  "using",
  "settings",
  "format",
  "into",
  "with",
  "window",
  "qualify",
  "sample",
  "final",
  "array",
  "as",
  "and",
  "or",
  "not",
  "in",
  "is",
  "like",
  "ilike",
  "between",
  "case",
  "when",
  "then",
  "else",
  "end",
  "asc",
  "desc",
  "distinct",
  "interval",
  "null",
  "true",
  "false",
]);

/** What follows a SELECT and ClickHouse would take, but HogQL does not: refused by name. */
const REFUSED_CLAUSES: Record<string, string> = {
  settings: "SETTINGS clauses are not allowed",
  format: "FORMAT clauses are not allowed",
  into: "INTO OUTFILE is not allowed",
  prewhere: "PREWHERE is not supported",
  sample: "SAMPLE is not supported",
  final: "FINAL is not supported",
  window: "WINDOW clauses are not supported",
  qualify: "QUALIFY is not supported",
  array: "ARRAY JOIN is not supported",
  with: "WITH (common table expressions) is not supported",
};

const JOIN_WORDS = new Set(["left", "right", "inner", "full", "cross", "outer", "any", "all", "global", "asof", "semi", "anti", "join"]);

const COMPARISONS: Record<string, BinaryOp> = {
  "=": "=",
  "==": "=",
  "!=": "!=",
  "<>": "!=",
  "<": "<",
  "<=": "<=",
  ">": ">",
  ">=": ">=",
  "=~": "=~",
  "!~": "!~",
};

/** Parses one HogQL SELECT (or a UNION of them, which callers refuse by name). */
export function parseQuery(text: string): Query {
  return new Parser(text).query();
}

/** Parses one HogQL expression (`properties.$browser`, `count()`): EventsQuery's select, where and orderBy items. */
export function parseExpression(text: string): Expr {
  return new Parser(text).standaloneExpression();
}

class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;
  private nodes = 0;

  constructor(private readonly text: string) {
    if (text.length > MAX_QUERY_LENGTH)
      throw new HogQLSyntaxError(text, MAX_QUERY_LENGTH, `the query is longer than ${MAX_QUERY_LENGTH.toLocaleString("en-US")} characters`);
    this.tokens = tokenize(text);
    // One statement: a trailing `;` is dropped, any other is refused (`SELECT 1; DROP TABLE events`).
    const semicolons = this.tokens.filter((t) => t.type === "op" && t.text === ";");
    const last = this.tokens.length - 2;
    for (const semicolon of semicolons)
      if (this.tokens.indexOf(semicolon) !== last) this.fail(semicolon, "only one statement is allowed (remove the ';')");
    if (semicolons.length) this.tokens.splice(last, 1);
  }

  // ---- tokens ----

  private get current(): Token {
    return this.tokens[this.index];
  }

  private peek(offset = 1): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)];
  }

  private isWord(word: string, token = this.current): boolean {
    return token.type === "word" && token.text.toLowerCase() === word;
  }

  private isOp(op: string, token = this.current): boolean {
    return token.type === "op" && token.text === op;
  }

  private acceptWord(word: string): boolean {
    if (!this.isWord(word)) return false;
    this.index++;
    return true;
  }

  private acceptOp(op: string): boolean {
    if (!this.isOp(op)) return false;
    this.index++;
    return true;
  }

  private expectWord(word: string) {
    if (!this.acceptWord(word)) this.fail(this.current, `expected ${word.toUpperCase()}, found ${this.describe(this.current)}`);
  }

  private expectOp(op: string) {
    if (!this.acceptOp(op)) this.fail(this.current, `expected "${op}", found ${this.describe(this.current)}`);
  }

  private describe(token: Token): string {
    if (token.type === "eof") return "the end of the query";
    if (token.type === "string") return `the string '${token.text}'`;
    return `"${token.text}"`;
  }

  private fail(token: Token, reason: string): never {
    throw new HogQLSyntaxError(this.text, token.at, reason);
  }

  /** Counts a node and checks the bounds, before building it. */
  private node() {
    if (++this.nodes > MAX_NODES)
      this.fail(this.current, `the query is too large (more than ${MAX_NODES.toLocaleString("en-US")} expressions)`);
  }

  private nested<T>(parse: () => T): T {
    if (++this.depth > MAX_DEPTH) this.fail(this.current, `the query is nested deeper than ${MAX_DEPTH} levels`);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private end() {
    const token = this.current;
    if (token.type === "eof") return;
    const refused = token.type === "word" ? REFUSED_CLAUSES[token.text.toLowerCase()] : undefined;
    this.fail(token, refused ?? `unexpected ${this.describe(token)}`);
  }

  // ---- statements ----

  query(): Query {
    const first = this.select();
    const queries = [first];
    while (this.isWord("union")) {
      this.index++;
      this.acceptWord("all") || this.acceptWord("distinct");
      queries.push(this.select());
    }
    this.end();
    return queries.length === 1 ? first : { kind: "union", queries, at: first.at };
  }

  standaloneExpression(): Expr {
    const expr = this.aliased();
    this.end();
    return expr;
  }

  private select(): SelectQuery {
    return this.nested(() => {
      if (this.isOp("(") && this.isWord("select", this.peek())) {
        this.index++;
        const inner = this.select();
        this.expectOp(")");
        return inner;
      }
      const start = this.current;
      const refused = start.type === "word" ? REFUSED_CLAUSES[start.text.toLowerCase()] : undefined;
      if (refused) this.fail(start, refused);
      if (!this.isWord("select")) this.fail(start, `expected SELECT, found ${this.describe(start)}`);
      this.index++;
      this.node();
      const query: SelectQuery = {
        kind: "select",
        distinct: this.acceptWord("distinct"),
        select: [],
        from: null,
        where: null,
        groupBy: [],
        having: null,
        orderBy: [],
        limit: null,
        offset: null,
        at: start.at,
      };
      query.select = this.list(() => this.aliased());
      if (this.acceptWord("from")) query.from = this.from();
      if (this.acceptWord("where")) query.where = this.expression();
      if (this.isWord("group")) {
        this.index++;
        this.expectWord("by");
        query.groupBy = this.list(() => this.expression());
      }
      if (this.acceptWord("having")) query.having = this.expression();
      if (this.isWord("order")) {
        this.index++;
        this.expectWord("by");
        query.orderBy = this.list(() => this.orderItem());
      }
      if (this.acceptWord("limit")) {
        const first = this.count("LIMIT");
        if (this.acceptOp(",")) {
          query.offset = first;
          query.limit = this.count("LIMIT");
        } else query.limit = first;
        if (this.isWord("by")) this.fail(this.current, "LIMIT BY is not supported");
      }
      if (this.acceptWord("offset")) query.offset = this.count("OFFSET");
      return query;
    });
  }

  private count(clause: string): number {
    const token = this.current;
    if (token.type !== "number" || !/^\d+$/.test(token.text))
      this.fail(token, `${clause} takes a whole number, found ${this.describe(token)}`);
    this.index++;
    const value = Number(token.text);
    if (!Number.isSafeInteger(value)) this.fail(token, `${clause} ${token.text} is too large`);
    return value;
  }

  private list<T>(item: () => T): T[] {
    const items = [item()];
    while (this.acceptOp(",")) items.push(item());
    return items;
  }

  private orderItem(): OrderItem {
    const expr = this.expression();
    const descending = this.acceptWord("desc") || this.acceptWord("descending");
    if (!descending && !this.acceptWord("asc")) this.acceptWord("ascending");
    const direction = descending ? "DESC" : "ASC";
    if (this.isWord("nulls")) this.fail(this.current, "NULLS FIRST/LAST is not supported");
    return { expr, direction };
  }

  private from(): FromClause {
    const start = this.current;
    let from: FromClause;
    if (this.isOp("(")) {
      this.index++;
      if (!this.isWord("select")) this.fail(this.current, `expected a subquery, found ${this.describe(this.current)}`);
      const query = this.select();
      this.expectOp(")");
      from = { kind: "subquery", query, alias: this.alias(), at: start.at, joins: [] };
    } else {
      from = { kind: "table", name: this.tableName(), alias: null, at: start.at, joins: [] };
      from.alias = this.alias();
    }
    if (this.isWord("final") || this.isWord("sample")) this.fail(this.current, REFUSED_CLAUSES[this.current.text.toLowerCase()]);
    while (this.isOp(",") || (this.current.type === "word" && JOIN_WORDS.has(this.current.text.toLowerCase()) && !this.isWord("all")))
      from.joins.push(this.join());
    return from;
  }

  /** A table name, dotted (`system.tables`) or quoted; a table function (`file(…)`, `url(…)`) is refused here. */
  private tableName(): string {
    const parts = [this.name("a table name")];
    while (this.acceptOp(".")) parts.push(this.name("a table name"));
    const name = parts.join(".");
    if (this.isOp("(")) this.fail(this.current, `table functions such as ${name}(…) are not allowed`);
    return name;
  }

  /** A JOIN (or a comma join): parsed in full so that the caller can refuse it by name. */
  private join(): JoinClause {
    const start = this.current;
    const words: string[] = [];
    if (this.acceptOp(",")) words.push(",");
    else {
      while (this.current.type === "word" && JOIN_WORDS.has(this.current.text.toLowerCase()) && !this.isWord("join"))
        words.push(this.tokens[this.index++].text.toUpperCase());
      this.expectWord("join");
      words.push("JOIN");
    }
    if (this.acceptOp("(")) {
      this.select();
      this.expectOp(")");
    } else this.tableName();
    this.alias();
    if (this.acceptWord("on")) this.expression();
    else if (this.acceptWord("using")) this.list(() => this.name("a column"));
    return { type: words.join(" "), at: start.at };
  }

  /** `AS name`, or a bare name that is no clause word. */
  private alias(): string | null {
    if (this.acceptWord("as")) return this.name("an alias");
    const token = this.current;
    if (token.type === "identifier" || (token.type === "word" && !CLAUSE_WORDS.has(token.text.toLowerCase()))) {
      this.index++;
      return token.text;
    }
    return null;
  }

  private name(what: string): string {
    const token = this.current;
    if (token.type === "identifier" || token.type === "word") {
      this.index++;
      return token.text;
    }
    return this.fail(token, `expected ${what}, found ${this.describe(token)}`);
  }

  // ---- expressions ----

  private aliased(): Expr {
    const expr = this.expression();
    const start = this.current;
    const alias = this.alias();
    if (alias === null) return expr;
    this.node();
    return { kind: "alias", expr, alias, at: start.at };
  }

  private expression(): Expr {
    return this.nested(() => this.or());
  }

  private or(): Expr {
    const first = this.and();
    const exprs = [first];
    while (this.acceptWord("or")) exprs.push(this.and());
    return exprs.length === 1 ? first : this.build({ kind: "or", exprs, at: first.at });
  }

  private and(): Expr {
    const first = this.not();
    const exprs = [first];
    while (this.acceptWord("and")) exprs.push(this.not());
    return exprs.length === 1 ? first : this.build({ kind: "and", exprs, at: first.at });
  }

  private not(): Expr {
    const start = this.current;
    if (this.acceptWord("not")) return this.build({ kind: "not", expr: this.nested(() => this.not()), at: start.at });
    return this.comparison();
  }

  private comparison(): Expr {
    const left = this.concat();
    const token = this.current;
    const op = token.type === "op" ? COMPARISONS[token.text] : undefined;
    if (op) {
      this.index++;
      return this.build({ kind: "binary", op, left, right: this.concat(), at: left.at });
    }
    if (this.isWord("is")) {
      this.index++;
      const negated = this.acceptWord("not");
      this.expectWord("null");
      return this.build({ kind: "isNull", expr: left, negated, at: left.at });
    }
    const negated = this.isWord("not") && ["like", "ilike", "in", "between"].some((w) => this.isWord(w, this.peek()));
    if (negated) this.index++;
    if (this.isWord("like") || this.isWord("ilike")) {
      const word = this.tokens[this.index++].text.toLowerCase();
      const op = `${negated ? "not " : ""}${word}` as BinaryOp;
      return this.build({ kind: "binary", op, left, right: this.concat(), at: left.at });
    }
    if (this.acceptWord("between")) {
      const low = this.concat();
      this.expectWord("and");
      return this.build({ kind: "between", expr: left, low, high: this.concat(), negated, at: left.at });
    }
    if (this.acceptWord("in")) {
      if (this.isOp("(") && this.isWord("select", this.peek())) {
        this.index++;
        const query = this.select();
        this.expectOp(")");
        return this.build({ kind: "in", expr: left, list: query, negated, at: left.at });
      }
      const list = this.primary();
      const items = list.kind === "tuple" || list.kind === "array" ? list.items : [list];
      return this.build({ kind: "in", expr: left, list: items, negated, at: left.at });
    }
    return left;
  }

  private concat(): Expr {
    let left = this.additive();
    while (this.acceptOp("||")) left = this.build({ kind: "binary", op: "||", left, right: this.additive(), at: left.at });
    return left;
  }

  private additive(): Expr {
    let left = this.multiplicative();
    while (this.isOp("+") || this.isOp("-")) {
      const op = this.tokens[this.index++].text as BinaryOp;
      left = this.build({ kind: "binary", op, left, right: this.multiplicative(), at: left.at });
    }
    return left;
  }

  private multiplicative(): Expr {
    let left = this.unary();
    while (this.isOp("*") || this.isOp("/") || this.isOp("%")) {
      const op = this.tokens[this.index++].text as BinaryOp;
      left = this.build({ kind: "binary", op, left, right: this.unary(), at: left.at });
    }
    return left;
  }

  private unary(): Expr {
    const start = this.current;
    if (this.acceptOp("-")) return this.build({ kind: "negate", expr: this.nested(() => this.unary()), at: start.at });
    if (this.acceptOp("+")) return this.nested(() => this.unary());
    return this.primary();
  }

  private build<T extends Expr>(expr: T): T {
    this.node();
    return expr;
  }

  private primary(): Expr {
    const token = this.current;
    const at = token.at;
    switch (token.type) {
      case "number":
        this.index++;
        return this.build({ kind: "constant", value: Number(token.text), at });
      case "string":
        this.index++;
        return this.build({ kind: "constant", value: token.text, at });
      case "identifier":
        return this.field();
      case "eof":
        return this.fail(token, "the query ends too early");
      case "op":
        if (this.acceptOp("*")) return this.build({ kind: "star", at });
        if (this.acceptOp("{")) {
          const parts = [this.name("a placeholder name")];
          // PostHog's `{filters.dateRange.from}`: a dotted name.
          while (this.acceptOp(".")) parts.push(this.name("a placeholder name"));
          const name = parts.join(".");
          this.expectOp("}");
          return this.build({ kind: "placeholder", name, at });
        }
        if (this.acceptOp("[")) {
          const items = this.isOp("]") ? [] : this.list(() => this.expression());
          this.expectOp("]");
          return this.build({ kind: "array", items, at });
        }
        if (this.acceptOp("(")) {
          if (this.isWord("select")) this.fail(token, "subqueries are only supported in FROM and IN");
          const items = this.list(() => this.expression());
          this.expectOp(")");
          return items.length === 1 ? items[0] : this.build({ kind: "tuple", items, at });
        }
        return this.fail(token, `unexpected ${this.describe(token)}`);
      case "word":
        break;
    }
    const word = token.text.toLowerCase();
    if (this.isOp("(", this.peek())) return this.call();
    if (word === "null" || word === "true" || word === "false") {
      this.index++;
      return this.build({ kind: "constant", value: word === "null" ? null : word === "true", at });
    }
    if (word === "interval") return this.interval();
    if (word === "case") return this.caseExpression();
    if (CLAUSE_WORDS.has(word)) {
      const refused = REFUSED_CLAUSES[word];
      return this.fail(token, refused ?? `unexpected ${word.toUpperCase()}`);
    }
    return this.field();
  }

  private field(): Expr {
    const at = this.current.at;
    const chain = [this.name("a field")];
    while (this.acceptOp(".")) chain.push(this.acceptOp("*") ? "*" : this.name("a field"));
    if (this.isOp("(")) this.fail(this.current, `"${chain.join(".")}" is not a function`);
    return this.build({ kind: "field", chain, at });
  }

  private call(): Expr {
    const token = this.current;
    this.index += 2;
    const distinct = this.acceptWord("distinct");
    const args = this.isOp(")") ? [] : this.list(() => this.expression());
    this.expectOp(")");
    if (this.isOp("(")) this.fail(this.current, `parametric functions such as ${token.text}(…)(…) are not supported`);
    return this.build({ kind: "call", name: token.text, args, distinct, at: token.at });
  }

  private interval(): Expr {
    const at = this.current.at;
    this.index++;
    const value = this.concat();
    const unitToken = this.current;
    const unit = unitToken.type === "word" ? unitToken.text.toLowerCase().replace(/s$/, "") : "";
    if (!(INTERVAL_UNITS as readonly string[]).includes(unit))
      this.fail(unitToken, `expected an interval unit (${INTERVAL_UNITS.join(", ")}), found ${this.describe(unitToken)}`);
    this.index++;
    return this.build({ kind: "interval", value, unit: unit as IntervalUnit, at });
  }

  private caseExpression(): Expr {
    const at = this.current.at;
    this.index++;
    if (!this.isWord("when")) this.fail(this.current, "only CASE WHEN … THEN … is supported (CASE x WHEN is not)");
    const branches: { when: Expr; then: Expr }[] = [];
    while (this.acceptWord("when")) {
      const when = this.expression();
      this.expectWord("then");
      // biome-ignore lint/suspicious/noThenProperty: a CASE branch's THEN expression; the object is never awaited
      branches.push({ when, then: this.expression() });
    }
    const otherwise = this.acceptWord("else") ? this.expression() : null;
    this.expectWord("end");
    return this.build({ kind: "case", branches, otherwise, at });
  }
}
