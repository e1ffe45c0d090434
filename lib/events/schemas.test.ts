import { expect, test } from "vitest";
import { eventsLimit, parseIsoTimestamp } from "./schemas";

test("parseIsoTimestamp: dates and date-times, UTC unless an offset is given", () => {
  expect(parseIsoTimestamp("2024-03-01")?.toISOString()).toBe("2024-03-01T00:00:00.000Z");
  expect(parseIsoTimestamp("2024-03-01T10:20")?.toISOString()).toBe("2024-03-01T10:20:00.000Z");
  expect(parseIsoTimestamp("2024-03-01 10:20:30.123456")?.toISOString()).toBe("2024-03-01T10:20:30.123Z");
  expect(parseIsoTimestamp("2024-03-01T10:20:30+02:00")?.toISOString()).toBe("2024-03-01T08:20:30.000Z");
  expect(parseIsoTimestamp("2024-03-01T10:20:30-0130")?.toISOString()).toBe("2024-03-01T11:50:30.000Z");
  expect(parseIsoTimestamp("2024-03-01T10:20:30.5z")?.toISOString()).toBe("2024-03-01T10:20:30.500Z");
});

test("parseIsoTimestamp: anything else is null", () => {
  for (const bad of ["", "yesterday", "2024-13-01", "2024-02-31", "2024-01-01T25:00", "1700000000", "2024-01-01T10:00:00+2"])
    expect(parseIsoTimestamp(bad), bad).toBeNull();
});

test("eventsLimit: default 100, at most 1000, bad values fall back", () => {
  expect(eventsLimit(undefined)).toBe(100);
  expect(eventsLimit("5")).toBe(5);
  expect(eventsLimit("5000")).toBe(1000);
  for (const bad of ["0", "-1", "abc", "1.5"]) expect(eventsLimit(bad)).toBe(100);
});
