import { z } from "zod";
import { jsonParam } from "@/lib/analytics/filters/params";
import { ZProperties } from "@/lib/analytics/filters/properties";


const intParam = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : v), z.number().int().min(min).max(max));

/** An entity of a legacy filter: `{id, type}`, an event name or an action id. */
export const ZRetentionEntity = z.preprocess(
  jsonParam,
  z.looseObject({
    id: z.union([z.string().min(1).max(400), z.number().int()]),
    type: z.enum(["events", "actions"]).default("events"),
    name: z.string().nullish(),
  }),
);

export const RETENTION_PERIODS = ["Hour", "Day", "Week", "Month"] as const;
export type RetentionPeriod = (typeof RETENTION_PERIODS)[number];

/** The body of `retention/` (PostHog's RetentionFilter keys). */
const retentionFilterFields = z.looseObject({
    insight: z.string().optional(),
    target_entity: ZRetentionEntity.optional(),
    returning_entity: ZRetentionEntity.optional(),
    events: z.preprocess(jsonParam, z.array(ZRetentionEntity).max(1)).optional(),
    actions: z.preprocess(jsonParam, z.array(ZRetentionEntity).max(1)).optional(),
    period: z.enum(RETENTION_PERIODS).default("Day"),
    total_intervals: intParam(1, 1000).default(11),
    retention_type: z.enum(["retention_recurring", "retention_first_time"]).default("retention_recurring"),
    date_from: z.string().max(100).nullish(),
    date_to: z.string().max(100).nullish(),
    properties: ZProperties,
    breakdowns: z.preprocess(jsonParam, z.array(z.unknown()).max(0, { message: "Retention breakdowns are not supported yet." })).optional(),
    filter_test_accounts: z
      .preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean())
      .optional(),
});
/** The same fields as GET query params (the OpenAPI document lists them one by one). */
export const ZRetentionQuery = retentionFilterFields;
export const ZRetentionFilter = retentionFilterFields.meta({ id: "RetentionFilter" });
export type TRetentionFilter = z.output<typeof ZRetentionFilter>;

export const ZRetentionValue = z.object({ count: z.number().int(), people: z.array(z.unknown()) });

export const ZRetentionCohort = z.object({
  values: z.array(ZRetentionValue),
  label: z.string(),
  date: z.string(),
});

export const ZRetentionResponse = z
  .object({
    result: z.array(ZRetentionCohort),
    last_refresh: z.string(),
    is_cached: z.boolean(),
    timezone: z.string(),
  })
  .meta({ id: "RetentionResult" });
