import { z } from "zod";
import { intish, jsonish } from "@/lib/analytics/filters/params";

const ZFunnelEntity = z
  .object({
    id: z.union([z.string(), z.number()]).nullable().optional(),
    type: z.enum(["events", "actions"]).optional(),
    order: intish.optional(),
    name: z.string().nullable().optional(),
    custom_name: z.string().nullable().optional(),
    properties: z.unknown().optional(),
  })
  .passthrough();

export const ZFunnelExclusion = z
  .object({
    id: z.union([z.string(), z.number()]).nullable().optional(),
    type: z.enum(["events", "actions"]).optional(),
    name: z.string().nullable().optional(),
    funnel_from_step: intish.nullable().optional(),
    funnel_to_step: intish.nullable().optional(),
    properties: z.unknown().optional(),
  })
  .passthrough();

export const FUNNEL_WINDOW_UNITS = ["second", "minute", "hour", "day", "week", "month"] as const;
export type FunnelWindowUnit = (typeof FUNNEL_WINDOW_UNITS)[number];

/** The legacy funnel filter (POST body, or GET query parameters). */
export const ZFunnelFilter = z
  .object({
    insight: z.string().optional(),
    events: jsonish(z.array(ZFunnelEntity)).optional(),
    actions: jsonish(z.array(ZFunnelEntity)).optional(),
    exclusions: jsonish(z.array(ZFunnelExclusion)).optional(),
    properties: jsonish(z.unknown()).optional(),
    filter_test_accounts: z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean()).optional(),
    date_from: z.string().nullable().optional(),
    date_to: z.string().nullable().optional(),
    interval: z.string().optional(),
    breakdown: jsonish(z.unknown()).optional(),
    breakdown_type: z.string().nullable().optional(),
    /** `breakdown_type: "group"`'s group type (checked by groupTypeIndexOf). */
    breakdown_group_type_index: z.unknown().optional(),
    breakdown_limit: intish.optional(),
    breakdown_attribution_type: z.string().optional(),
    breakdown_attribution_value: intish.optional(),
    funnel_window_interval: intish.optional(),
    funnel_window_interval_unit: z.string().optional(),
    funnel_window_interval_type: z.string().optional(),
    funnel_window_days: intish.optional(),
    funnel_viz_type: z.string().optional(),
    funnel_order_type: z.string().optional(),
    funnel_from_step: intish.optional(),
    funnel_to_step: intish.optional(),
    bin_count: z.union([intish, z.literal("auto")]).optional(),
    /** Also compute the previous period of the same length (steps and trends views). */
    compare: z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean()).optional(),
    /** Checked by groupTypeIndexOf (a clear 400 for a bad index). */
    aggregation_group_type_index: z.unknown().optional(),
    refresh: z.unknown().optional(),
  })
  .passthrough();
export type TFunnelFilter = z.output<typeof ZFunnelFilter>;

const ZNullableNumber = z.number().nullable();
export const ZCompareLabel = z.enum(["current", "previous"]);

export const ZFunnelStep = z
  .object({
    action_id: z.union([z.string(), z.number()]).nullable(),
    name: z.string(),
    custom_name: z.string().nullable(),
    order: z.number().int(),
    people: z.array(z.unknown()),
    count: z.number().int(),
    type: z.enum(["events", "actions"]),
    average_conversion_time: ZNullableNumber,
    median_conversion_time: ZNullableNumber,
    converted_people_url: z.string(),
    dropped_people_url: z.string().nullable(),
    breakdown: z.unknown().optional(),
    breakdown_value: z.unknown().optional(),
    compare: z.literal(true).optional(),
    compare_label: ZCompareLabel.optional(),
  })
  .passthrough()
  .meta({ id: "FunnelStep" });

export const ZFunnelTrendItem = z
  .object({
    count: z.number().int(),
    data: z.array(z.number()),
    days: z.array(z.string()),
    labels: z.array(z.string()),
    breakdown_value: z.string().optional(),
    compare: z.literal(true).optional(),
    compare_label: ZCompareLabel.optional(),
  })
  .meta({ id: "FunnelTrendItem" });

export const ZFunnelTimeToConvert = z
  .object({ bins: z.array(z.tuple([z.number(), z.number()])), average_conversion_time: ZNullableNumber })
  .meta({ id: "FunnelTimeToConvert" });

export const ZFunnelResponse = z.object({
  result: z
    .union([z.array(ZFunnelStep), z.array(z.array(ZFunnelStep)), z.array(ZFunnelTrendItem), ZFunnelTimeToConvert])
    .describe(
      "Steps view: the steps; with a breakdown, one array of steps per value. `compare: true` answers one array of steps per " +
        "period (and value), the current period's first, each step with `compare: true` and `compare_label` " +
        '"current" or "previous" (the period of the same length ending where the current one starts). Trends view ' +
        "(`funnel_viz_type: trends`): one item per breakdown value (and period, labelled by position when compared). " +
        "Time to convert: the histogram.",
    ),
  last_refresh: z.string().nullable(),
  is_cached: z.boolean(),
  timezone: z.string(),
});
