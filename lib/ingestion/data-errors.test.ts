import { ClickHouseError } from "@clickhouse/client";
import { PGlite } from "@electric-sql/pglite";
import { queryAsync } from "chdb";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { refusesData } from "./data-errors";

/** What `run` throws (it must throw). */
async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

describe("refusesData: the databases' own errors", () => {
  let pglite: PGlite;
  let db: ReturnType<typeof drizzle>;
  beforeAll(async () => {
    pglite = await PGlite.create();
    db = drizzle(pglite);
  }, 60_000);
  afterAll(() => pglite.close());

  test("PostgreSQL (PGlite, through drizzle's wrapping): data exceptions yes, others no", async () => {
    expect(refusesData(await thrown(() => db.execute(sql`SELECT ${"a\u0000b"}::text`)))).toBe(true);
    expect(refusesData(await thrown(() => db.execute(sql`SELECT '{"a": "\\u0000"}'::jsonb`)))).toBe(true);
    expect(refusesData(await thrown(() => db.execute(sql`SELECT 1 / 0`)))).toBe(true);
    expect(refusesData(await thrown(() => db.execute(sql`SELECT * FROM no_such_table`)))).toBe(false);
    expect(refusesData(await thrown(() => db.execute(sql`SELEC 1`)))).toBe(false);
  });

  test("chDB: parse errors of the rows yes, others no", async () => {
    const lone = thrown(() => queryAsync(`SELECT * FROM format(JSONEachRow, 'x String', '{"x": "\\\\ud800"}')`));
    expect(String(await lone)).toMatch(/surrogate/);
    expect(refusesData(await lone)).toBe(true);
    expect(refusesData(await thrown(() => queryAsync(`SELECT toUUID('nope')`)))).toBe(true);
    expect(refusesData(await thrown(() => queryAsync("SELECT throwIf(1)")))).toBe(false);
  });

  test("a ClickHouse server (@clickhouse/client): by the code it answers", () => {
    expect(refusesData(new ClickHouseError({ message: "bad escape", code: "25", type: "CANNOT_PARSE_ESCAPE_SEQUENCE" }))).toBe(true);
    expect(refusesData(new ClickHouseError({ message: "memory", code: "241", type: "MEMORY_LIMIT_EXCEEDED" }))).toBe(false);
    expect(refusesData(new ClickHouseError({ message: "parts", code: "252", type: "TOO_MANY_PARTS" }))).toBe(false);
  });

  test("the unavailable and the unknown are not the data's fault; a RangeError is", () => {
    expect(refusesData(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(false);
    expect(refusesData(new Error("Connection terminated unexpectedly"))).toBe(false);
    expect(refusesData("a string")).toBe(false);
    expect(refusesData(new RangeError("Maximum call stack size exceeded"))).toBe(true);
    expect(refusesData(new Error("wrapped", { cause: new RangeError("Invalid string length") }))).toBe(true);
  });
});
