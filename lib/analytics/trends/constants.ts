/** The trend filter's choices, free of server imports so the builder shares them with the API. */

export const COUNTING_MATHS = ["total", "dau", "weekly_active", "monthly_active", "unique_session"] as const;
export const PROPERTY_MATHS = ["sum", "avg", "min", "max", "median", "p90", "p95", "p99"] as const;
export const ACTOR_MATHS = [
  "avg_count_per_actor",
  "min_count_per_actor",
  "max_count_per_actor",
  "median_count_per_actor",
  "p90_count_per_actor",
  "p95_count_per_actor",
  "p99_count_per_actor",
] as const;
/** `math_hogql`, an aggregate in HogQL over the bucket's events (G26). */
export const HOGQL_MATH = "hogql";
export const MATHS = [...COUNTING_MATHS, ...PROPERTY_MATHS, ...ACTOR_MATHS, HOGQL_MATH] as const;
export type TrendMath = (typeof MATHS)[number];

export const DISPLAYS = [
  "ActionsLineGraph",
  "ActionsLineGraphCumulative",
  /** Drawn as a filled line; answered as ActionsLineGraph. */
  "ActionsAreaGraph",
  /** Drawn as stacked bars; answered as ActionsBar. */
  "ActionsStackedBar",
  "ActionsTable",
  "ActionsPie",
  "ActionsBar",
  "ActionsBarValue",
  "WorldMap",
  "BoldNumber",
] as const;
export type Display = (typeof DISPLAYS)[number];
/** Displays answered with one `aggregated_value` per series instead of points (S10). */
export const AGGREGATE_DISPLAYS = new Set<Display>(["ActionsTable", "ActionsPie", "ActionsBarValue", "WorldMap", "BoldNumber"]);

/** The breakdown value of events without the property (PostHog's BREAKDOWN_NULL_STRING_LABEL). */
export const NULL_BREAKDOWN = "$$_posthog_breakdown_null_$$";
/** The series of the breakdown values past the limit (PostHog's BREAKDOWN_OTHER_STRING_LABEL). */
export const OTHER_BREAKDOWN = "$$_posthog_breakdown_other_$$";
