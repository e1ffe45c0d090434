import { z } from "zod";
import { ZActorsPaging } from "@/lib/analytics/actors/schemas";
import { jsonParam } from "@/lib/analytics/filters/params";
import { ZProperties } from "@/lib/analytics/filters/properties";
import { ZGroupActor } from "@/lib/groups/actors";
import { ZPerson } from "@/lib/persons/schemas";

const intParam = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : v), z.number().int().min(min).max(max));
const boolParam = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());
const isBlank = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/** An entity of a legacy filter: `{id, type}`, an event name or an action id. */
const ZRetentionEntity = z.preprocess(
  jsonParam,
  z.looseObject({
    id: z.union([z.string().min(1).max(400), z.number().int()]),
    type: z.enum(["events", "actions"]).default("events"),
    name: z.string().nullish(),
  }),
);

const RETENTION_PERIODS = ["Hour", "Day", "Week", "Month"] as const;
export type RetentionPeriod = (typeof RETENTION_PERIODS)[number];

/** PostHog's `TRENDS_LINEAR`: on it, legacy retention reads target events of the first period only. */
export const LINE_GRAPH_DISPLAY = "ActionsLineGraph";

/** The breakdown types with data here; PostHog's cohort and group breakdowns need cohorts and groups, which Hedgerow has none of. */
const RETENTION_BREAKDOWN_TYPES = ["event", "person"] as const;
export type RetentionBreakdownType = (typeof RETENTION_BREAKDOWN_TYPES)[number];

function breakdownTypeProblem(type: string): { message: string; code: string } | null {
  if ((RETENTION_BREAKDOWN_TYPES as readonly string[]).includes(type)) return null;
  if (type === "cohort") return { message: "Breaking down by cohort is not supported: there are no cohorts.", code: "unsupported" };
  if (type === "group") return { message: "Breaking down by group is not supported: there are no groups.", code: "unsupported" };
  return { message: `"${type}" is not a valid choice.`, code: "invalid_choice" };
}

/** One item of `breakdowns`: a property, read from the event or from the person. */
const ZRetentionBreakdown = z.looseObject({
  /** A cohort breakdown names a cohort id: a number, refused for its type. */
  property: z.union([z.string().min(1).max(400), z.number()]).transform(String),
  type: z
    .string()
    .default("event")
    .superRefine((type, ctx) => {
      const problem = breakdownTypeProblem(type);
      if (problem) ctx.addIssue({ code: "custom", message: problem.message, params: { code: problem.code } });
    }),
});

/** PostHog's `sampling_factor`: empty or 0 is no sampling; 1 samples everything. Hedgerow does not sample. */
const samplingFactor = z
  .preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), z.union([z.number(), z.literal(""), z.null()]))
  .superRefine((v, ctx) => {
    if (typeof v !== "number" || v === 0 || v === 1) return;
    ctx.addIssue({
      code: "custom",
      message: v > 0 && v < 1 ? "Sampling is not supported." : "Sampling factor must be greater than 0 and smaller or equal to 1",
      params: { code: v > 0 && v < 1 ? "unsupported" : "invalid_input" },
    });
  });

/** The keys of `retention/` (PostHog's RetentionFilter). */
const retentionFilterShape = {
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
  filter_test_accounts: boolParam.optional(),
  /** `ActionsLineGraph` narrows recurring target events to the first period (PostHog's RetentionEventsQuery). */
  display: z.string().max(100).nullish(),
  /** Each item's values make one row; `breakdown_type`, when set, names the table of every item (as PostHog reads them all from it). */
  breakdowns: z.preprocess(jsonParam, z.array(ZRetentionBreakdown)).optional(),
  breakdown_type: z.string().max(100).nullish(),
  breakdown: z
    .unknown()
    .refine(isBlank, "Retention breaks down by `breakdowns` ([{property, type}]); a single `breakdown` is not read by it.")
    .optional(),
  cumulative: boolParam
    .refine(
      (v) => !v,
      "cumulative is not supported: legacy retention counts a person in an interval only when they returned in that very interval.",
    )
    .optional(),
  /** G1: absent = persons, N = the group type of index N (checked by groupTypeIndexOf). */
  aggregation_group_type_index: z.unknown().optional(),
  sampling_factor: samplingFactor.optional(),
};

/** `breakdown_type` counts only with breakdowns (PostHog ignores it otherwise). */
function checkBreakdownType(filter: { breakdowns?: unknown[]; breakdown_type?: string | null }, ctx: z.RefinementCtx) {
  if (!filter.breakdowns?.length || !filter.breakdown_type) return;
  const problem = breakdownTypeProblem(filter.breakdown_type);
  if (problem) ctx.addIssue({ code: "custom", path: ["breakdown_type"], message: problem.message, params: { code: problem.code } });
}

/** The same fields as GET query params (the OpenAPI document lists them one by one). */
export const ZRetentionQuery = z.looseObject(retentionFilterShape).superRefine(checkBreakdownType);
export const ZRetentionFilter = z.looseObject(retentionFilterShape).superRefine(checkBreakdownType).meta({ id: "RetentionFilter" });
export type TRetentionFilter = z.output<typeof ZRetentionFilter>;

/** A cohort's (or breakdown value's) persons: the retention filter, the row and the interval of its `people_url`. */
export const ZRetentionActorsQuery = z
  .looseObject({
    ...retentionFilterShape,
    breakdown_values: z
      .preprocess(jsonParam, z.array(z.union([z.string(), z.number()])).max(100))
      .optional()
      .describe("The row: `[cohort index]` without breakdowns, else the breakdown values."),
    selected_interval: intParam(0, 1000).optional().describe("The interval of a value's `people_url` (shortens `appearances`)."),
    search: z.unknown().refine(isBlank, "search is not supported by the retention persons list.").optional(),
    ...ZActorsPaging,
  })
  .superRefine(checkBreakdownType);
export type TRetentionActorsQuery = z.output<typeof ZRetentionActorsQuery>;

const ZRetentionValue = z.object({
  count: z.number().int(),
  people: z.array(z.unknown()),
  people_url: z.string().optional().describe("Present when the count is not 0."),
});

export const ZRetentionCohort = z.object({
  values: z.array(ZRetentionValue),
  label: z.string(),
  date: z.string(),
  people_url: z.string(),
});

export const ZRetentionBreakdownRow = z.object({
  values: z.array(ZRetentionValue),
  label: z.string(),
  breakdown_values: z.array(z.string()),
  people_url: z.string(),
});

export const ZRetentionResponse = z
  .object({
    result: z.array(z.union([ZRetentionCohort, ZRetentionBreakdownRow])),
    last_refresh: z.string(),
    is_cached: z.boolean(),
    timezone: z.string(),
  })
  .meta({ id: "RetentionResult" });

export const ZRetentionActorsResponse = z
  .object({
    result: z.array(
      z.object({
        /** A group actor when the retention is aggregated by a group type. */
        person: z.union([ZPerson, ZGroupActor]),
        appearances: z.array(z.number().int()).describe("1 where the person was active in that interval of the row, else 0."),
      }),
    ),
    next: z.string().nullable(),
    missing_persons: z.number().int(),
  })
  .meta({ id: "RetentionActorsResponse" });
