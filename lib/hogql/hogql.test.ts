import { describe, expect, test } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { batchExportSchemaFromHogQL, batchExportSource } from "./batch-export";
import { MAX_LIMIT, compileHogQL, type CompileContext } from "./compile";
import { MAX_DEPTH, MAX_NODES, MAX_QUERY_LENGTH, parseExpression, parseQuery } from "./parser";
import { printQuery } from "./print";

const ctx: CompileContext = { teamId: 7, timezone: "UTC", values: { name: "O'Brien", n: 3, list: ["a", "b"] } };
const compile = (text: string, context = ctx) => compileHogQL(parseQuery(text), context);
/** The FROM every events read compiles to: the project's rows, filtered inside a subquery of the compiler's own. */
const PROJECT_EVENTS =
  "(SELECT uuid, event, properties, timestamp, team_id, distinct_id, person_id, elements_chain, created_at, prop_browser, prop_os, prop_current_url, prop_pathname, prop_host, prop_device_type, prop_referring_domain, prop_session_id, prop_geoip_country_code, prop_viewport_width, prop_viewport_height FROM events PREWHERE team_id = {hogql_team:Int64}) AS e";

/** The 400 a query answers: its detail. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).detail;
  }
  throw new Error("expected a refusal");
}
const refusedQuery = (text: string) => refusal(() => compile(text));

describe("parser", () => {
  test("reads every supported construct and prints it back normalized", () => {
    const cases: [string, string][] = [
      ["select event, count() from events group by event", "SELECT event, count() FROM events GROUP BY event"],
      [
        "SELECT properties.$browser AS browser, uniq(distinct_id) u FROM events e WHERE e.event = '$pageview' AND timestamp > now() - interval 7 day GROUP BY browser HAVING u > 1 ORDER BY u DESC, browser LIMIT 10 OFFSET 5",
        "SELECT properties.$browser AS browser, uniq(distinct_id) AS u FROM events AS e WHERE (e.event = '$pageview') AND (timestamp > (now() - (INTERVAL 7 DAY))) GROUP BY browser HAVING u > 1 ORDER BY u DESC, browser ASC LIMIT 10 OFFSET 5",
      ],
      [
        "select count(*) from events where event in ('a', 'b') and not (event like '%x%')",
        "SELECT count(*) FROM events WHERE (event IN ('a', 'b')) AND (NOT (event LIKE '%x%'))",
      ],
      ["select 1 + 2 * 3, -4, 1.5e3, null, true", "SELECT 1 + (2 * 3), -4, 1500, NULL, true"],
      ["select case when 1 then 'a' else 'b' end", "SELECT CASE WHEN 1 THEN 'a' ELSE 'b' END"],
      ["select x between 1 and 2, y is not null, z not in {list}", "SELECT x BETWEEN 1 AND 2, y IS NOT NULL, z NOT IN ({list})"],
      ['select `weird name`, "also" from events', "SELECT `weird name`, also FROM events"],
      [
        "select count(distinct person_id) from (select person_id from events) as s",
        "SELECT count(DISTINCT person_id) FROM (SELECT person_id FROM events) AS s",
      ],
      ["select 'it''s', 'a\\'b', 'tab\\t' -- a comment\n /* another */ from events;", "SELECT 'it\\'s', 'a\\'b', 'tab\\t' FROM events"],
      ["select * from events limit 5, 10", "SELECT * FROM events LIMIT 10 OFFSET 5"],
    ];
    for (const [text, printed] of cases) expect(printQuery(parseQuery(text)), text).toBe(printed);
    expect(parseQuery("SELECT 1 UNION ALL SELECT 2").kind).toBe("union");
    expect(parseExpression("coalesce(properties.$current_url, properties.$screen_name) -- Url / Screen")).toMatchObject({
      kind: "call",
      name: "coalesce",
    });
  });

  test("a syntax error names the line and column where reading stopped", () => {
    expect(refusal(() => parseQuery("SELEC 1"))).toBe('Syntax error at line 1, column 1: expected SELECT, found "SELEC"');
    expect(refusal(() => parseQuery("SELECT event\nFROM events WHERE"))).toBe(
      "Syntax error at line 2, column 18: the query ends too early",
    );
    expect(refusal(() => parseQuery("SELECT 'open"))).toBe("Syntax error at line 1, column 8: a string is not closed (missing ')");
    expect(refusal(() => parseQuery("SELECT 1 /* open"))).toMatch(/comment is not closed/);
    expect(refusal(() => parseQuery("SELECT 1 FROM events WHERE event = 'a' ORDER"))).toMatch(/expected BY/);
    expect(refusal(() => parseQuery("SELECT 12abc"))).toMatch(/is not a number/);
    expect(refusal(() => parseQuery("SELECT #"))).toMatch(/unexpected character "#"/);
  });

  test("refuses what ClickHouse would take but HogQL does not, by name", () => {
    const refused: [string, RegExp][] = [
      ["SELECT 1; DROP TABLE events", /only one statement is allowed/],
      ["SELECT 1 FROM events; SELECT 2", /only one statement is allowed/],
      ["SELECT 1 FROM events SETTINGS max_execution_time = 1000", /SETTINGS clauses are not allowed/],
      ["SELECT 1 FROM events FORMAT TabSeparated", /FORMAT clauses are not allowed/],
      ["SELECT 1 FROM events INTO OUTFILE 'x'", /INTO OUTFILE is not allowed/],
      ["SELECT * FROM file('/etc/passwd')", /table functions such as file\(…\) are not allowed/],
      ["SELECT * FROM url('http://example.com', CSV)", /table functions such as url\(…\) are not allowed/],
      ["WITH x AS (SELECT 1) SELECT * FROM x", /WITH \(common table expressions\) is not supported/],
      ["SELECT 1 FROM events FINAL", /FINAL is not supported/],
      ["SELECT 1 FROM events PREWHERE 1", /PREWHERE is not supported/],
      ["SELECT event FROM events LIMIT 1 BY event", /LIMIT BY is not supported/],
      ["SELECT quantile(0.5)(1)", /parametric functions/],
      ["SELECT event FROM events ARRAY JOIN x", /ARRAY JOIN is not supported/],
      ["INSERT INTO events VALUES (1)", /expected SELECT/],
      ["SELECT (SELECT 1)", /subqueries are only supported in FROM and IN/],
    ];
    for (const [text, message] of refused)
      expect(
        refusal(() => parseQuery(text)),
        text,
      ).toMatch(message);
  });

  test("bounds: length, nesting depth and size", () => {
    expect(refusal(() => parseQuery(`SELECT '${"x".repeat(MAX_QUERY_LENGTH)}'`))).toMatch(/longer than 20,000 characters/);
    expect(refusal(() => parseQuery(`SELECT ${"(".repeat(MAX_DEPTH + 1)}1${")".repeat(MAX_DEPTH + 1)}`))).toMatch(
      /nested deeper than 64 levels/,
    );
    expect(refusal(() => parseQuery(`SELECT ${"- ".repeat(MAX_DEPTH + 1)}1`))).toMatch(/nested deeper/);
    expect(refusal(() => parseQuery(`SELECT ${Array.from({ length: MAX_NODES }, () => "1").join(",")}`))).toMatch(/too large/);
    expect(() => parseQuery(`SELECT ${"(".repeat(MAX_DEPTH - 2)}1${")".repeat(MAX_DEPTH - 2)}`)).not.toThrow();
  });
});

describe("compiler", () => {
  test("confines every events read to the project, joining the person only when named", () => {
    const compiled = compile("select event, count() from events group by event order by count() desc");
    expect(compiled.sql).toBe(
      `SELECT e.event AS \`__c0\`, count() AS \`__c1\`, toTypeName(\`__c0\`) AS \`__t0\`, toTypeName(\`__c1\`) AS \`__t1\` FROM ${PROJECT_EVENTS} GROUP BY e.event ORDER BY count() DESC LIMIT 101`,
    );
    expect(compiled.params).toEqual({ hogql_team: 7 });
    expect(compiled.columns.map((c) => c.name)).toEqual(["event", "count()"]);
    expect(compiled.hogql).toBe("SELECT event, count() FROM events GROUP BY event ORDER BY count() DESC LIMIT 100");

    const person = compile("select person.properties.email, person_id from events where properties.plan = 'pro'").sql;
    expect(person).toContain("LEFT JOIN (\n    SELECT distinct_id, argMax(person_id, version)");
    expect(person).toContain("JSONExtract(pp.properties, 'email', 'Nullable(String)')");
    expect(person).toContain(`FROM ${PROJECT_EVENTS} LEFT JOIN`);
    expect(person).toContain("WHERE ((JSONExtract(e.properties, 'plan', 'Nullable(String)') = 'pro'))");
    // A hot property reads its own column, not the JSON.
    expect(compile("select properties.$browser from events").sql).toContain("e.prop_browser AS `__c0`");
    expect(compile("select properties.a.b from events").sql).toContain("JSONExtract(e.properties, 'a', 'b', 'Nullable(String)')");
  });

  test("the user's WHERE reads the project's rows only, so OR cannot widen it", () => {
    const { sql } = compile("select event from events where team_id = 8 or 1 = 1");
    expect(sql).toContain(`FROM ${PROJECT_EVENTS} WHERE (((e.team_id = 8) OR (1 = 1)))`);
  });

  test("no alias, quoting or case a query writes reaches the SQL: columns have the compiler's names", () => {
    for (const text of [
      "select 3 as `e.team_id`, event from events",
      "select 3 as `E.TEAM_ID`, event from events",
      "select 3 as team_id, event from events where team_id = 3",
      "select 3 as `team_id`, count() from events",
      "select event from (select 3 as team_id, event from events) where team_id = 3",
      "select event from events where distinct_id in (select 3 as team_id, distinct_id from events)",
    ]) {
      let sql: string;
      try {
        sql = compile(text).sql;
      } catch (error) {
        expect((error as ApiError).status, text).toBe(400);
        continue;
      }
      expect(sql, text).not.toMatch(/AS `(?!__[cqt]\d)/);
      expect(sql.split("PREWHERE team_id = {hogql_team:Int64}").length - 1, text).toBe(sql.split("FROM events").length - 1);
      expect(sql, text).not.toMatch(/FROM events(?! PREWHERE team_id = \{hogql_team:Int64\})/);
    }
    expect(refusedQuery("select 3 as `e.team_id` from events")).toBe('The alias "e.team_id" is reserved: choose another name.');
    // An alias still names its column in the other clauses, through the compiler's name.
    expect(compile("select event as name, count() as c from events group by name order by c desc").sql).toContain(
      "GROUP BY `__c0` ORDER BY `__c1` DESC",
    );
  });

  test("subqueries in FROM and IN are confined too; persons read the project's persons", () => {
    const nested = compile("select count() from (select distinct_id as d from events where event = 'x') s where s.d != ''").sql;
    expect(nested.match(/PREWHERE team_id = \{hogql_team:Int64\}/g)).toHaveLength(1);
    expect(nested).toContain(`FROM (SELECT e.distinct_id AS \`__c0\` FROM ${PROJECT_EVENTS}`);
    expect(nested).toContain("AS __q1 WHERE ((__q1.`__c0` != ''))");
    const inSubquery = compile("select event from events where distinct_id in (select distinct_id from events where event = 'a')").sql;
    expect(inSubquery.match(/PREWHERE team_id = \{hogql_team:Int64\}/g)).toHaveLength(2);
    const persons = compile("select id, properties.email from persons").sql;
    expect(persons).toContain("FROM person PREWHERE team_id = {hogql_team:Int64}");
    expect(persons).toContain("JSONExtract(p.properties, 'email', 'Nullable(String)')");
  });

  test("constants and placeholders become escaped literals; nothing from the text reaches the SQL raw", () => {
    expect(compile("select {name}, {n}, {list}").sql).toMatch(
      /^SELECT 'O\\'Brien' AS `__c0`, 3 AS `__c1`, \['a', 'b'\] AS `__c2`, toTypeName/,
    );
    expect(compile("select 'a\\\\'' or 1=1 --'").sql).toMatch(/^SELECT 'a\\\\\\' or 1=1 --' AS `__c0`, toTypeName/);
    const quoted = compile("select event as `a``b` from events");
    expect(quoted.sql).toBe(`SELECT e.event AS \`__c0\`, toTypeName(\`__c0\`) AS \`__t0\` FROM ${PROJECT_EVENTS} LIMIT 101`);
    expect(quoted.columns.map((c) => c.name)).toEqual(["a`b"]);
  });

  test("limits: 100 by default, at most 50,000, one more row read to tell there are more", () => {
    expect(compile("select event from events").limit).toBe(100);
    expect(compile("select event from events limit 7 offset 3")).toMatchObject({ limit: 7, offset: 3 });
    expect(compile("select event from events limit 7 offset 3").sql).toMatch(/LIMIT 8 OFFSET 3$/);
    expect(compile("select event from events limit 1000000").limit).toBe(MAX_LIMIT);
    expect(compile("select event from (select event from events limit 1000000)").sql).toContain("LIMIT 1000000)");
  });

  test("refuses unknown tables, fields and functions, and what they could reach", () => {
    const refused: [string, string | RegExp][] = [
      ["select * from system.tables", 'Unknown table "system.tables": system tables cannot be queried. HogQL reads events and persons.'],
      ["select * from person", 'Unknown table "person". HogQL reads events and persons.'],
      ["select * from person_distinct_id2", /Unknown table "person_distinct_id2"/],
      ["select * from `events` as e join persons p on p.id = e.person_id", /JOINs are not supported/],
      ["select * from events, persons", /JOINs are not supported/],
      ["select 1 union all select 2", "UNIONs are not supported."],
      ["select nope from events", "Unable to resolve field: nope"],
      ["select e.team_id, x.event from events e", "Unable to resolve field: x.event"],
      ["select person from events", "Unable to resolve field: person"],
      ["select person.name from events", "Unable to resolve field: person.name"],
      ["select file('/etc/passwd')", "Unsupported function call 'file(...)': it is not one HogQL allows."],
      ["select url('http://x', 'CSV', 'a String')", /Unsupported function call 'url/],
      ["select currentUser()", /Unsupported function call 'currentUser/],
      ["select dictGet('d', 'a', 1)", /Unsupported function call 'dictGet/],
      ["select sleep(3)", /Unsupported function call 'sleep/],
      ["select count(1, 2) from events", "Function 'count' takes 0 to 1 argument, not 2."],
      ["select if(1, 2)", /takes 3 arguments, not 2/],
      ["select lower(distinct event) from events", /DISTINCT is only allowed in aggregate functions/],
      ["select 1 as e", 'The alias "e" is reserved: choose another name.'],
      ["select 1 as __c1", /reserved/],
      ["select event as pdi from events", /reserved/],
      ["select {missing}", "Placeholder {missing} is not available in this context. You can use the following: name, n, list"],
      ["select 1e999", /out of range/],
      ["select *", "SELECT * needs a FROM clause."],
      ["select event from events where (event as x) = 1", /expected "\)", found "as"/],
    ];
    for (const [text, message] of refused) {
      const detail = refusedQuery(text);
      if (typeof message === "string") expect(detail, text).toBe(message);
      else expect(detail, text).toMatch(message);
    }
  });

  test("timestamps read in the project's timezone", () => {
    expect(compile("select toStartOfDay(timestamp) from events", { ...ctx, timezone: "Europe/Paris" }).sql).toContain(
      "toStartOfDay(toTimeZone(e.timestamp, 'Europe/Paris'))",
    );
  });
});

describe("batch export schema", () => {
  test("each column compiled, aliased as PostHog does", () => {
    const schema = batchExportSchemaFromHogQL(
      "SELECT event, properties.$browser AS browser, person.properties.email, toString(uuid) FROM events",
    );
    expect(schema).toEqual({
      fields: [
        { expression: "e.event", alias: "event" },
        { expression: "e.prop_browser", alias: "browser" },
        { expression: "JSONExtract(pp.properties, 'email', 'Nullable(String)')", alias: "email" },
        { expression: "toString(e.uuid)", alias: "toString(uuid)" },
      ],
      values: {},
      hogql_query: "SELECT event, properties.$browser AS browser, person.properties.email, toString(uuid) FROM events",
    });
    expect(batchExportSource(schema, "{team:Int64}")).toMatch(
      /^\(SELECT .* FROM events PREWHERE team_id = \{team:Int64\}\) AS e LEFT JOIN .* AS pdi .* LEFT JOIN .* AS pp ON/s,
    );
    expect(batchExportSource(batchExportSchemaFromHogQL("select e.event from events as e"), "{team:Int64}")).toBe(
      PROJECT_EVENTS.replace("{hogql_team:Int64}", "{team:Int64}"),
    );
    expect(batchExportSchemaFromHogQL("select * from events").fields.map((f) => f.alias)).toEqual([
      "uuid",
      "event",
      "properties",
      "timestamp",
      "distinct_id",
      "elements_chain",
      "created_at",
      "$session_id",
    ]);
  });

  test("PostHog's refusals, on hogql_query", () => {
    const refused = (text: string) => {
      try {
        batchExportSchemaFromHogQL(text);
      } catch (error) {
        expect((error as ApiError).attr).toBe("hogql_query");
        return (error as ApiError).detail;
      }
      return null;
    };
    expect(refused("select event from events union all select event from events")).toBe("UNIONs are not supported");
    expect(refused("select 1")).toBe("Query must SELECT FROM events");
    expect(refused("select id from persons")).toBe("Query must only SELECT FROM events");
    expect(refused("select event from (select event from events)")).toBe("Query must only SELECT FROM events");
    expect(refused("select event from events e join persons p on p.id = e.person_id")).toBe("JOINs are not supported");
    expect(refused("selec event from events")).toBe("Failed to parse query");
    expect(refused("select nope from events")).toBe("Unsupported HogQL query");
    expect(refused("select file('x') from events")).toBe("Unsupported HogQL query");
    expect(refused("select event from events where event = 'x'")).toBe("Unsupported HogQL query");
  });
});

test("a subquery's `*` names its table's fields outside it", () => {
  const { sql } = compile("select * from (select * from events)");
  expect(sql).toMatch(/^SELECT __q1\.`__c0` AS `__c0`, __q1\.`__c1` AS `__c1`/);
  expect(sql).toContain("FROM (SELECT e.uuid AS `__c0`, e.event AS `__c1`");
  expect(
    compile("select * from (select * from events)")
      .columns.map((c) => c.name)
      .slice(0, 2),
  ).toEqual(["uuid", "event"]);
});
