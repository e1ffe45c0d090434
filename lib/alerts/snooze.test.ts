import { describe, expect, test } from "vitest";
import { isWeekendIn, mondayAfter, parseSnoozedUntil } from "./snooze";

const now = new Date("2026-12-02T10:00:00Z"); // a Wednesday

describe("parseSnoozedUntil", () => {
  test("relative values count forward from now, as PostHog's", () => {
    expect(parseSnoozedUntil("1h", now).toISOString()).toBe("2026-12-02T11:00:00.000Z");
    expect(parseSnoozedUntil("1d", now).toISOString()).toBe("2026-12-03T10:00:00.000Z");
    expect(parseSnoozedUntil("-1d", now).toISOString()).toBe("2026-12-03T10:00:00.000Z");
    expect(parseSnoozedUntil("2w", now).toISOString()).toBe("2026-12-16T10:00:00.000Z");
    expect(parseSnoozedUntil("1m", now).toISOString()).toBe("2027-01-02T10:00:00.000Z");
  });

  test("datetimes: UTC unless they carry an offset", () => {
    expect(parseSnoozedUntil("2026-12-05T08:30", now).toISOString()).toBe("2026-12-05T08:30:00.000Z");
    expect(parseSnoozedUntil("2026-12-05 08:30:00", now).toISOString()).toBe("2026-12-05T08:30:00.000Z");
    expect(parseSnoozedUntil("2026-12-05T08:30:00+02:00", now).toISOString()).toBe("2026-12-05T06:30:00.000Z");
    expect(parseSnoozedUntil("2026-12-05T08:30:00.123Z", now).toISOString()).toBe("2026-12-05T08:30:00.123Z");
  });

  test.each([
    ["past", "2026-12-01T10:00:00Z"],
    ["now", "2026-12-02T10:00:00Z"],
    ["zero", "0h"],
    ["over a year", "2028-01-01T00:00:00Z"],
    ["too many days", "9999d"],
    ["words", "tomorrow"],
    ["an invalid day", "2026-02-31T10:00"],
    ["a date alone", "2026-12-05"],
    ["an unknown unit", "3y"],
    ["empty", ""],
  ])("refuses %s with a 400 on snoozed_until", (_, value) => {
    expect(() => parseSnoozedUntil(value, now)).toThrow(expect.objectContaining({ status: 400, attr: "snoozed_until" }));
  });
});

describe("weekends in the project's timezone", () => {
  test("Saturday and Sunday are local days", () => {
    // Friday 23:30 UTC is already Saturday in Tokyo, still Friday in New York.
    const fridayLate = new Date("2026-12-04T23:30:00Z");
    expect(isWeekendIn(fridayLate, "UTC")).toBe(false);
    expect(isWeekendIn(fridayLate, "Asia/Tokyo")).toBe(true);
    expect(isWeekendIn(new Date("2026-12-07T03:00:00Z"), "America/New_York")).toBe(true);
    expect(isWeekendIn(new Date("2026-12-07T03:00:00Z"), "UTC")).toBe(false);
    expect(isWeekendIn(now, "UTC")).toBe(false);
  });

  test("the next check is Monday's local midnight", () => {
    expect(mondayAfter(new Date("2026-12-05T12:00:00Z"), "UTC").toISOString()).toBe("2026-12-07T00:00:00.000Z");
    expect(mondayAfter(new Date("2026-12-06T23:59:00Z"), "UTC").toISOString()).toBe("2026-12-07T00:00:00.000Z");
    expect(mondayAfter(new Date("2026-12-04T23:30:00Z"), "Asia/Tokyo").toISOString()).toBe("2026-12-06T15:00:00.000Z");
    expect(mondayAfter(new Date("2026-12-06T12:00:00Z"), "America/New_York").toISOString()).toBe("2026-12-07T05:00:00.000Z");
  });
});
