import { describe, expect, test } from "vitest";
import { nextDeliveryAfter, type Recurrence, summaryOf } from "./recurrence";

const base: Recurrence = {
  frequency: "weekly",
  interval: 1,
  byweekday: null,
  bysetpos: null,
  count: null,
  startDate: new Date("2026-01-05T09:00:00Z"), // a Monday
  untilDate: null,
};
const at = (iso: string) => new Date(iso);

describe("nextDeliveryAfter", () => {
  test("weekly on the start's weekday and time", () => {
    expect(nextDeliveryAfter(base, at("2026-03-04T12:00:00Z"), at("2026-03-04T12:00:00Z"))).toEqual(at("2026-03-09T09:00:00Z"));
  });

  test("weekly on several weekdays takes the nearest", () => {
    const r = { ...base, byweekday: ["monday", "thursday"] as Recurrence["byweekday"] };
    expect(nextDeliveryAfter(r, at("2026-03-09T09:00:00Z"), at("2026-03-09T09:00:00Z"))).toEqual(at("2026-03-12T09:00:00Z"));
  });

  test("every 2 weeks skips the week between", () => {
    const r = { ...base, interval: 2 };
    expect(nextDeliveryAfter(r, at("2026-01-05T09:00:00Z"), at("2026-01-05T09:00:00Z"))).toEqual(at("2026-01-19T09:00:00Z"));
  });

  test("monthly on the day of the month the start has", () => {
    const r = { ...base, frequency: "monthly" as const, startDate: at("2026-01-15T08:30:00Z") };
    expect(nextDeliveryAfter(r, at("2026-02-15T08:30:00Z"), at("2026-02-15T08:30:00Z"))).toEqual(at("2026-03-15T08:30:00Z"));
  });

  test("monthly on the last Friday (bysetpos -1)", () => {
    const r = { ...base, frequency: "monthly" as const, byweekday: ["friday"] as Recurrence["byweekday"], bysetpos: -1 };
    expect(nextDeliveryAfter(r, at("2026-03-01T00:00:00Z"), at("2026-03-01T00:00:00Z"))).toEqual(at("2026-03-27T09:00:00Z"));
  });

  test("every 3 months from the start", () => {
    const r = { ...base, frequency: "monthly" as const, interval: 3, startDate: at("2026-01-31T10:00:00Z") };
    // April has no 31st: the rule skips it, as iCalendar does.
    expect(nextDeliveryAfter(r, at("2026-02-01T00:00:00Z"), at("2026-02-01T00:00:00Z"))).toEqual(at("2026-07-31T10:00:00Z"));
  });

  test("nothing after until_date", () => {
    const r = { ...base, untilDate: at("2026-01-20T00:00:00Z") };
    expect(nextDeliveryAfter(r, at("2026-01-12T09:00:00Z"), at("2026-01-12T09:00:00Z"))).toEqual(at("2026-01-19T09:00:00Z"));
    expect(nextDeliveryAfter(r, at("2026-01-19T09:00:00Z"), at("2026-01-19T09:00:00Z"))).toBeNull();
  });

  test("nothing after count deliveries", () => {
    const r = { ...base, frequency: "daily" as const, count: 2 };
    expect(nextDeliveryAfter(r, at("2026-01-05T09:00:00Z"), at("2026-01-05T09:00:00Z"))).toEqual(at("2026-01-06T09:00:00Z"));
    expect(nextDeliveryAfter(r, at("2026-01-06T09:00:00Z"), at("2026-01-06T09:00:00Z"))).toBeNull();
  });

  test("never in the past: a schedule started long ago continues from now", () => {
    const r = { ...base, frequency: "daily" as const };
    expect(nextDeliveryAfter(r, at("2026-01-05T09:00:00Z"), at("2026-06-10T10:00:00Z"))).toEqual(at("2026-06-11T09:00:00Z"));
  });

  test("a position in a day or a week is ignored, so the rule always has a next date", () => {
    const r = { ...base, frequency: "daily" as const, byweekday: ["monday"] as Recurrence["byweekday"], bysetpos: 4 };
    expect(nextDeliveryAfter(r, at("2026-01-06T00:00:00Z"), at("2026-01-06T00:00:00Z"))).toEqual(at("2026-01-12T09:00:00Z"));
  });

  test("a start in the future is the first delivery", () => {
    expect(nextDeliveryAfter(base, at("2025-12-01T00:00:00Z"), at("2025-12-01T00:00:00Z"))).toEqual(at("2026-01-05T09:00:00Z"));
  });
});

describe("summaryOf", () => {
  test("names the period, its interval and weekdays", () => {
    expect(summaryOf({ ...base, frequency: "daily" })).toBe("sent every day");
    expect(summaryOf({ ...base, byweekday: ["monday"] })).toBe("sent every week on Monday");
    expect(summaryOf({ ...base, interval: 2, byweekday: ["friday", "monday", "wednesday"] })).toBe(
      "sent every 2 weeks on Monday, Wednesday and Friday",
    );
    expect(summaryOf({ ...base, frequency: "monthly", byweekday: ["tuesday"], bysetpos: 1 })).toBe("sent every month on the first Tuesday");
    expect(summaryOf({ ...base, frequency: "monthly", byweekday: ["saturday", "sunday"], bysetpos: -1 })).toBe(
      "sent every month on the last day",
    );
  });
});
