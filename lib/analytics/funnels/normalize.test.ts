import { describe, expect, test } from "vitest";
import { normalizeFunnel, previousPeriod } from "./normalize";

const project = { id: 1, timezone: "UTC", testAccountFilters: [] };
const events = [
  { id: "a", type: "events" as const, order: 0 },
  { id: "b", type: "events" as const, order: 1 },
];

describe("the funnel's periods", () => {
  test("funnel trends take the filter's interval; the other views cover the range by days", async () => {
    const trends = await normalizeFunnel(project, {
      events,
      funnel_viz_type: "trends",
      interval: "week",
      date_from: "2024-03-01",
      date_to: "2024-03-14",
    });
    expect([trends.interval, trends.buckets.map((b) => b.toISOString().slice(0, 10))]).toEqual([
      "week",
      ["2024-02-25", "2024-03-03", "2024-03-10"],
    ]);
    const steps = await normalizeFunnel(project, { events, interval: "hour", date_from: "2024-03-01", date_to: "2024-03-14" });
    expect([steps.interval, steps.buckets.length]).toEqual(["day", 14]);
  });

  test("compare's previous period has the same length and ends where the current one starts", async () => {
    const f = await normalizeFunnel(project, { events, compare: true, date_from: "2024-03-08", date_to: "2024-03-14" });
    const previous = previousPeriod(f);
    expect([previous.from.toISOString(), previous.to.toISOString()]).toEqual(["2024-03-01T00:00:00.000Z", "2024-03-07T23:59:59.999Z"]);
    expect([previous.fromMicros, previous.toMicros]).toEqual([`${Date.UTC(2024, 2, 1)}000`, `${Date.UTC(2024, 2, 7, 23, 59, 59, 999)}999`]);
    expect(previous.buckets).toHaveLength(7);
    expect({ ...previous, from: f.from, to: f.to, fromMicros: f.fromMicros, toMicros: f.toMicros, buckets: f.buckets }).toEqual(f);
  });

  test("compare has no meaning for time to convert: a 400", async () => {
    await expect(normalizeFunnel(project, { events, compare: true, funnel_viz_type: "time_to_convert" })).rejects.toMatchObject({
      status: 400,
      body: { attr: "compare" },
    });
  });
});
