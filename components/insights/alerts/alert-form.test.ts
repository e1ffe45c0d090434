import { describe, expect, test } from "vitest";
import type { TAlert } from "@/lib/alerts/schemas";
import { alertBodyOf, formValuesOf, ZAlertForm } from "./alert-form";

const ME = 7;
const user = (id: number) => ({ id }) as TAlert["subscribed_users"][number];

describe("alert form", () => {
  test("a new alert: e-mails me, absolute bounds as typed, the series counted from 1", () => {
    const values = ZAlertForm.parse({ ...formValuesOf(null, ME), name: "Busy", upper: " 2.5 ", series: "2" });
    expect(alertBodyOf(values, null, ME, 42)).toEqual({
      insight: 42,
      name: "Busy",
      condition: { type: "absolute_value" },
      threshold: { configuration: { type: "absolute", bounds: { lower: null, upper: 2.5 } } },
      config: { type: "TrendsAlertConfig", series_index: 1 },
      calculation_interval: "daily",
      webhook_url: null,
      skip_weekend: false,
      subscribed_users: [ME],
    });
  });

  test("percentages round-trip as fractions; other subscribers are kept when I leave", () => {
    const alert = {
      name: "Drop",
      condition: { type: "relative_decrease" },
      threshold: { configuration: { type: "percentage", bounds: { lower: null, upper: 0.125 } } },
      config: { type: "TrendsAlertConfig", series_index: 0 },
      calculation_interval: "weekly",
      webhook_url: "https://example.com/hook",
      subscribed_users: [user(ME), user(9)],
      skip_weekend: true,
    } as unknown as TAlert;
    const shown = formValuesOf(alert, ME);
    expect(shown).toMatchObject({ unit: "percentage", upper: "12.5", series: "1", email_me: true, skip_weekend: true });
    const body = alertBodyOf(ZAlertForm.parse({ ...shown, email_me: false }), alert, ME, 42);
    expect(body.threshold).toEqual({ configuration: { type: "percentage", bounds: { lower: null, upper: 0.125 } } });
    expect(body.subscribed_users).toEqual([9]);
    expect(body.skip_weekend).toBe(true);
    expect(body).not.toHaveProperty("insight");
  });

  test("refuses text in a bound and a series out of range", () => {
    const base = formValuesOf(null, ME);
    expect(ZAlertForm.safeParse({ ...base, name: "x", lower: "ten" }).success).toBe(false);
    expect(ZAlertForm.safeParse({ ...base, name: "x", series: "0" }).success).toBe(false);
    expect(ZAlertForm.safeParse({ ...base, name: "" }).success).toBe(false);
  });
});
