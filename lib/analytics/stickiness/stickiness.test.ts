import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { embeddedTestStore } from "@/lib/events/store/test-store";
import { isStickiness } from "./run";

// Stickiness' SQL on chDB over a hand-made project: who did $pageview in how many intervals.
const TEAM = 12;
const project = { id: TEAM, timezone: "UTC", testAccountFilters: [] };
const person = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;
// p1: Sat Mar 2 and Sun Mar 3 (two days, two Sunday-started weeks), twice in the 10:00 hour of Mar 2;
// p2: Mar 2 10:59 and 11:00, and Apr 1 (another month); p3: only a purchase.
const EVENTS: [number, string, string][] = [
  [1, "$pageview", "2024-03-02 10:00:00"],
  [1, "$pageview", "2024-03-02 10:30:00"],
  [1, "$pageview", "2024-03-03 09:00:00"],
  [2, "$pageview", "2024-03-02 10:59:59"],
  [2, "$pageview", "2024-03-02 11:00:00"],
  [2, "$pageview", "2024-04-01 00:00:00"],
  [3, "purchase", "2024-03-02 12:00:00"],
];
const embedded = embeddedTestStore("stickiness");
let runStickiness: typeof import("./run").runStickiness;

beforeAll(async () => {
  const store = await embedded.open();
  ({ runStickiness } = await import("./run"));
  await store.insert(
    "events",
    EVENTS.map(([p, event, ts], i) => ({
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      event,
      properties: "{}",
      timestamp: `${ts}.000000`,
      team_id: TEAM,
      distinct_id: `d${p}`,
      person_id: person(p),
    })),
  );
}, 30_000);

afterAll(async () => {
  await embedded.close();
});

const stickiness = async (filter: Record<string, unknown>) =>
  (await runStickiness(project, { insight: "STICKINESS", events: [{ id: "$pageview" }], ...filter })).map((item) => item.data);

describe("stickiness by interval", () => {
  test("persons per number of distinct intervals, one point per interval of the range", async () => {
    expect(await stickiness({ date_from: "2024-03-01", date_to: "2024-03-05" })).toEqual([[1, 1, 0, 0, 0]]);
    expect(await stickiness({ date_from: "2024-03-02", date_to: "2024-03-02", interval: "hour" })).toEqual([[1, 1, ...Array(22).fill(0)]]);
    // Feb 25 – Mar 9: the weeks of Feb 25 and Mar 3.
    expect(await stickiness({ date_from: "2024-03-01", date_to: "2024-03-09", interval: "week" })).toEqual([[1, 1]]);
    expect(await stickiness({ date_from: "2024-03-01", date_to: "2024-04-30", interval: "month" })).toEqual([[1, 1]]);
  });

  test("which filters ask for stickiness", () => {
    expect(isStickiness({ insight: "STICKINESS" })).toBe(true);
    expect(isStickiness({ insight: "stickiness" })).toBe(true);
    expect(isStickiness({ insight: "TRENDS", shown_as: "Stickiness" })).toBe(true);
    expect(isStickiness({ insight: "TRENDS" })).toBe(false);
    expect(isStickiness({})).toBe(false);
  });
});
