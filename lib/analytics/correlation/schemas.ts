import { z } from "zod";
import { intish, jsonish } from "@/lib/analytics/filters/params";
import { ZFunnelFilter } from "@/lib/analytics/funnels/schemas";
import { ZActorsPaging } from "@/lib/analytics/actors/schemas";

export const CORRELATION_TYPES = ["events", "properties", "event_with_properties"] as const;
export type CorrelationType = (typeof CORRELATION_TYPES)[number];

const names = (description: string) => jsonish(z.array(z.string())).optional().describe(description);

/** The funnel filter plus PostHog's `funnel_correlation_*` keys (FunnelCorrelationMixin). */
export const ZCorrelationFilter = ZFunnelFilter.extend({
  funnel_step: intish
    .optional()
    .describe(
      "Which persons of the funnel are compared: 1 (default) everyone who entered; k > 1 those who reached step k; −k those who stopped before step k.",
    ),
  funnel_correlation_type: z
    .string()
    .optional()
    .describe(
      "`events` (default): events done between entering and leaving the funnel; `properties`: person properties; `event_with_properties`: properties of the named events.",
    ),
  funnel_correlation_names: names('`properties`: the person properties to correlate, or `["$all"]`.'),
  funnel_correlation_exclude_names: names("`properties`: person properties left out."),
  funnel_correlation_event_names: names("`event_with_properties`: the events whose properties to correlate."),
  funnel_correlation_exclude_event_names: names("`events`: events left out."),
  funnel_correlation_event_exclude_property_names: names("`event_with_properties`: event properties left out."),
});
export type TCorrelationFilter = z.output<typeof ZCorrelationFilter>;

const ZCorrelationEvent = z.object({
  event: z.object({
    event: z.string().describe("The event name; `name::value` of a person property; `event::property::value` of an event property."),
    properties: z.record(z.string(), z.unknown()),
    elements: z.array(z.unknown()),
  }),
  success_count: z.number().int().describe("Persons who completed the funnel and did it (or have it)."),
  failure_count: z.number().int().describe("Persons who entered the funnel without completing it and did it (or have it)."),
  odds_ratio: z.number(),
  correlation_type: z.enum(["success", "failure"]),
  success_people_url: z.string().nullable(),
  failure_people_url: z.string().nullable(),
});
export type TCorrelationEvent = z.output<typeof ZCorrelationEvent>;

const ZCorrelationResult = z.object({
  events: z.array(ZCorrelationEvent).describe("The 10 most positively correlated first, then the 10 most negatively correlated."),
  skewed: z.boolean().describe("Successes and failures differ more than tenfold (or one of them is zero)."),
});
export type TCorrelationResult = z.output<typeof ZCorrelationResult>;

export const ZCorrelationResponse = z
  .object({
    result: ZCorrelationResult,
    last_refresh: z.string().nullable(),
    is_cached: z.boolean(),
    timezone: z.string(),
  })
  .meta({ id: "FunnelCorrelationResponse" });

const ZCorrelationPropertyValue = z
  .object({ key: z.string(), value: z.unknown(), type: z.string().optional(), operator: z.string().optional() })
  .passthrough();

/** A correlation row's `success_people_url`/`failure_people_url`: the correlation filter and the row. */
export const ZCorrelationActorsQuery = ZCorrelationFilter.extend({
  funnel_correlation_person_entity: jsonish(
    z
      .object({
        id: z.string(),
        type: z.string().optional(),
        properties: z.unknown().optional(),
      })
      .passthrough(),
  )
    .optional()
    .describe("`events`, `event_with_properties`: the event (with its property filter) whose persons to list."),
  funnel_correlation_property_values: jsonish(z.array(ZCorrelationPropertyValue))
    .optional()
    .describe("`properties`: the person property values whose persons to list."),
  funnel_correlation_person_converted: z
    .preprocess((v) => (typeof v === "string" && /^(true|false)$/i.test(v) ? v.toLowerCase() === "true" : v), z.boolean())
    .optional()
    .describe("`true`: persons who completed the funnel; `false`: those who did not; absent: both."),
  funnel_correlation_person_limit: ZActorsPaging.limit,
  funnel_correlation_person_offset: ZActorsPaging.offset,
});
export type TCorrelationActorsQuery = z.output<typeof ZCorrelationActorsQuery>;
