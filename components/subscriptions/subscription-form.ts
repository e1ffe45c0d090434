import { z } from "zod";
import {
  MAX_INTERVAL,
  MAX_RECIPIENTS,
  type TSubscription,
  type TSubscriptionWrite,
  WEEKDAYS,
  type Weekday,
} from "@/lib/subscriptions/schemas";
import type { SubscriptionResource } from "@/lib/ui/query-keys";

const EMAIL = z.email();
const addresses = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean);

/** The form's values: recipients as typed, the start as a local `datetime-local`, the end as a local date. */
export const ZSubscriptionForm = z
  .object({
    title: z.string().trim().max(100, "At most 100 characters."),
    target_value: z
      .string()
      .refine((text) => addresses(text).length > 0, "Enter at least one e-mail address.")
      .refine((text) => addresses(text).length <= MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} addresses.`)
      .refine((text) => addresses(text).every((a) => EMAIL.safeParse(a).success), "Each address must be a valid e-mail."),
    frequency: z.enum(["daily", "weekly", "monthly"]),
    interval: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, "Enter a whole number.")
      .refine((n) => Number(n) >= 1 && Number(n) <= MAX_INTERVAL, `From 1 to ${MAX_INTERVAL}.`),
    byweekday: z.array(z.enum(WEEKDAYS)),
    start: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Enter a date and a time."),
    until: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, "Enter a date, or leave it blank."),
  })
  .refine((v) => v.frequency !== "weekly" || v.byweekday.length > 0, { message: "Choose at least one day.", path: ["byweekday"] })
  .refine((v) => !v.until || new Date(`${v.until}T23:59:59`) >= new Date(v.start), {
    message: "The end must not be before the start.",
    path: ["until"],
  });

export type SubscriptionFormInput = z.input<typeof ZSubscriptionForm>;
type SubscriptionFormValues = z.output<typeof ZSubscriptionForm>;

export const FREQUENCY_LABELS = { daily: "Days", weekly: "Weeks", monthly: "Months" } as const;

const pad = (n: number) => String(n).padStart(2, "0");
/** A moment as a `datetime-local` value in the viewer's time zone. */
const localInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/**
 * The schedule's weekdays are the server's (UTC) days: a start late or early in the viewer's day falls on the
 * UTC day before or after. Chosen days are moved by that difference on the way out, and back on the way in.
 */
function shiftDays(days: Weekday[], start: Date, direction: 1 | -1): Weekday[] {
  const local = (start.getDay() + 6) % 7;
  const utc = (start.getUTCDay() + 6) % 7;
  const shift = (((utc - local) * direction + 7 + 1) % 7) - 1;
  return days.map((d) => WEEKDAYS[(WEEKDAYS.indexOf(d) + shift + 7) % 7]);
}

/** Tomorrow at 09:00 in the viewer's time zone, weekly on that day: a new subscription's defaults. */
export function formValuesOf(subscription: TSubscription | null, now = new Date()): SubscriptionFormInput {
  if (!subscription) {
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0);
    return {
      title: "",
      target_value: "",
      frequency: "weekly",
      interval: "1",
      byweekday: [WEEKDAYS[(start.getDay() + 6) % 7]],
      start: localInput(start),
      until: "",
    };
  }
  const start = new Date(subscription.start_date);
  const until = subscription.until_date ? localInput(new Date(subscription.until_date)).slice(0, 10) : "";
  return {
    title: subscription.title ?? "",
    target_value: subscription.target_value.split(",").join(", "),
    frequency: subscription.frequency === "yearly" ? "monthly" : subscription.frequency,
    interval: String(subscription.interval),
    byweekday: shiftDays(subscription.byweekday ?? [], start, -1),
    start: localInput(start),
    until,
  };
}

/** The API body: the viewer's local times as instants, weekdays only for a weekly schedule. */
export function subscriptionBodyOf(values: SubscriptionFormValues, resource: SubscriptionResource | null): TSubscriptionWrite {
  const start = new Date(values.start);
  return {
    ...(resource ? { [resource.kind]: resource.id } : {}),
    title: values.title || null,
    target_type: "email",
    target_value: addresses(values.target_value).join(","),
    frequency: values.frequency,
    interval: Number(values.interval),
    byweekday: values.frequency === "weekly" ? shiftDays(values.byweekday, start, 1) : null,
    bysetpos: null,
    start_date: start.toISOString(),
    until_date: values.until ? new Date(`${values.until}T23:59:59`).toISOString() : null,
  };
}
