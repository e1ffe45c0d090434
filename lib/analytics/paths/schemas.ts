import { z } from "zod";
import { ZProperties } from "@/lib/analytics/filters/properties";
import { jsonParam } from "@/lib/analytics/filters/params";
import { MAX_PATH_CLEANING_RULES, MAX_PATH_GROUPINGS } from "@/lib/analytics/limits";

const PATH_EVENT_TYPES = ["$pageview", "$screen", "custom_event"] as const;

const intParam = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : v), z.number().int().min(min).max(max));
const boolParam = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());
const names = z.preprocess(jsonParam, z.array(z.string().max(400)).max(100));
/** Options of PostHog's paths this engine does not compute yet: refused rather than ignored. */
const unsupported = (what: string) =>
  z
    .unknown()
    .refine((v) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0), `${what} is not supported yet.`)
    .optional();

export const ZPathCleaningRule = z.object({ regex: z.string().min(1).max(1000), alias: z.string().max(1000) });

/** A project's rules as PATCH takes them: at most MAX_PATH_CLEANING_RULES, each regex one the engine can run. */
export const ZPathCleaningRules = z
  .array(ZPathCleaningRule)
  .max(MAX_PATH_CLEANING_RULES)
  .superRefine((rules, ctx) =>
    rules.forEach(({ regex }, i) => {
      try {
        new RegExp(regex);
      } catch {
        ctx.addIssue({ code: "custom", message: `Invalid regex in path cleaning rule ${i + 1}: ${regex}`, path: [i, "regex"] });
      }
    }),
  );
export type TPathCleaningRule = z.output<typeof ZPathCleaningRule>;

const pathFilterFields = z.looseObject({
  insight: z.string().optional(),
  /** Legacy single path type; `include_event_types` supersedes it. */
  path_type: z.enum(PATH_EVENT_TYPES).optional(),
  include_event_types: z.preprocess(jsonParam, z.array(z.enum(PATH_EVENT_TYPES))).optional(),
  include_custom_events: names.optional(),
  exclude_events: names.optional(),
  start_point: z.string().max(2000).nullish(),
  end_point: z.string().max(2000).nullish(),
  step_limit: intParam(2, 20).default(5),
  edge_limit: intParam(1, 10_000).nullish(),
  date_from: z.string().max(100).nullish(),
  date_to: z.string().max(100).nullish(),
  properties: ZProperties,
  filter_test_accounts: boolParam.optional(),
  funnel_paths: unsupported("funnel_paths"),
  funnel_filter: unsupported("funnel_filter"),
  /** Wildcard patterns (`/product/*`): an item matching one is counted as that pattern. */
  path_groupings: z.preprocess(jsonParam, z.array(z.string().min(1).max(400)).max(MAX_PATH_GROUPINGS)).nullish(),
  /** Regex replacements applied to every item, in order, before the groupings. */
  local_path_cleaning_filters: z.preprocess(jsonParam, z.array(ZPathCleaningRule).max(MAX_PATH_CLEANING_RULES)).nullish(),
  /** Apply the project's `path_cleaning_filters` first, then `local_path_cleaning_filters` (PostHog's order). */
  path_replacements: boolParam.optional(),
  min_edge_weight: unsupported("min_edge_weight"),
  max_edge_weight: unsupported("max_edge_weight"),
});

export const ZPathsQuery = pathFilterFields;
export const ZPathsFilter = pathFilterFields.meta({ id: "PathsFilter" });
export type TPathsFilter = z.output<typeof ZPathsFilter>;

const ZPathEdge = z.object({
  source: z.string(),
  target: z.string(),
  value: z.number().int(),
  average_conversion_time: z.number(),
});
export type TPathEdge = z.output<typeof ZPathEdge>;

export const ZPathsResponse = z
  .object({ result: z.array(ZPathEdge), last_refresh: z.string(), is_cached: z.boolean(), timezone: z.string() })
  .meta({ id: "PathsResult" });
