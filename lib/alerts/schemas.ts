import { z } from "zod";
import { ZInteger, ZIntegerIdText } from "@/lib/db/integers";
import { ZProjectParams } from "@/lib/projects/schemas";
import { ZUserBasic } from "@/lib/users/serialize";

export const ZAlertParams = ZProjectParams.extend({ alertId: z.uuid() });

const ALERT_STATES = ["Firing", "Not firing", "Errored", "Snoozed"] as const;
export type AlertState = (typeof ALERT_STATES)[number];

const CALCULATION_INTERVALS = ["hourly", "daily", "weekly", "monthly"] as const;
export type CalculationInterval = (typeof CALCULATION_INTERVALS)[number];

const CONDITION_TYPES = ["absolute_value", "relative_increase", "relative_decrease"] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

/** Bounds: a threshold is a number a trend can reach, not an unbounded input. */
const MAX_BOUND = 1e15;
/** At most this many people told by e-mail, as a team is. */
const MAX_SUBSCRIBED_USERS = 50;
/** Checks listed with an alert (PostHog lists its latest checks). */
export const CHECKS_SHOWN = 20;
/** Series a trends insight may hold (`series_index` bound). */
const MAX_SERIES_INDEX = 99;

const ZBound = z.number().finite().min(-MAX_BOUND).max(MAX_BOUND).nullable().optional();

const ZThreshold = z
  .object({
    configuration: z
      .object({
        type: z.enum(["absolute", "percentage"]),
        bounds: z
          .object({ lower: ZBound, upper: ZBound })
          .refine((b) => b.lower != null || b.upper != null, "Set a lower or an upper bound.")
          .refine((b) => b.lower == null || b.upper == null || b.lower <= b.upper, "The lower bound must not exceed the upper bound."),
      })
      .strict(),
  })
  .meta({ id: "AlertThreshold" });

const ZCondition = z.object({ type: z.enum(CONDITION_TYPES) }).meta({ id: "AlertCondition" });

const ZTrendsAlertConfig = z
  .object({
    type: z.literal("TrendsAlertConfig"),
    series_index: z.number().int().min(0).max(MAX_SERIES_INDEX),
    /** Check the interval still running too (else the last complete one, as PostHog by default). */
    check_ongoing_interval: z.boolean().optional(),
  })
  .meta({ id: "TrendsAlertConfig" });

const ZWebhookUrl = z
  .url({ protocol: /^https?$/, error: "Enter a valid http(s) URL." })
  .max(2048)
  .nullable();

export const ZAlertWrite = z
  .object({
    insight: ZInteger,
    name: z.string().trim().max(255),
    enabled: z.boolean(),
    threshold: ZThreshold,
    condition: ZCondition,
    config: ZTrendsAlertConfig,
    calculation_interval: z.enum(CALCULATION_INTERVALS),
    subscribed_users: z.array(ZInteger).max(MAX_SUBSCRIBED_USERS),
    webhook_url: ZWebhookUrl,
    /** PostHog's: an ISO datetime (UTC unless it says otherwise) or a relative `1h`/`1d`/`1w`; null un-snoozes. */
    snoozed_until: z.string().max(64).nullable(),
    skip_weekend: z.boolean(),
  })
  .partial()
  .meta({ id: "AlertWrite" });

export type TAlertWrite = z.output<typeof ZAlertWrite>;

const ZAlertCheck = z
  .object({
    id: z.uuid(),
    created_at: z.iso.datetime(),
    calculated_value: z.number().nullable(),
    state: z.enum(ALERT_STATES),
    error_message: z.string().nullable(),
    targets_notified: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "AlertCheck" });

export const ZAlert = z
  .object({
    id: z.uuid(),
    created_by: ZUserBasic.nullable(),
    created_at: z.iso.datetime(),
    insight: z.object({ id: z.number().int(), short_id: z.string(), name: z.string().nullable(), derived_name: z.string().nullable() }),
    name: z.string(),
    enabled: z.boolean(),
    threshold: ZThreshold,
    condition: ZCondition,
    config: ZTrendsAlertConfig,
    calculation_interval: z.enum(CALCULATION_INTERVALS),
    subscribed_users: z.array(ZUserBasic),
    webhook_url: z.string().nullable(),
    state: z.enum(ALERT_STATES),
    last_checked_at: z.iso.datetime().nullable(),
    last_notified_at: z.iso.datetime().nullable(),
    next_check_at: z.iso.datetime().nullable(),
    snoozed_until: z.iso.datetime().nullable(),
    skip_weekend: z.boolean(),
    checks: z.array(ZAlertCheck),
  })
  .meta({ id: "Alert" });

export type TAlert = z.output<typeof ZAlert>;

export const ZAlertListQuery = z.object({
  insight: ZIntegerIdText.optional().meta({ description: "Only the alerts on this insight" }),
});
