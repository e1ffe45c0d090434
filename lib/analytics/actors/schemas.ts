import { z } from "zod";
import { intish, jsonish } from "@/lib/analytics/filters/params";
import { ZFunnelFilter } from "@/lib/analytics/funnels/schemas";
import { LIFECYCLE_STATUSES } from "@/lib/analytics/lifecycle/statuses";
import { ZGroupActor } from "@/lib/groups/actors";
import { ZPerson } from "@/lib/persons/schemas";

/** PostHog's actors paging: `limit` (default 100) and `offset`. */
export const ZActorsPaging = {
  limit: intish.pipe(z.number().int().min(1).max(10_000)).optional(),
  offset: intish.pipe(z.number().int().min(0)).optional(),
};

/** The funnel filter of a step's `converted_people_url`/`dropped_people_url`, plus the step. */
export const ZFunnelActorsQuery = ZFunnelFilter.extend({
  funnel_step: intish.describe("k > 0: persons who reached step k; k < 0: persons who reached step |k|−1 and dropped before step |k|."),
  funnel_step_breakdown: z.unknown().optional().describe("The breakdown value whose persons to list."),
  ...ZActorsPaging,
});

export const ZActorsResponse = z
  .object({
    /** Persons; groups for a group-aggregated funnel (`aggregation_group_type_index`). */
    results: z.array(z.object({ people: z.array(z.union([ZPerson, ZGroupActor])), count: z.number().int() })),
    next: z.string().nullable(),
  })
  .meta({ id: "ActorsResponse" });

/** A trend data point's persons URL: the trend filter, the series and the point. */
export const ZTrendActorsQuery = z
  .object({
    events: z.unknown().optional(),
    actions: z.unknown().optional(),
    properties: z.unknown().optional(),
    filter_test_accounts: z.unknown().optional(),
    interval: z.string().optional(),
    display: z.string().optional(),
    breakdown: z.unknown().optional(),
    breakdown_type: z.string().optional(),
    breakdown_value: z.unknown().optional().describe("The breakdown value of the data point."),
    breakdown_other_than: jsonish(z.array(z.string()))
      .optional()
      .describe('With the "other" breakdown value: the ranked values it leaves out.'),
    entity_id: z.unknown().optional().describe("The series' event."),
    entity_type: z.string().optional(),
    entity_math: z.string().nullish(),
    entity_order: z.unknown().optional().describe("The series' order in `events`."),
    date_from: z.string().describe("Start of the data point (inclusive), an ISO date-time."),
    date_to: z.string().describe("End of the data point (exclusive), an ISO date-time."),
    ...ZActorsPaging,
  })
  .loose();

/** A stickiness point's persons URL: the stickiness filter, the series, the range and the number of intervals. */
export const ZStickinessActorsQuery = ZTrendActorsQuery.extend({
  stickiness_days: intish.pipe(z.number().int().min(1)).describe("k: the persons who did the series' event in exactly k intervals."),
  date_from: z.string().optional().describe("Start of the range (inclusive)."),
  date_to: z.string().optional().describe("End of the range (inclusive)."),
});

/** A lifecycle point's persons URL: the lifecycle filter, its series, the range, the bucket and the status. */
export const ZLifecycleActorsQuery = ZTrendActorsQuery.extend({
  target_date: z.string().describe('The bucket\'s day as the lifecycle\'s `days` write it ("2024-03-03", hours "2024-03-03 14:00:00").'),
  lifecycle_type: z.enum(LIFECYCLE_STATUSES).describe("The status whose persons to list."),
  date_from: z.string().optional().describe("Start of the range (inclusive)."),
  date_to: z.string().optional().describe("End of the range (inclusive)."),
});
