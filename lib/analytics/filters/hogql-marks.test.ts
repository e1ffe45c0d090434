import { describe, expect, test } from "vitest";
import { hogqlDataError, markHogQL } from "./hogql-marks";

/** An engine error as chDB and @clickhouse/client report it: the message ends with the error's name. */
const engine = (message: string, name: string) => Object.assign(new Error(`Code: 1. DB::Exception: ${message}. (${name})`), { type: name });

const PARSE = engine(
  "Cannot parse string 'Chrome' as Int64: syntax error at begin of string. Note: there are toInt64OrZero and toInt64OrNull functions, which returns zero/NULL instead of throwing exception: while executing 'FUNCTION toInt64(__table1.x :: 2) -> toInt64(__table1.x) Int64 : 1'",
  "CANNOT_PARSE_TEXT",
);

describe("hogqlDataError", () => {
  const filter = `SELECT count() FROM events AS e WHERE ${markHogQL("toInt64(e.event) > 0", "properties")}`;

  test("a value error in a query holding an expression: the engine's reason, without its internals, naming the field", () => {
    const error = hogqlDataError(filter, PARSE);
    expect(error?.status).toBe(400);
    expect(error?.body).toEqual({
      type: "validation_error",
      code: "query_error",
      attr: "properties",
      detail:
        "The HogQL expression cannot run: Cannot parse string 'Chrome' as Int64: syntax error at begin of string. Note: there are toInt64OrZero and toInt64OrNull functions, which returns zero/NULL instead of throwing exception.",
    });
    const scoped = hogqlDataError(
      filter,
      engine("Division by zero: In scope SELECT intDiv(10, 0) FROM events AS __table1", "ILLEGAL_DIVISION"),
    );
    expect(scoped?.detail).toBe("The HogQL expression cannot run: Division by zero.");
  });

  test("the field is left open when expressions of several fields could be at fault", () => {
    const both = `${filter} GROUP BY ${markHogQL("toDateTime(e.event)", "breakdown")}`;
    expect(hogqlDataError(both, PARSE)?.attr).toBeNull();
  });

  test("no expression, a limit, or an engine fault: not a 400 here", () => {
    expect(hogqlDataError("SELECT toInt64(event) FROM events", PARSE)).toBeNull();
    expect(hogqlDataError(filter, engine("Memory limit (for query) exceeded", "MEMORY_LIMIT_EXCEEDED"))).toBeNull();
    expect(hogqlDataError(filter, engine("Timeout exceeded: elapsed 61 seconds", "TIMEOUT_EXCEEDED"))).toBeNull();
    expect(hogqlDataError(filter, engine("Cannot open file /var/lib/data/x.bin", "CANNOT_OPEN_FILE"))).toBeNull();
    expect(
      hogqlDataError(filter, engine("Attempt to read after eof: while reading column e.properties", "ATTEMPT_TO_READ_AFTER_EOF")),
    ).toBeNull();
    expect(hogqlDataError(filter, new Error("socket hang up"))).toBeNull();
  });

  test("an empty text read as a number is the data's", () => {
    const empty = engine(
      "Attempt to read after eof: Cannot parse Int64 from String, because value is too short",
      "ATTEMPT_TO_READ_AFTER_EOF",
    );
    expect(hogqlDataError(filter, empty)?.detail).toBe(
      "The HogQL expression cannot run: Attempt to read after eof: Cannot parse Int64 from String, because value is too short.",
    );
  });
});
