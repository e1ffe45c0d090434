import { z } from "zod";
import { validationError } from "@/lib/api/errors";
import {
  SESSION_DURATION,
  ZProperties,
  groupTypeIndexOf,
  unsupportedSessionProperty,
  jsonish,
  matchedEntity,
  type ActionDefinition,
  type MatchedEntity,
} from "@/lib/analytics/filters";
import { hogqlAggregateSql } from "@/lib/analytics/filters/hogql";
import { MAX_BREAKDOWN_LIMIT, MAX_FORMULA_LENGTH, MAX_TREND_FORMULAS, MAX_TREND_SERIES, checkCount } from "@/lib/analytics/limits";
import { HOGQL_MATH, MATHS, PROPERTY_MATHS, type TrendMath } from "./constants";

export * from "./constants";

/** Legacy trend filter (`posthog/models/filters/filter.py`), as a POST body or GET query params. */

const bool = z.preprocess((v) => {
  if (typeof v === "string")
    return ["true", "1"].includes(v.toLowerCase()) ? true : ["false", "0", ""].includes(v.toLowerCase()) ? false : v;
  return v;
}, z.boolean().nullish());

const optionalInt = (max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v === "" ? undefined : v),
    z.number().int().min(0).max(max).nullish(),
  );

const ZTrendEntity = z
  .object({
    id: z.union([z.string(), z.number()]).nullish(),
    type: z.enum(["events", "actions"]).nullish(),
    order: z.number().int().nullish(),
    name: z.string().nullish(),
    custom_name: z.string().nullish(),
    math: z.string().nullish(),
    math_property: z.string().max(400).nullish(),
    /** Where `math_property` lives: only `session_properties` (for `$session_duration`) changes anything. */
    math_property_type: z.string().max(100).nullish(),
    math_hogql: z.string().nullish(),
    /** Checked with `math: "unique_group"` only (groupTypeIndexOf), as PostHog ignores it otherwise. */
    math_group_type_index: z.unknown().optional(),
    properties: ZProperties,
  })
  .loose();
export type TTrendEntity = z.output<typeof ZTrendEntity>;

export const ZTrendFilter = z
  .object({
    insight: z.string().nullish(),
    events: jsonish(z.array(ZTrendEntity)).nullish(),
    actions: jsonish(z.array(ZTrendEntity)).nullish(),
    properties: ZProperties,
    filter_test_accounts: bool,
    date_from: z.string().nullish(),
    date_to: z.string().nullish(),
    interval: z.string().nullish(),
    display: z.string().nullish(),
    breakdown: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]).nullish(),
    breakdown_type: z.string().nullish(),
    /** `breakdown_type: "group"`'s group type (checked by groupTypeIndexOf). */
    breakdown_group_type_index: z.unknown().optional(),
    breakdown_limit: optionalInt(MAX_BREAKDOWN_LIMIT),
    /** Leave out the "other" series of the values past the limit. */
    breakdown_hide_other_aggregation: bool,
    offset: optionalInt(),
    compare: bool,
    formula: z.string().max(MAX_FORMULA_LENGTH).nullish(),
    /** Hedgerow's formulas drawn beside the series (PostHog's single `formula` answers its lines alone). */
    formulas: jsonish(z.array(z.string().max(MAX_FORMULA_LENGTH)).max(MAX_TREND_FORMULAS)).nullish(),
    shown_as: z.string().nullish(),
  })
  .loose();
export type TTrendFilterInput = z.input<typeof ZTrendFilter>;
export type TTrendFilter = z.output<typeof ZTrendFilter>;

/** A series resolved and validated: what the engine computes. */
export interface Series {
  index: number;
  entity: TTrendEntity;
  /** The event name (null for an action, or every event). */
  event: string | null;
  /** What the series' events are: its event or action, and its own filters. */
  match: MatchedEntity;
  math: SeriesMath;
  mathProperty: string | null;
  /** `unique_group`'s group type (G12). */
  groupTypeIndex: number | null;
}

/** The maths a series computes: the builder's, and `unique_group` (distinct keys of a group type, G12). */
type SeriesMath = TrendMath | "unique_group";

/** A math over the durations of the series' sessions (G22), each session counted once per bucket. */
export const isSessionDuration = (series: Pick<Series, "math" | "mathProperty">) =>
  series.mathProperty === SESSION_DURATION && (PROPERTY_MATHS as readonly string[]).includes(series.math);

/** The filter's events and actions, in series order (PostHog sorts both lists together by `order`); at most MAX_TREND_SERIES. */
export function filterEntities(filter: TTrendFilter): TTrendEntity[] {
  checkCount(
    (filter.events?.length ?? 0) + (filter.actions?.length ?? 0),
    MAX_TREND_SERIES,
    filter.events?.length ? "events" : "actions",
    "series",
  );
  const events = (filter.events ?? []).map((e) => ({ ...e, type: "events" as const }));
  const actions = (filter.actions ?? []).map((e) => ({ ...e, type: "actions" as const }));
  return [...events, ...actions]
    .map((entity, i) => ({ entity, i }))
    .sort((a, b) => (a.entity.order ?? 0) - (b.entity.order ?? 0) || a.i - b.i)
    .map(({ entity }) => entity);
}

/**
 * The filter's series, with their actions loaded by `loadEntityActions`; PostHog's 400s for series it cannot
 * compute: unknown math, a property math without its property.
 */
export function resolveSeries(filter: TTrendFilter, actions: Map<number, ActionDefinition>): Series[] {
  return filterEntities(filter).map((entity, index) => {
    const math = (entity.math ?? "total") as SeriesMath;
    const groupTypeIndex = math === "unique_group" ? groupTypeIndexOf(entity.math_group_type_index, "math_group_type_index") : null;
    if (math !== "unique_group" && !(MATHS as readonly string[]).includes(math))
      throw validationError(`"${entity.math}" is not a valid choice.`, "math", "invalid_choice");
    if ((PROPERTY_MATHS as readonly string[]).includes(math) && !entity.math_property)
      throw validationError("This field is required when `math` is set to a function.", "math_property", "required");
    // Compiled here for its 400s; the queries compile it again where they read it.
    if (math === HOGQL_MATH) hogqlAggregateSql(entity.math_hogql, "h");
    if (entity.math_property_type === "session_properties" && entity.math_property && entity.math_property !== SESSION_DURATION)
      throw unsupportedSessionProperty(entity.math_property, "math_property");
    const match = matchedEntity(entity, actions, entity.properties);
    return { index, entity, event: match.event, match, math, mathProperty: entity.math_property ?? null, groupTypeIndex };
  });
}
