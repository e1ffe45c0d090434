import { describe, expect, test } from "vitest";
import { bucketOf, bucketsRange, inputWallTime, instantOfWallTime, wallTime } from "./time";

describe("annotation times", () => {
  test("wall time of an instant in a zone, and back, across a daylight-saving change", () => {
    expect(wallTime(new Date("2026-03-29T00:30:00Z"), "Europe/Paris")).toBe("2026-03-29 01:30:00");
    expect(wallTime(new Date("2026-03-29T01:30:00Z"), "Europe/Paris")).toBe("2026-03-29 03:30:00");
    expect(instantOfWallTime("2026-03-29T03:30", "Europe/Paris").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(instantOfWallTime("2026-07-01 00:00:00", "America/New_York").toISOString()).toBe("2026-07-01T04:00:00.000Z");
    expect(instantOfWallTime("2026-07-01", "UTC").toISOString()).toBe("2026-07-01T00:00:00.000Z");
  });

  test("bucket of a wall time: the last start at or before it; none before the first or after the last bucket ends", () => {
    const days = ["2026-11-01", "2026-11-02", "2026-11-03"];
    expect(bucketOf(days, "2026-11-01 00:00:00", "day")).toBe(0);
    expect(bucketOf(days, "2026-11-02 23:59:59", "day")).toBe(1);
    expect(bucketOf(days, "2026-11-03 18:00:00", "day")).toBe(2);
    expect(bucketOf(days, "2026-11-04 00:00:00", "day")).toBeNull();
    expect(bucketOf(days, "2026-10-31 23:59:59", "day")).toBeNull();
    expect(bucketOf(["2026-10-01", "2026-11-01"], "2026-11-30 12:00:00", "month")).toBe(1);
    expect(bucketOf(["2026-11-01 10:00:00", "2026-11-01 11:00:00"], "2026-11-01 11:59:00", "hour")).toBe(1);
    expect(bucketOf([], "2026-11-01 00:00:00", "day")).toBeNull();
  });

  test("the instants a chart's buckets cover", () => {
    expect(bucketsRange(["2026-11-01", "2026-11-02"], "day", "Europe/Paris")).toEqual({
      from: "2026-10-31T23:00:00.000Z",
      to: "2026-11-02T23:00:00.000Z",
    });
    expect(bucketsRange(["2026-10-01", "2026-11-01"], "month", "UTC").to).toBe("2026-12-01T00:00:00.000Z");
  });

  test("a wall time as a datetime-local input shows it", () => {
    expect(inputWallTime("2026-11-03")).toBe("2026-11-03T00:00");
    expect(inputWallTime("2026-11-03 14:05:00")).toBe("2026-11-03T14:05");
  });
});
