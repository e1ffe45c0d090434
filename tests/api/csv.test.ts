import { beforeAll, describe, expect, inject, test } from "vitest";
import { signUp, type TestUser } from "../support/api";
import { sendEvents } from "../support/events";

const baseUrl = inject("baseUrl");

/** `format=csv` on the insights operations (the spec: every one but sharing), as DRF's CSV renderer writes it. */
describe("format=csv on the analyses and insight operations", () => {
  let user: TestUser;
  const at = (day: number, hour = 12) => new Date(Date.UTC(2024, 2, day, hour)).toISOString();

  beforeAll(async () => {
    user = await signUp(baseUrl);
    const events = [];
    for (let p = 0; p < 6; p++) {
      events.push({
        event: "$pageview",
        distinct_id: `p${p}`,
        timestamp: at(2 + (p % 3)),
        properties: { $browser: p % 2 ? "Chrome" : "Safari" },
      });
      if (p % 2) events.push({ event: "signed_up", distinct_id: `p${p}`, timestamp: at(3 + (p % 3), 13) });
    }
    await sendEvents(baseUrl, user, events);
  });

  const csv = async (method: "GET" | "POST", path: string, body?: unknown) => {
    const response = await user.session.request(method, `/api/projects/${user.projectId}/insights/${path}`, body, { unchecked: true });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const [header, ...rows] = response.text.trim().split("\r\n");
    return { header: header.split(","), rows };
  };

  test("an analysis answers its JSON flattened to dotted columns, one row", async () => {
    const range = { date_from: "2024-03-01", date_to: "2024-03-07" };
    const trend = await csv("POST", "trend/?format=csv", { ...range, events: [{ id: "$pageview" }] });
    expect(trend.header).toEqual(expect.arrayContaining(["result.0.data.0", "result.0.label", "result.0.count", "is_cached"]));
    expect(trend.rows).toHaveLength(1);
    const json = await user.session.post(`/api/projects/${user.projectId}/insights/trend/`, { ...range, events: [{ id: "$pageview" }] });
    const countColumn = trend.header.indexOf("result.0.count");
    expect(Number(trend.rows[0].split(",")[countColumn])).toBe(json.body.result[0].count);

    const funnel = await csv("POST", "funnel/?format=csv", {
      ...range,
      events: [
        { id: "$pageview", order: 0 },
        { id: "signed_up", order: 1 },
      ],
    });
    expect(funnel.header).toEqual(expect.arrayContaining(["result.0.count", "result.1.count", "result.1.average_conversion_time"]));
    const viaGet = await csv(
      "GET",
      `funnel/?format=csv&date_from=2024-03-01&date_to=2024-03-07&events=${encodeURIComponent(
        JSON.stringify([
          { id: "$pageview", order: 0 },
          { id: "signed_up", order: 1 },
        ]),
      )}`,
    );
    // The GET is answered from the cache the POST filled, whose JSON keys may come back in another order.
    expect([...viaGet.header].sort()).toEqual([...funnel.header].sort());

    for (const [path, body] of [
      ["retention/?format=csv", { date_to: "2024-03-07", total_intervals: 5 }],
      ["path/?format=csv", range],
      [
        "funnel/correlation/?format=csv",
        {
          ...range,
          events: [
            { id: "$pageview", order: 0 },
            { id: "signed_up", order: 1 },
          ],
        },
      ],
    ] as const)
      expect((await csv("POST", path, body)).header.length, path).toBeGreaterThan(0);
  });

  test("lists answer one row per item; json is the default; another format is a 400", async () => {
    const created = await user.session.post(`/api/projects/${user.projectId}/insights/`, {
      name: "Views",
      filters: { insight: "TRENDS", events: [{ id: "$pageview" }] },
    });
    expect(created.status, created.text).toBe(201);
    const activity = await csv("GET", "activity/?format=csv");
    expect(activity.header).toEqual(expect.arrayContaining(["activity", "scope", "item_id"]));
    expect(activity.rows.length).toBeGreaterThan(0);
    expect((await csv("GET", `${created.body.id}/activity/?format=csv`)).rows.length).toBeGreaterThan(0);

    const json = await user.session.post(`/api/projects/${user.projectId}/insights/trend/?format=json`, { events: [{ id: "$pageview" }] });
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toContain("application/json");
    const bad = await user.session.post(`/api/projects/${user.projectId}/insights/trend/?format=xml`, { events: [{ id: "$pageview" }] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ type: "validation_error", attr: "format" });
  });
});

describe("format=csv is safe to open in a spreadsheet", () => {
  test("cells that would run as formulas are kept as text, in values and column names; answers are attachments", async () => {
    const user = await signUp(baseUrl);
    const attacks = [
      '=HYPERLINK("http://evil.example","x")',
      "+cmd|' /C calc'!A0",
      "-2+3+cmd|' /C calc'!A0",
      "@SUM(1+1)",
      "\t=1+1",
      "\r=1+1",
    ];
    await sendEvents(
      baseUrl,
      user,
      attacks.map((name, i) => ({
        event: "$pageview",
        distinct_id: `d${i}`,
        timestamp: new Date(Date.UTC(2024, 2, 2)).toISOString(),
        properties: { $browser: name },
      })),
    );
    for (const name of attacks) {
      const created = await user.session.post(`/api/projects/${user.projectId}/insights/`, {
        name,
        filters: { insight: "TRENDS", events: [{ id: "$pageview" }] },
      });
      expect(created.status, created.text).toBe(201);
    }
    const list = await user.session.request("GET", `/api/projects/${user.projectId}/insights/?format=csv&limit=100`, undefined, {
      unchecked: true,
    });
    expect(list.status).toBe(200);
    expect(list.headers.get("content-disposition")).toBe('attachment; filename="insights.csv"');
    for (const name of attacks) {
      const quoted = /[",\r\n]/.test(`'${name}`) ? `"'${name.replace(/"/g, '""')}"` : `'${name}`;
      expect(list.text, JSON.stringify(name)).toContain(`,${quoted},`);
    }
    // No line starts a cell with a formula character: every cell is split out and checked.
    const cells = list.text.split(/,|\r\n/).map((cell) => cell.replace(/^"/, ""));
    expect(cells.filter((cell) => /^[=+@\t\r]/.test(cell))).toEqual([]);

    const trend = await user.session.request(
      "POST",
      `/api/projects/${user.projectId}/insights/trend/?format=csv`,
      { date_from: "2024-03-01", date_to: "2024-03-03", events: [{ id: "$pageview" }], breakdown: "$browser" },
      { unchecked: true },
    );
    expect(trend.status, trend.text).toBe(200);
    expect(trend.headers.get("content-disposition")).toBe('attachment; filename="trend.csv"');
    expect(trend.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(trend.text).not.toMatch(/(^|,|\r\n)"?[=+@]/);
  });
});
