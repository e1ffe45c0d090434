import { describe, expect, test } from "vitest";
import type { TEvent } from "@/lib/ui/types";
import { eventsCsv } from "./events-csv";

const event = (overrides: Partial<TEvent>): TEvent => ({
  id: "0190a1b2-0000-7000-8000-000000000001",
  distinct_id: "d1",
  properties: {},
  event: "$pageview",
  timestamp: "2025-03-15T10:30:00.000Z",
  person: null,
  elements: [],
  elements_chain: "",
  ...overrides,
});

describe("eventsCsv", () => {
  test("one row per event: time, event, person, distinct id, then the chosen property columns", () => {
    const csv = eventsCsv(
      [
        event({
          properties: { $browser: "Firefox", $os: "Linux" },
          person: {
            id: "0190a1b2-0000-7000-8000-0000000000aa",
            uuid: "0190a1b2-0000-7000-8000-0000000000aa",
            distinct_ids: ["d1"],
            properties: { email: "ada@example.com" },
          },
        }),
        event({ distinct_id: "d2", properties: { plan: { tier: "pro" } } }),
      ],
      ["$browser", "plan"],
    );
    expect(csv.split("\r\n")).toEqual([
      "timestamp,event,person,distinct_id,properties.$browser,properties.plan",
      "2025-03-15T10:30:00.000Z,$pageview,ada@example.com,d1,Firefox,",
      `2025-03-15T10:30:00.000Z,$pageview,,d2,,"{\n  ""tier"": ""pro""\n}"`,
      "",
    ]);
  });

  test("a value a spreadsheet would run as a formula is written as text", () => {
    const csv = eventsCsv([event({ event: '=HYPERLINK("x")', properties: { $current_url: "@SUM(A1)" } })], ["$current_url"]);
    expect(csv.split("\r\n")[1]).toBe(`2025-03-15T10:30:00.000Z,"'=HYPERLINK(""x"")",,d1,'@SUM(A1)`);
  });
});
