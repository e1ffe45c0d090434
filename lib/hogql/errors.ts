import { ApiError } from "@/lib/api/errors";

/** Line and column (1-based) of an offset in the query text. */
function position(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, at));
  const line = before.split("\n").length;
  return { line, column: at - (before.lastIndexOf("\n") + 1) + 1 };
}

/**
 * A query the parser could not read: PostHog's 400 with where it stopped (`Syntax error at line 1, column 8: …`).
 * `start` is the offset in the query text, for callers that point at it.
 */
export class HogQLSyntaxError extends ApiError {
  constructor(
    text: string,
    readonly start: number,
    readonly reason: string,
  ) {
    const { line, column } = position(text, start);
    super(400, "validation_error", "syntax_error", `Syntax error at line ${line}, column ${column}: ${reason}`, "query");
  }
}

/** A query that reads but asks for what HogQL does not allow here (a table, a field, a function): a 400 naming it. */
export class HogQLQueryError extends ApiError {
  constructor(
    detail: string,
    readonly start: number | null = null,
  ) {
    super(400, "validation_error", "query_error", detail, "query");
  }
}
