import { describe, expect, test } from "vitest";
import type { TSubscription } from "@/lib/subscriptions/schemas";
import { formValuesOf, subscriptionBodyOf, ZSubscriptionForm } from "./subscription-form";

describe("subscription form", () => {
  test("a new one: weekly on tomorrow's weekday at 09:00 local", () => {
    const values = formValuesOf(null, new Date(2026, 2, 4, 15, 30)); // Wednesday 4 March
    expect(values).toMatchObject({ frequency: "weekly", interval: "1", byweekday: ["thursday"], start: "2026-03-05T09:00" });
  });

  test("the body: addresses split and trimmed, local times as instants, weekdays only when weekly", () => {
    const values = ZSubscriptionForm.parse({
      ...formValuesOf(null, new Date(2026, 2, 4)),
      target_value: " a@example.com, b@example.com;c@example.com ",
      frequency: "monthly",
      interval: "2",
      until: "2026-12-31",
    });
    const body = subscriptionBodyOf(values, { kind: "dashboard", id: 9 });
    expect(body).toMatchObject({
      dashboard: 9,
      target_type: "email",
      target_value: "a@example.com,b@example.com,c@example.com",
      frequency: "monthly",
      interval: 2,
      byweekday: null,
      start_date: new Date(2026, 2, 5, 9, 0).toISOString(),
      until_date: new Date(2026, 11, 31, 23, 59, 59).toISOString(),
    });
  });

  test("an edit round-trips its weekdays and start", () => {
    // 08:00 is the UTC day before east of Greenwich, so the days move and come back.
    const values = ZSubscriptionForm.parse({
      ...formValuesOf(null),
      target_value: "a@example.com",
      byweekday: ["monday", "friday"],
      start: "2026-03-05T08:00",
    });
    const body = subscriptionBodyOf(values, null);
    const again = formValuesOf({ ...body, until_date: null, title: null } as unknown as TSubscription);
    expect(again.byweekday).toEqual(["monday", "friday"]);
    expect(again.start).toBe(values.start);
  });

  test("refuses bad addresses, no weekday for a weekly schedule, an end before the start", () => {
    const base = { ...formValuesOf(null, new Date(2026, 2, 4)), target_value: "a@example.com" };
    expect(ZSubscriptionForm.safeParse({ ...base, target_value: "a@example.com, nope" }).success).toBe(false);
    expect(ZSubscriptionForm.safeParse({ ...base, byweekday: [] }).success).toBe(false);
    expect(ZSubscriptionForm.safeParse({ ...base, until: "2026-03-01" }).success).toBe(false);
    expect(ZSubscriptionForm.safeParse({ ...base, interval: "0" }).success).toBe(false);
    expect(ZSubscriptionForm.safeParse(base).success).toBe(true);
  });
});
