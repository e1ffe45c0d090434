import { describe, expect, test } from "vitest";
import { eventsApiRange } from "./explorer-range";

describe("eventsApiRange", () => {
  const now = new Date("2025-03-15T10:30:00Z");

  test("relative days start at the project's midnight; hours are exact", () => {
    expect(eventsApiRange({ date_from: "-7d" }, "UTC", now)).toEqual({ after: "2025-03-08T00:00:00.000Z" });
    expect(eventsApiRange({ date_from: "-7d" }, "Europe/Berlin", now)).toEqual({ after: "2025-03-07T23:00:00.000Z" });
    expect(eventsApiRange({ date_from: "-24h" }, "UTC", now)).toEqual({ after: "2025-03-14T10:30:00.000Z" });
  });

  test("an end day is included whole: yesterday ends at today's midnight", () => {
    expect(eventsApiRange({ date_from: "-1dStart", date_to: "-1dEnd" }, "UTC", now)).toEqual({
      after: "2025-03-14T00:00:00.000Z",
      before: "2025-03-15T00:00:00.000Z",
    });
    expect(eventsApiRange({ date_from: "2025-03-01", date_to: "2025-03-02" }, "UTC", now)).toEqual({
      after: "2025-03-01T00:00:00.000Z",
      before: "2025-03-03T00:00:00.000Z",
    });
  });

  test("all time, nothing, or no date leaves the range open", () => {
    expect(eventsApiRange({ date_from: "all" }, "UTC", now)).toEqual({});
    expect(eventsApiRange({}, "UTC", now)).toEqual({});
    expect(eventsApiRange({ date_from: "soon" }, "UTC", now)).toEqual({});
  });
});
