import { ApiError, validationError } from "@/lib/api/errors";
import { parseEnvironment } from "@/lib/environment";

/** ClickHouse settings sent with one query (numbers and strings, as the engine takes them). */
export type QuerySettings = Record<string, string | number>;

/** Rows and bytes one read may hand to Node. */
const MAX_RESULT_ROWS = 1_000_000;
export const MAX_RESULT_BYTES = 256 * 1024 * 1024;

/**
 * What any read of the event store may cost, enforced by the engine itself (PostHog's HogQLGlobalSettings:
 * 60 s): the engine stops a query past its time or memory with an error. A result past MAX_RESULT_ROWS is cut
 * there by the engine ("break": chDB, after a result stopped with "throw", hands the rest of that result to the
 * session's next query) and refused by `checkResultSize`. Applied to every SELECT either store runs.
 */
export function readLimitSettings(): QuerySettings {
  const config = parseEnvironment(process.env);
  return {
    max_execution_time: config.queryTimeoutSeconds,
    timeout_overflow_mode: "throw",
    max_memory_usage: config.queryMaxMemoryMb * 1024 * 1024,
    // A small server's bound: aggregation and sorting states past this go to disk, so a large analysis is slower
    // instead of refused (ClickHouse advises half the bound, since merging what spilled needs memory too).
    ...(config.querySpillMb && {
      max_bytes_before_external_group_by: config.querySpillMb * 1024 * 1024,
      max_bytes_before_external_sort: config.querySpillMb * 1024 * 1024,
    }),
    max_result_rows: MAX_RESULT_ROWS,
    result_overflow_mode: "break",
    // Deeply nested or huge generated expressions are refused before planning, not after.
    max_ast_depth: 1_000,
    max_ast_elements: 500_000,
    max_query_size: 4 * 1024 * 1024,
  };
}

/** A result cut at the read limits: named as ClickHouse names its own result-limit error. */
export class ResultTooLargeError extends Error {
  readonly type = "TOO_MANY_ROWS_OR_BYTES";
}

/** Refuses a result the engine cut at MAX_RESULT_ROWS (it stops at a block boundary, at or past it) or too many bytes. */
export function checkResultSize(rows: number, bytes = 0) {
  if (rows >= MAX_RESULT_ROWS || bytes > MAX_RESULT_BYTES)
    throw new ResultTooLargeError(`The result has more than ${MAX_RESULT_ROWS} rows or ${MAX_RESULT_BYTES} bytes.`);
}

/** The ClickHouse error name (`TIMEOUT_EXCEEDED`…) of an error from chDB or a ClickHouse server, if it is one. */
export function clickhouseErrorName(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const type = (error as { type?: unknown }).type;
  if (typeof type === "string" && /^[A-Z_]+$/.test(type)) return type;
  return /\(([A-Z][A-Z_]+)\)\s*$/.exec(error.message)?.[1] ?? null;
}

const TOO_MUCH_DATA =
  "This query reads or returns more data than the limit allows. Use a shorter date range, add filters, or fewer breakdown values, then run it again.";
const TOO_COMPLEX = "This query is too complex to run. Use fewer series, steps, conditions or values, then run it again.";

/**
 * PostHog's answers (posthog/errors.py, posthog/exceptions.py) when the engine stopped a query at one of its
 * limits; null for any other error, which stays a server error.
 */
export function queryLimitError(error: unknown): ApiError | null {
  const name = clickhouseErrorName(error);
  switch (name) {
    case "TIMEOUT_EXCEEDED":
      return new ApiError(
        504,
        "server_error",
        "query_timeout",
        "Query has hit the max execution time before completing. Try a shorter date range or narrower filters.",
      );
    case "TOO_SLOW":
      return new ApiError(
        512,
        "server_error",
        "estimated_query_execution_time_too_long",
        "Estimated query execution time is too long. Try reducing its scope by changing the time range.",
      );
    case "MEMORY_LIMIT_EXCEEDED":
      return new ApiError(
        512,
        "server_error",
        "clickhouse_memory_limit_exceeded",
        "This query ran out of memory before it could finish, usually because it's scanning too much data. Try a shorter date range or narrower filters.",
      );
    case "TOO_MANY_ROWS":
    case "TOO_MANY_BYTES":
    case "TOO_MANY_ROWS_OR_BYTES":
    case "SET_SIZE_LIMIT_EXCEEDED":
      return validationError(TOO_MUCH_DATA, null, "too_many_bytes");
    case "TOO_DEEP_AST":
    case "TOO_BIG_AST":
    case "TOO_DEEP_RECURSION":
    case "TOO_DEEP_SUBQUERIES":
      return validationError(TOO_COMPLEX, null, "query_too_complex");
    case "SYNTAX_ERROR":
      return /query size exceeded/i.test((error as Error).message) ? validationError(TOO_COMPLEX, null, "query_too_complex") : null;
    default:
      return null;
  }
}
