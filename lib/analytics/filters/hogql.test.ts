import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { embeddedTestStore } from "@/lib/events/store/test-store";
import type { EventStore } from "@/lib/events/store/types";
import { elementFilterSql } from "./elements";
import { MAX_EXPRESSION_DEPTH, hogqlAggregateSql, hogqlBreakdownSql, hogqlFilterSql } from "./hogql";
import { PERSON_PROPERTIES, personIdJoin, personPropertiesJoin } from "./persons";
import { SqlParams } from "./properties";

/** The 400 an expression answers: its code and attr. */
function refusal(run: () => unknown): { code: string; attr: string | null; detail: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const { status, type, code, attr, detail } = error as ApiError;
    expect([status, type]).toEqual([400, "validation_error"]);
    return { code, attr, detail };
  }
  throw new Error("expected a refusal");
}

describe("what an analysis' expression may not hold", () => {
  test("subqueries, tables, table functions and unknown functions are refused with the field's attr", () => {
    const hostile = [
      "event IN (SELECT event FROM events)",
      "(SELECT count() FROM events) > 0",
      "properties.x IN (SELECT distinct_id FROM persons)",
      "file('/etc/passwd') = ''",
      "url('http://x') = ''",
      "remote('127.0.0.1', 'events') = 1",
      "cluster('x', 'events') = 1",
      "s3('http://x') = 1",
      "dictGet('d', 'a', 1) = 1",
      "currentDatabase() = 'x'",
      "{team} = 1",
      "event AS x",
      "event = 'a'; DROP TABLE events",
      "event = 'a' UNION ALL SELECT 1",
      "ｅvent = 'a'",
      "event ＝ 'a'",
      "system.numbers = 1",
    ];
    for (const text of hostile) {
      const { attr } = refusal(() => hogqlFilterSql(text));
      expect(attr, text).toBe("properties");
      expect(refusal(() => hogqlBreakdownSql(text)).attr, text).toBe("breakdown");
    }
    expect(refusal(() => hogqlFilterSql("event IN (SELECT event FROM events)")).code).toBe("subquery");
    expect(refusal(() => hogqlFilterSql("file('/etc/passwd') = ''")).code).toBe("unknown_function");
  });

  test("comments never reach the SQL: the expression is printed from its tree", () => {
    const { sql } = hogqlFilterSql("event = 'a' -- ) OR 1=1 UNION SELECT * FROM events\n");
    expect(sql).not.toMatch(/UNION|--|OR 1/);
    expect(hogqlFilterSql("event /* ' */ = 'a'").sql.replace("/*hogql:properties*/", "")).not.toContain("/*");
  });

  test("strings stay strings, whatever quotes and backslashes they hold", () => {
    const { sql } = hogqlFilterSql(String.raw`event = 'a\' OR 1=1 --'`);
    expect(sql).toContain(String.raw`'a\' OR 1=1 --'`);
  });

  test("size and depth are bounded", () => {
    expect(refusal(() => hogqlFilterSql(`event = '${"a".repeat(2_000)}'`)).code).toBe("max_length");
    const sum = `${Array.from({ length: MAX_EXPRESSION_DEPTH + 2 }, () => "1 + (").join("")}1${")".repeat(MAX_EXPRESSION_DEPTH + 2)} = 1`;
    expect(refusal(() => hogqlFilterSql(sum)).code).toBe("max_depth");
    // Parentheses alone build no node: the parser's own bound stops them.
    expect(refusal(() => hogqlFilterSql(`${"(".repeat(900)}1${")".repeat(900)} = 1`)).attr).toBe("properties");
    const nested = `${"lower(".repeat(40)}event${")".repeat(40)} = 'a'`;
    expect(refusal(() => hogqlBreakdownSql(nested)).code).toBe("max_depth");
    expect(refusal(() => hogqlFilterSql("")).code).toBe("required");
    expect(refusal(() => hogqlFilterSql(42)).code).toBe("required");
  });

  test("aggregates only where an aggregate is wanted, and never nested", () => {
    expect(refusal(() => hogqlFilterSql("count() > 1")).code).toBe("aggregate");
    expect(refusal(() => hogqlBreakdownSql("max(timestamp)")).code).toBe("aggregate");
    expect(refusal(() => hogqlAggregateSql("event", "h")).code).toBe("aggregate");
    expect(refusal(() => hogqlAggregateSql("count() + toFloat(properties.x)", "h")).code).toBe("aggregate");
    expect(refusal(() => hogqlAggregateSql("sum(count())", "h")).code).toBe("aggregate");
    expect(refusal(() => hogqlAggregateSql("1 + 1", "h")).code).toBe("aggregate");
    expect(refusal(() => hogqlAggregateSql("count(", "h")).attr).toBe("math_hogql");
  });

  test("unknown fields are refused by name", () => {
    expect(refusal(() => hogqlFilterSql("secret_column = 1")).detail).toMatch(/Unable to resolve field: secret_column/);
    expect(refusal(() => hogqlFilterSql("events.team_id.x = 1")).detail).toMatch(/Unable to resolve field/);
  });
});

const TEAM = 21;
const OTHER_TEAM = 22;
const ALICE = "00000000-0000-0000-0000-0000000000a1";
const BOB = "00000000-0000-0000-0000-0000000000b2";
const CHAIN_SIGNUP =
  'a.btn:attr__href="/signup"href="/signup"nth-child="1"nth-of-type="1"text="Sign up";div.hero:attr__id="top"attr_id="top"nth-child="2"nth-of-type="1"';
const CHAIN_BUY =
  'button.cta:nth-child="1"nth-of-type="1"text="Buy \\"now\\"";form:nth-child="1"nth-of-type="1";body:nth-child="1"nth-of-type="1"';

const rows = [
  { id: "e1", team: TEAM, person: ALICE, event: "$pageview", props: { plan: "pro", price: 10 }, chain: "" },
  { id: "e2", team: TEAM, person: ALICE, event: "$autocapture", props: { plan: "free", price: 5 }, chain: CHAIN_SIGNUP },
  { id: "e3", team: TEAM, person: BOB, event: "$autocapture", props: { price: "x" }, chain: CHAIN_BUY },
  { id: "e4", team: TEAM, person: BOB, event: "$pageview", props: {}, chain: "" },
  { id: "o1", team: OTHER_TEAM, person: BOB, event: "$pageview", props: { plan: "secret" }, chain: "" },
];

describe("on chDB", () => {
  const testStore = embeddedTestStore("hogql-filters");
  let store: EventStore;

  beforeAll(async () => {
    store = await testStore.open();
    await store.insert(
      "events",
      rows.map((r, i) => ({
        uuid: `00000000-0000-0000-0003-00000000000${i}`,
        event: r.event,
        properties: JSON.stringify(r.props),
        elements_chain: r.chain,
        timestamp: `2024-03-01 00:00:0${i}.000000`,
        team_id: r.team,
        distinct_id: r.id,
        person_id: r.person,
      })),
    );
    await store.insert("person", [
      {
        id: ALICE,
        team_id: TEAM,
        properties: JSON.stringify({ email: "alice@x.io" }),
        is_identified: 1,
        created_at: "2024-01-01 00:00:00.000",
        version: 0,
      },
      { id: BOB, team_id: TEAM, properties: JSON.stringify({}), is_identified: 1, created_at: "2024-01-01 00:00:00.000", version: 0 },
    ]);
  }, 60_000);
  afterAll(async () => {
    await testStore.close();
  });

  const from = `FROM events AS e ${personIdJoin("{team:Int64}")} ${personPropertiesJoin("{team:Int64}")} WHERE e.team_id = {team:Int64}`;

  async function matching(condition: string, params = new SqlParams()): Promise<string[]> {
    const sql = `SELECT e.distinct_id AS id ${from} AND (${condition}) ORDER BY id`;
    return (await store.query<{ id: string }>(sql, { ...params.values, team: TEAM })).map((r) => r.id);
  }

  test("NULL rules (G27): = false, != true, > false on a missing property; like is case-sensitive", async () => {
    expect(await matching(hogqlFilterSql("properties.plan = 'pro'").sql)).toEqual(["e1"]);
    expect(await matching(hogqlFilterSql("properties.plan != 'pro'").sql)).toEqual(["e2", "e3", "e4"]);
    expect(await matching(hogqlFilterSql("toFloat(properties.price) > 6").sql)).toEqual(["e1"]);
    expect(await matching(hogqlFilterSql("toFloat(properties.price) < 6").sql)).toEqual(["e2"]);
    expect(await matching(hogqlFilterSql("properties.plan like 'PRO'").sql)).toEqual([]);
    expect(await matching(hogqlFilterSql("properties.plan ilike 'PRO'").sql)).toEqual(["e1"]);
    expect(await matching(hogqlFilterSql("person.properties.email = 'alice@x.io'").sql)).toEqual(["e1", "e2"]);
    expect(await matching(hogqlFilterSql("person_id = '00000000-0000-0000-0000-0000000000b2'").sql)).toEqual(["e3", "e4"]);
  });

  test("another project's events are never read", async () => {
    expect(await matching(hogqlFilterSql("properties.plan = 'secret' OR team_id != 21").sql)).toEqual([]);
  });

  test("a breakdown is text per event, '' when NULL", async () => {
    const { sql } = hogqlBreakdownSql("properties.plan");
    const values = await store.query<{ v: string }>(`SELECT ${sql} AS v ${from} ORDER BY e.distinct_id`, { team: TEAM });
    expect(values.map((r) => r.v)).toEqual(["pro", "free", "", ""]);
  });

  test("an aggregate splits into per-event columns and the aggregate over them", async () => {
    const agg = hogqlAggregateSql("sum(toFloat(properties.price)) + count(distinct person_id)", "h");
    expect(agg.person).toBe(true);
    const inner = agg.columns.map((c, i) => `${c} AS h${i}`).join(", ");
    const [row] = await store.query<{ v: number }>(`SELECT ${agg.sql} AS v FROM (SELECT ${inner} ${from})`, { team: TEAM });
    expect(Number(row.v)).toBe(17);
    const empty = hogqlAggregateSql("avg(toFloat(properties.price))", "h");
    const [none] = await store.query<{ v: number }>(`SELECT ${empty.sql} AS v FROM (SELECT ${empty.columns[0]} AS h0 ${from} AND 0)`, {
      team: TEAM,
    });
    expect(Number(none.v)).toBe(0);
  });

  test("element filters look at every element of the chain (G29)", async () => {
    const el = async (key: string, operator: string, value: unknown) => {
      const params = new SqlParams();
      return matching(elementFilterSql({ key, operator, value }, params), params);
    };
    expect(await el("text", "exact", "Sign up")).toEqual(["e2"]);
    expect(await el("text", "exact", 'Buy "now"')).toEqual(["e3"]);
    expect(await el("text", "exact", ["Sign up", 'Buy "now"'])).toEqual(["e2", "e3"]);
    expect(await el("text", "is_not", "Sign up")).toEqual(["e1", "e3", "e4"]);
    expect(await el("text", "is_not", ["Sign up", 'Buy "now"'])).toEqual(["e1", "e4"]);
    expect(await el("text", "icontains", "SIGN")).toEqual(["e2"]);
    expect(await el("text", "regex", "Sign")).toEqual([]);
    expect(await el("text", "regex", "Sign.*")).toEqual(["e2"]);
    expect(await el("href", "exact", "/signup")).toEqual(["e2"]);
    expect(await el("tag_name", "exact", "div")).toEqual(["e2"]);
    expect(await el("tag_name", "exact", "form")).toEqual(["e3"]);
    expect(await el("tag_name", "is_not", "form")).toEqual(["e1", "e2", "e4"]);
    expect(await el("selector", "exact", "div#top > a.btn")).toEqual(["e2"]);
    expect(await el("selector", "exact", "body button")).toEqual(["e3"]);
    expect(await el("selector", "is_not", "body button")).toEqual(["e1", "e2", "e4"]);
  });

  test("element filters refuse what they cannot match", () => {
    const params = new SqlParams();
    expect(refusal(() => elementFilterSql({ key: "tag_name", operator: "icontains", value: "a" }, params)).code).toBe("invalid_choice");
    expect(refusal(() => elementFilterSql({ key: "attr_class", operator: "exact", value: "a" }, params)).code).toBe("invalid_choice");
    expect(refusal(() => elementFilterSql({ key: "selector", operator: "exact", value: "a:hover" }, params)).code).toBe("invalid_selector");
    expect(refusal(() => elementFilterSql({ key: "text", operator: "regex", value: "(" }, params)).code).toBe("invalid_regex");
    expect(refusal(() => elementFilterSql({ key: "text", operator: "exact", value: [] }, params)).code).toBe("required");
  });

  test("the engine's type errors are 400s naming the field, before the analysis runs", async () => {
    const { checkHogQLExpressions, hogqlExpressionsOf } = await import("@/lib/analytics/hogql-check");
    const failure = async (request: Record<string, unknown>) => {
      try {
        await checkHogQLExpressions(TEAM, request);
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
        return { status: (error as ApiError).status, code: (error as ApiError).code, attr: (error as ApiError).attr };
      }
      return null;
    };
    expect(await failure({ events: [{ id: "$pageview", math: "hogql", math_hogql: "sum(event)" }] })).toEqual({
      status: 400,
      code: "query_error",
      attr: "math_hogql",
    });
    expect(await failure({ properties: JSON.stringify([{ type: "hogql", key: "properties.plan" }]) })).toEqual({
      status: 400,
      code: "query_error",
      attr: "properties",
    });
    expect(await failure({ breakdown_type: "hogql", breakdown: "event IN (SELECT event FROM events)" })).toEqual({
      status: 400,
      code: "subquery",
      attr: "breakdown",
    });
    const fine = {
      breakdown_type: "hogql",
      breakdown: "concat(properties.plan, '-', person.properties.email)",
      events: [
        {
          id: "$pageview",
          math: "hogql",
          math_hogql: "count(distinct person_id) / 2",
          properties: [{ type: "hogql", key: "toFloat(properties.price) > 1" }],
        },
      ],
    };
    expect(hogqlExpressionsOf(fine).map((f) => f.use)).toEqual(["breakdown", "aggregate", "filter"]);
    expect(await failure(fine)).toBeNull();
    const many = { properties: Array.from({ length: 21 }, () => ({ type: "hogql", key: "1 = 1" })) };
    expect(await failure(many)).toEqual({ status: 400, code: "max_length", attr: "properties" });
  });

  test("HogQL queries read the event's session: its id and its duration over all its events", async () => {
    const SESSIONS_TEAM = 23;
    const sid = "0190cccc-0000-7000-8000-000000000001";
    const at = (n: number, seconds: number, session: string | null, team = SESSIONS_TEAM) => ({
      uuid: `00000000-0000-0000-0004-00000000000${n}`,
      event: n === 0 ? "$pageview" : "purchase",
      properties: JSON.stringify(session ? { $session_id: session } : {}),
      timestamp: `2024-03-02 00:00:${String(seconds).padStart(2, "0")}.000000`,
      team_id: team,
      distinct_id: "s",
      person_id: ALICE,
    });
    // The other project's event in the same session must not stretch it.
    await store.insert("events", [at(0, 5, sid), at(1, 47, sid), at(2, 10, null), at(3, 59, sid, OTHER_TEAM)]);
    const { runHogQL } = await import("@/lib/hogql/run");
    const result = await runHogQL("select event, session.session_id, session.$session_duration from events order by timestamp", {
      teamId: SESSIONS_TEAM,
      timezone: "UTC",
    });
    expect(result.results).toEqual([
      ["$pageview", sid, 42],
      ["purchase", null, null],
      ["purchase", sid, 42],
    ]);
    expect(refusal(() => hogqlFilterSql("session.$session_duration > 1")).code).toBe("unsupported");
    expect(refusal(() => hogqlFilterSql("session.secret > 1")).detail).toMatch(/Unable to resolve field/);
  });

  test("PERSON_PROPERTIES is what hogql person fields read", () => {
    expect(hogqlFilterSql("person.properties.email = 'a'").sql).toContain(PERSON_PROPERTIES);
  });
});
