import { ApiError } from "@/lib/api/errors";
import { clickhouseErrorName } from "@/lib/events/store/limits";

/** Line and column (1-based) of an offset in the query text. */
function position(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, at));
  const line = before.split("\n").length;
  return { line, column: at - (before.lastIndexOf("\n") + 1) + 1 };
}

/** Where an error's token ends: a word or a field chain, a quoted name or string, else one character. */
function tokenEnd(text: string, start: number): number {
  if (start >= text.length) return text.length;
  const quote = text[start];
  if (quote === "'" || quote === '"' || quote === "`") {
    const close = text.indexOf(quote, start + 1);
    return close < 0 ? text.length : close + 1;
  }
  const word = /^[A-Za-z0-9_$.]+/.exec(text.slice(start, start + 1_000));
  return start + (word ? word[0].length : 1);
}

/**
 * PostHog's HogQL errors carry the span of the query text at fault (`start`, `end`: offsets, end exclusive); the
 * 400 body adds them to `{type, code, detail, attr}` when known, for editors to mark.
 */
abstract class LocatedHogQLError extends ApiError {
  abstract readonly start: number | null;
  abstract readonly end: number | null;

  override get body() {
    return this.start === null ? super.body : { ...super.body, start: this.start, end: this.end ?? this.start };
  }
}

/**
 * A query the parser could not read: PostHog's 400 with where it stopped (`Syntax error at line 1, column 8: …`).
 * `start` is the offset in the query text, for callers that point at it.
 */
export class HogQLSyntaxError extends LocatedHogQLError {
  readonly end: number;

  constructor(
    text: string,
    readonly start: number,
    readonly reason: string,
  ) {
    const { line, column } = position(text, start);
    super(400, "validation_error", "syntax_error", `Syntax error at line ${line}, column ${column}: ${reason}`, "query");
    this.end = tokenEnd(text, start);
  }
}

/** A query that reads but asks for what HogQL does not allow here (a table, a field, a function): a 400 naming it. */
export class HogQLQueryError extends LocatedHogQLError {
  constructor(
    detail: string,
    readonly start: number | null = null,
    readonly end: number | null = null,
  ) {
    super(400, "validation_error", "query_error", detail, "query");
  }

  /** The same error with the end of its span, read from the query's text (the compiler knows only where it starts). */
  locatedIn(text: string): HogQLQueryError {
    return this.start === null ? this : new HogQLQueryError(this.detail, this.start, tokenEnd(text, this.start));
  }
}

/**
 * The engine's errors a value or a type causes (a text that does not parse as a number or a date, a division by
 * zero, branches of `if` without a common type, an array index out of range): a query's own expressions and the
 * project's own rows are to blame, so the caller reads the reason.
 */
const DATA_ERRORS = new Set([
  "ILLEGAL_TYPE_OF_ARGUMENT",
  "TYPE_MISMATCH",
  "NO_COMMON_TYPE",
  "CANNOT_CONVERT_TYPE",
  "ILLEGAL_COLUMN",
  "BAD_ARGUMENTS",
  "ARGUMENT_OUT_OF_BOUND",
  "ILLEGAL_DIVISION",
  "DECIMAL_OVERFLOW",
  "VALUE_IS_OUT_OF_RANGE_OF_DATA_TYPE",
  "CANNOT_COMPILE_REGEXP",
  "CANNOT_PARSE_TEXT",
  "CANNOT_PARSE_NUMBER",
  "CANNOT_PARSE_DATE",
  "CANNOT_PARSE_DATETIME",
  "CANNOT_PARSE_UUID",
  "CANNOT_PARSE_INPUT_ASSERTION_FAILED",
  "CANNOT_PARSE_ESCAPE_SEQUENCE",
  "INCORRECT_DATA",
  "SIZES_OF_ARRAYS_DONT_MATCH",
  "ZERO_ARRAY_OR_TUPLE_INDEX",
  "TOO_LARGE_ARRAY_SIZE",
  "TOO_LARGE_STRING_SIZE",
  "FUNCTION_THROW_IF_VALUE_IS_NON_ZERO",
]);

/** Besides DATA_ERRORS, what a query's own text causes (an aggregate in WHERE, a wrong number of arguments). */
const QUERY_ERRORS = new Set([
  ...DATA_ERRORS,
  "ILLEGAL_AGGREGATION",
  "NOT_AN_AGGREGATE",
  "NUMBER_OF_ARGUMENTS_DOESNT_MATCH",
  "TOO_FEW_ARGUMENTS_FOR_FUNCTION",
  "TOO_MANY_ARGUMENTS_FOR_FUNCTION",
  "UNKNOWN_AGGREGATE_FUNCTION",
  "MULTIPLE_EXPRESSIONS_FOR_ALIAS",
  "CYCLIC_ALIASES",
  "AMBIGUOUS_COLUMN_NAME",
  "NUMBER_OF_COLUMNS_DOESNT_MATCH",
]);

/**
 * The engine's reason, without its internals: the `Code: N. DB::Exception:` head, the compiled SQL it quotes
 * (`In scope …`, `while executing 'FUNCTION …'`), its stack trace, version and error name.
 */
function engineReason(error: Error): string {
  return error.message
    .replace(/^Code: \d+\.\s*/, "")
    .replace(/^DB::Exception:\s*/, "")
    .split(/:? In scope |:? while executing |:? while processing |:? in query: |\. Stack trace|\n| \(version /)[0]
    .replace(/\s*\([A-Z_]+\)\s*$/, "")
    .replace(/[.:\s]+$/, "");
}

/** The engine's reason when the query's own text caused the error (see QUERY_ERRORS), else null. */
export function queryErrorMessage(error: unknown): string | null {
  const name = clickhouseErrorName(error);
  return name && QUERY_ERRORS.has(name) ? engineReason(error as Error) : null;
}

/** The engine's reason when a value or a type caused the error (see DATA_ERRORS), else null. */
export function dataErrorMessage(error: unknown): string | null {
  const name = clickhouseErrorName(error);
  if (!name) return null;
  // An empty text read as a number or a date; the same code from reading the engine's own files is a fault.
  const emptyValue = name === "ATTEMPT_TO_READ_AFTER_EOF" && /Cannot parse/.test((error as Error).message);
  return DATA_ERRORS.has(name) || emptyValue ? engineReason(error as Error) : null;
}
