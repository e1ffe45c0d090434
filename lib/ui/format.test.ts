import { describe, expect, test } from "vitest";
import { formatCompact, formatCount, formatDate, formatDuration, formatPercent, formatRelative, formatValue, fullName } from "./format";

describe("fullName", () => {
  test("joins first and last names, falling back to the email", () => {
    expect(fullName({ first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" })).toBe("Ada Lovelace");
    expect(fullName({ first_name: "Ada", last_name: "", email: "ada@example.com" })).toBe("Ada");
    expect(fullName({ first_name: "", last_name: "", email: "ada@example.com" })).toBe("ada@example.com");
  });
});

describe("formatRelative", () => {
  const now = Date.parse("2025-03-10T12:00:00Z");
  test.each([
    ["2025-03-10T11:59:30Z", "just now"],
    ["2025-03-10T11:55:00Z", "5 minutes ago"],
    ["2025-03-09T12:00:00Z", "yesterday"],
    ["2025-03-07T12:00:00Z", "3 days ago"],
  ])("%s is %s", (iso, expected) => expect(formatRelative(iso, now)).toBe(expected));

  test("says Never for no date", () => expect(formatRelative(null, now)).toBe("Never"));
});

test("formatDate shows a dash for no date", () => {
  expect(formatDate(null)).toBe("—");
  expect(formatDate("2025-03-04T12:00:00Z")).toBe("Mar 4, 2025");
});

describe("numbers", () => {
  test("counts, compact values, percentages", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCompact(12345)).toBe("12.3K");
    expect(formatPercent(0.125)).toBe("12.5%");
    expect(formatValue(2 / 3)).toBe("0.67");
  });

  test.each([
    [null, "—"],
    [45, "45s"],
    [200, "3m 20s"],
    [7500, "2h 5m"],
    [3600, "1h"],
    [273600, "3d 4h"],
  ])("formatDuration(%s) is %s", (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});
