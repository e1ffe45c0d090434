/**
 * ClickHouse's error codes (ErrorCodes.cpp) that blame the rows it was given: parsing, conversion, ranges, sizes.
 * Not the ones about its own state (memory, disk space, too many parts, timeouts, network).
 */
const CLICKHOUSE_DATA_ERRORS = new Set([
  6, // CANNOT_PARSE_TEXT
  25, // CANNOT_PARSE_ESCAPE_SEQUENCE
  26, // CANNOT_PARSE_QUOTED_STRING
  27, // CANNOT_PARSE_INPUT_ASSERTION_FAILED
  38, // CANNOT_PARSE_DATE
  41, // CANNOT_PARSE_DATETIME
  53, // TYPE_MISMATCH
  69, // ARGUMENT_OUT_OF_BOUND
  70, // CANNOT_CONVERT_TYPE
  72, // CANNOT_PARSE_NUMBER
  117, // INCORRECT_DATA
  131, // TOO_LARGE_STRING_SIZE
  306, // TOO_DEEP_RECURSION
  321, // VALUE_IS_OUT_OF_RANGE_OF_DATA_TYPE
  376, // CANNOT_PARSE_UUID
  377, // ILLEGAL_SYNTAX_FOR_DATA_TYPE
  691, // UNKNOWN_ELEMENT_OF_ENUM
]);

/** PostgreSQL's SQLSTATE classes that blame the data: 22 data exception, 54 program limit exceeded (stack depth). */
const POSTGRES_DATA_CLASSES = new Set(["22", "54"]);

/**
 * Whether a database refused a flush for the data it was given, rather than for its own state (unreachable, out
 * of space, shutting down): only then do the same events fail again however often they are retried. Looks
 * through wrapping errors (drizzle's) to the database's own: chDB's carry `clickhouseCode`, a ClickHouse server's
 * (@clickhouse/client) a numeric `code` and a `type`, PostgreSQL's and PGlite's a SQLSTATE `code` and a `severity`.
 * A RangeError (stack or string size exceeded while handling the events) is about the data too.
 */
export function refusesData(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof RangeError) return true;
    const { clickhouseCode, code, type, severity } = cause as Error & Partial<Record<string, unknown>>;
    if (typeof clickhouseCode === "number") return CLICKHOUSE_DATA_ERRORS.has(clickhouseCode);
    if (typeof code === "string" && typeof type === "string") return CLICKHOUSE_DATA_ERRORS.has(Number(code));
    if (typeof code === "string" && typeof severity === "string") return POSTGRES_DATA_CLASSES.has(code.slice(0, 2));
  }
  return false;
}
