import { expect, test } from "vitest";
import { detectPropertyType } from "./property-types";

const now = new Date("2026-11-24T12:00:00Z");
const type = (name: string, value: unknown) => detectPropertyType(name, value, now);

test("JSON types: numbers Numeric, booleans Boolean, text String; null, lists and objects none", () => {
  expect(type("a", 0)).toBe("Numeric");
  expect(type("a", -1)).toBe("Numeric");
  expect(type("a", 3.14)).toBe("Numeric");
  expect(type("a", true)).toBe("Boolean");
  expect(type("a", false)).toBe("Boolean");
  expect(type("a", "x")).toBe("String");
  expect(type("a", null)).toBeNull();
  expect(type("a", [1, 2])).toBeNull();
  expect(type("a", { k: "v" })).toBeNull();
});

test("campaign, flag and survey-response keys are Strings whatever the value", () => {
  expect(type("utm_source", 123)).toBe("String");
  expect(type("UTM_medium", true)).toBe("String");
  expect(type("$feature/new-nav", false)).toBe("String");
  expect(type("$feature_flag_response", true)).toBe("String");
  expect(type("$survey_response_2", 5)).toBe("String");
});

test('"true"/"false" texts (spaces trimmed, not newlines) are Booleans', () => {
  for (const text of ["true", "TRUE", "false", "FALSE", " true "]) expect(type("a", text)).toBe("Boolean");
  expect(type("a", "true\n")).toBe("String");
  expect(type("a", "True")).toBe("String");
});

test("date texts are DateTimes; short, numeric and time-only texts are not", () => {
  for (const text of [
    "2025-04-24",
    "2025-04-24 23:21:04",
    "2025-04-24T23:21:04Z",
    "2025-04-24T23:21:04+0000",
    "2025-04-24T23:21:04.123+00:00",
    "04/24/2025",
    "Thu, 24 Apr 2025 23:21:04 +0000",
  ])
    expect(type("a", text), text).toBe("DateTime");
  for (const text of ["23:21:04", "September", "2024", "1", String(now.getTime() / 1000), "2025-13-45", "not 2025-04-24"])
    expect(type("a", text), text).toBe("String");
});

test("a recent Unix time under a time-like name is a DateTime; an old one, or another name, Numeric", () => {
  const seconds = now.getTime() / 1000;
  expect(type("timestamp", seconds)).toBe("DateTime");
  expect(type("createdAt", Math.floor(seconds) - 86_400)).toBe("DateTime");
  expect(type("signup_date", seconds)).toBe("DateTime");
  expect(type("timestamp", seconds - 365 * 86_400)).toBe("Numeric");
  expect(type("price", seconds)).toBe("Numeric");
});
