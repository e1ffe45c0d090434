import { z } from "zod";
import { ZDateTimeInput } from "@/lib/batch-exports/schemas";
import { ZInteger, ZIntegerIdText } from "@/lib/db/integers";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZUserBasic } from "@/lib/users/serialize";

export const ZSubscriptionParams = ZProjectParams.extend({ subscriptionId: ZIntegerIdText });

const FREQUENCIES = ["daily", "weekly", "monthly", "yearly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** PostHog's targets; only e-mail is delivered here, the others are refused with a 400 (lib/subscriptions/service.ts). */
const TARGET_TYPES = ["email", "slack", "webhook"] as const;

/** `bysetpos` PostHog's summary names: the first to fourth, or the last, matching weekday of the period. */
const SET_POSITIONS = [1, 2, 3, 4, -1] as const;

/** Bounds: a schedule is a handful of numbers, not a way to make the server iterate or mail without end. */
export const MAX_RECIPIENTS = 50;
export const MAX_INTERVAL = 100;
const MAX_COUNT = 10_000;

const ZWeekdays = z
  .array(z.enum(WEEKDAYS))
  .max(WEEKDAYS.length)
  .refine((days) => new Set(days).size === days.length, "Each weekday may appear once.");

export const ZSubscriptionWrite = z
  .object({
    insight: ZInteger.nullable(),
    dashboard: ZInteger.nullable(),
    target_type: z.enum(TARGET_TYPES),
    /** Comma-separated e-mail addresses (checked one by one by the service). */
    target_value: z.string().max(MAX_RECIPIENTS * 260),
    frequency: z.enum(FREQUENCIES),
    interval: z.number().int().min(1).max(MAX_INTERVAL),
    byweekday: ZWeekdays.nullable(),
    bysetpos: z
      .number()
      .int()
      .refine((n) => (SET_POSITIONS as readonly number[]).includes(n), "Use 1, 2, 3, 4 or -1 (the last).")
      .nullable(),
    count: z.number().int().min(1).max(MAX_COUNT).nullable(),
    start_date: ZDateTimeInput,
    until_date: ZDateTimeInput.nullable(),
    title: z.string().trim().max(100).nullable(),
    deleted: z.boolean(),
  })
  .partial()
  .meta({ id: "SubscriptionWrite" });

export type TSubscriptionWrite = z.output<typeof ZSubscriptionWrite>;

export const ZSubscription = z
  .object({
    id: z.number().int(),
    dashboard: z.number().int().nullable(),
    insight: z.number().int().nullable(),
    /** Hedgerow's addition: the short id of the insight, for its link. */
    insight_short_id: z.string().nullable(),
    /** Hedgerow's addition: what is sent, by name. */
    resource_name: z.string(),
    target_type: z.enum(TARGET_TYPES),
    target_value: z.string(),
    frequency: z.enum(FREQUENCIES),
    interval: z.number().int(),
    byweekday: z.array(z.enum(WEEKDAYS)).nullable(),
    bysetpos: z.number().int().nullable(),
    count: z.number().int().nullable(),
    start_date: z.iso.datetime(),
    until_date: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    created_by: ZUserBasic.nullable(),
    deleted: z.boolean(),
    title: z.string().nullable(),
    summary: z.string(),
    /** Null once the schedule has no delivery left (past `until_date` or `count`). */
    next_delivery_date: z.iso.datetime().nullable(),
    /** Hedgerow's additions: the latest delivery, and the latest failure (retried at the next polls, a bounded number of times). */
    last_delivered_at: z.iso.datetime().nullable(),
    last_error: z.string().nullable(),
    last_error_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "Subscription" });

export type TSubscription = z.output<typeof ZSubscription>;

export const ZSubscriptionListQuery = z.object({
  insight: ZIntegerIdText.optional().meta({ description: "Only the subscriptions of this insight" }),
  dashboard: ZIntegerIdText.optional().meta({ description: "Only the subscriptions of this dashboard" }),
  deleted: z.enum(["true", "false"]).optional().meta({ description: "`true`: the deleted ones instead (by default those not deleted)" }),
});
