import { z } from "zod";
import type { TAlert, TAlertWrite } from "@/lib/alerts/schemas";

/** The alert form's values: bounds as typed text (either may be blank), the series counted from 1. */
export const ZAlertForm = z.object({
  name: z.string().trim().min(1, "Name the alert.").max(255),
  condition: z.enum(["absolute_value", "relative_increase", "relative_decrease"]),
  unit: z.enum(["absolute", "percentage"]),
  lower: z.string().regex(/^\s*(-?\d+(\.\d+)?)?\s*$/, "Enter a number, or leave it blank."),
  upper: z.string().regex(/^\s*(-?\d+(\.\d+)?)?\s*$/, "Enter a number, or leave it blank."),
  series: z
    .string()
    .trim()
    .regex(/^[1-9]\d?$/, "Enter a series number from 1 to 99."),
  calculation_interval: z.enum(["hourly", "daily", "weekly", "monthly"]),
  webhook_url: z.string().trim().max(2048),
  skip_weekend: z.boolean(),
  email_me: z.boolean(),
});

export type AlertFormInput = z.input<typeof ZAlertForm>;
type AlertFormValues = z.output<typeof ZAlertForm>;

export const CONDITION_LABELS = {
  absolute_value: "Value is outside the bounds",
  relative_increase: "Increase from the interval before",
  relative_decrease: "Decrease from the interval before",
} as const;

export const INTERVAL_LABELS = { hourly: "Hourly", daily: "Daily", weekly: "Weekly", monthly: "Monthly" } as const;

/** Percentages are typed as such (10 for 10%); the API keeps fractions, as PostHog. */
const bound = (text: string, unit: AlertFormValues["unit"]) =>
  text.trim() === "" ? null : unit === "percentage" ? Number(text) / 100 : Number(text);
const shown = (value: number | null | undefined, unit: AlertFormValues["unit"]) =>
  value == null ? "" : String(unit === "percentage" ? Math.round(value * 10_000) / 100 : value);

export function formValuesOf(alert: TAlert | null, meId: number): AlertFormInput {
  const unit = alert?.threshold.configuration.type ?? "absolute";
  const bounds = alert?.threshold.configuration.bounds;
  return {
    name: alert?.name ?? "",
    condition: alert?.condition.type ?? "absolute_value",
    unit,
    lower: shown(bounds?.lower, unit),
    upper: shown(bounds?.upper, unit),
    series: String((alert?.config.series_index ?? 0) + 1),
    calculation_interval: alert?.calculation_interval ?? "daily",
    webhook_url: alert?.webhook_url ?? "",
    skip_weekend: alert?.skip_weekend ?? false,
    email_me: alert ? alert.subscribed_users.some((u) => u.id === meId) : true,
  };
}

/** The API body: the current user added to or removed from the subscribers, the others kept. */
export function alertBodyOf(values: AlertFormValues, alert: TAlert | null, meId: number, insightId: number): TAlertWrite {
  const others = (alert?.subscribed_users ?? []).map((u) => u.id).filter((id) => id !== meId);
  const unit = values.condition === "absolute_value" ? "absolute" : values.unit;
  return {
    ...(alert ? {} : { insight: insightId }),
    name: values.name,
    condition: { type: values.condition },
    threshold: { configuration: { type: unit, bounds: { lower: bound(values.lower, unit), upper: bound(values.upper, unit) } } },
    config: { type: "TrendsAlertConfig", series_index: Number(values.series) - 1 },
    calculation_interval: values.calculation_interval,
    webhook_url: values.webhook_url || null,
    skip_weekend: values.skip_weekend,
    subscribed_users: values.email_me ? [...others, meId] : others,
  };
}
