import { validationError } from "@/lib/api/errors";
import { MAX_BREAKDOWN_LIMIT, MAX_FUNNEL_STEPS, MAX_FUNNEL_WINDOW_DAYS, checkCount } from "@/lib/analytics/limits";
import {
  groupTypeIndexOf,
  entityKey,
  loadEntityActions,
  matchedEntity,
  parseInterval,
  previousRange,
  resolveDateRange,
  withTestAccountFilters,
  validateProperties,
  ZProperties,
  type DateRange,
  type Interval,
  type MatchedEntity,
  type PropertyFilter,
  type PropertyGroup,
  SESSION_DURATION,
  unsupportedSessionProperty,
} from "@/lib/analytics/filters";
import { hogqlBreakdownSql } from "@/lib/analytics/filters/hogql";
import { hasPendingOverrides } from "@/lib/analytics/pending-overrides";
import { FUNNEL_WINDOW_UNITS, type FunnelWindowUnit, type TFunnelFilter } from "./schemas";

export interface FunnelEntity {
  /** The event name, or the action id (null: every event). */
  id: string | number | null;
  type: "events" | "actions";
  name: string;
  custom_name: string | null;
  order: number;
  properties: PropertyGroup;
  /** What the step matches: its event or action, and its own filters. */
  match: MatchedEntity;
}

interface FunnelExclusionDef {
  id: string | number | null;
  name: string;
  fromStep: number;
  toStep: number;
  properties: PropertyGroup;
  match: MatchedEntity;
}

/**
 * Which value(s) of the breakdown property a person is counted under (PostHog's `breakdown_attribution_type`):
 * the first or last value on its step events; every value on its step events, the funnel run once per value over
 * the events carrying it (`all_events`); or each value on its events of step `step`, the funnel run once per
 * value over all its events but only events carrying the value entering that step (`step`).
 */
type BreakdownAttribution = "first_touch" | "last_touch" | "all_events" | "step";
const BREAKDOWN_ATTRIBUTIONS: readonly BreakdownAttribution[] = ["first_touch", "last_touch", "all_events", "step"];

export interface FunnelBreakdown {
  key: string;
  /** `hogql`: `key` is an expression (G25); `session`: `key` is `$session_duration` (G24). */
  type: "event" | "person" | "group" | "hogql" | "session";
  /** A group breakdown's group type (G13). */
  groupTypeIndex?: number;
  attribution: BreakdownAttribution;
  /** The 0-based step of `step` attribution (0 otherwise). */
  step: number;
  limit: number;
  asList: boolean;
}

type FunnelOrderType = "ordered" | "strict" | "unordered";
type FunnelVizType = "steps" | "trends" | "time_to_convert";

export interface NormalizedFunnel {
  teamId: number;
  /** The project has merges not yet folded into its events: persons are resolved through the overrides. */
  personOverrides: boolean;
  timezone: string;
  steps: FunnelEntity[];
  exclusions: FunnelExclusionDef[];
  orderType: FunnelOrderType;
  vizType: FunnelVizType;
  window: { interval: number; unit: FunnelWindowUnit };
  from: Date;
  to: Date;
  fromMicros: string;
  toMicros: string;
  /** Entrance periods of funnel trends (a day for the other views). */
  interval: Interval;
  /** Wall-clock starts of the range's entrance periods (funnel trends). */
  buckets: Date[];
  properties: PropertyGroup;
  /** Who converts (G1, G12): persons (null) or the groups of this type, by the key each event carries. */
  aggregationGroupTypeIndex: number | null;
  globalPropertiesSql: string | null;
  breakdown: FunnelBreakdown | null;
  fromStep: number;
  toStep: number;
  /** Also compute the previous period of the same length. */
  compare: boolean;
  /** Custom histogram bin count (time_to_convert), clamped 1..90; null = automatic. */
  binCount: number | null;
}

const micros = (d: Date) => `${BigInt(d.getTime()) * 1000n + (d.getUTCMilliseconds() === 999 ? 999n : 0n)}`;

function parseProperties(value: unknown, attr: string): PropertyGroup {
  const parsed = ZProperties.safeParse(value);
  if (!parsed.success) throw validationError(`Invalid property filter.`, attr);
  validateProperties(parsed.data, attr);
  return parsed.data;
}

function windowOf(filter: TFunnelFilter): { interval: number; unit: FunnelWindowUnit } {
  const rawUnit = filter.funnel_window_interval_unit ?? filter.funnel_window_interval_type;
  let interval = filter.funnel_window_interval;
  let unit: string = "day";
  if (interval === undefined && filter.funnel_window_days !== undefined) interval = filter.funnel_window_days;
  else if (rawUnit !== undefined) unit = rawUnit.toLowerCase().replace(/s$/, "");
  if (!(FUNNEL_WINDOW_UNITS as readonly string[]).includes(unit))
    throw validationError(
      `"${rawUnit}" is not a valid choice for the funnel window unit. Choose from: ${FUNNEL_WINDOW_UNITS.join(", ")}.`,
      filter.funnel_window_interval_unit !== undefined ? "funnel_window_interval_unit" : "funnel_window_interval_type",
    );
  interval ??= 14;
  const field = filter.funnel_window_interval !== undefined ? "funnel_window_interval" : "funnel_window_days";
  if (interval < 1) throw validationError("The funnel window must be at least 1.", field);
  if (interval * WINDOW_UNIT_DAYS[unit as FunnelWindowUnit] > MAX_FUNNEL_WINDOW_DAYS)
    throw validationError(`The funnel window may be at most ${MAX_FUNNEL_WINDOW_DAYS} days (or 12 months).`, field, "max_value");
  return { interval, unit: unit as FunnelWindowUnit };
}

/** Days in one of each window unit (a month at its longest), to bound the window. */
const WINDOW_UNIT_DAYS: Record<FunnelWindowUnit, number> = {
  second: 1 / 86_400,
  minute: 1 / 1_440,
  hour: 1 / 24,
  day: 1,
  week: 7,
  month: 31,
};

/** The filter's events and actions, in step order (PostHog sorts both lists together by `order`); at most MAX_FUNNEL_STEPS. */
function stepEntities(filter: TFunnelFilter) {
  checkCount(
    (filter.events?.length ?? 0) + (filter.actions?.length ?? 0),
    MAX_FUNNEL_STEPS,
    filter.events?.length ? "events" : "actions",
    "funnel steps",
  );
  checkCount(filter.exclusions?.length ?? 0, MAX_FUNNEL_STEPS, "exclusions", "exclusions");
  const events = (filter.events ?? []).map((e) => ({ ...e, type: e.type ?? ("events" as const) }));
  const actions = (filter.actions ?? []).map((e) => ({ ...e, type: "actions" as const }));
  return [...events, ...actions]
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.order ?? a.i) - (b.e.order ?? b.i) || a.i - b.i)
    .map(({ e }) => e);
}

const rawId = (id: unknown, type: string) => (id === undefined || id === null ? null : type === "actions" ? Number(id) : String(id));

/** The filter as the engine runs it, with PostHog's 400s for what it refuses. */
export async function normalizeFunnel(
  project: { id: number; timezone?: string | null; testAccountFilters: PropertyFilter[] },
  filter: TFunnelFilter,
  now = new Date(),
): Promise<NormalizedFunnel> {
  const timezone = project.timezone || "UTC";
  // G1: absent = persons; N = the group type of index N (0 is the first type).
  const aggregation = filter.aggregation_group_type_index;
  const aggregationGroupTypeIndex =
    aggregation === undefined || aggregation === null ? null : groupTypeIndexOf(aggregation, "aggregation_group_type_index");
  const entities = stepEntities(filter);
  const actions = await loadEntityActions(project.id, [...entities, ...(filter.exclusions ?? [])]);
  const steps: FunnelEntity[] = entities.map((e, index) => {
    const properties = parseProperties(e.properties, "events");
    const match = matchedEntity(e, actions, properties);
    return {
      id: rawId(e.id, e.type),
      type: e.type,
      name: e.name ?? match.action?.name ?? match.event ?? "All events",
      custom_name: e.custom_name ?? null,
      order: index,
      properties,
      match,
    };
  });

  const orderType = (filter.funnel_order_type ?? "ordered") as FunnelOrderType;
  if (!["ordered", "strict", "unordered"].includes(orderType))
    throw validationError(`"${filter.funnel_order_type}" is not a valid choice for funnel_order_type.`, "funnel_order_type");
  const vizType = (filter.funnel_viz_type ?? "steps") as FunnelVizType;
  if (!["steps", "trends", "time_to_convert"].includes(vizType))
    throw validationError(`"${filter.funnel_viz_type}" is not a valid choice for funnel_viz_type.`, "funnel_viz_type");

  const exclusions: FunnelExclusionDef[] = (filter.exclusions ?? []).map((x) => {
    const from = x.funnel_from_step;
    const to = x.funnel_to_step;
    if (from === undefined || from === null || to === undefined || to === null)
      throw validationError("Exclusion event needs to define funnel steps");
    if (from >= to) throw validationError("Exclusion event range is invalid. End of range should be greater than start.");
    if (from >= steps.length - 1)
      throw validationError("Exclusion event range is invalid. Start of range is greater than number of steps.");
    if (to > steps.length - 1) throw validationError("Exclusion event range is invalid. End of range is greater than number of steps.");
    const type = x.type ?? "events";
    const id = rawId(x.id, type);
    const properties = parseProperties(x.properties, "exclusions");
    const match = matchedEntity({ id, type }, actions, properties);
    for (const step of steps.slice(from, to + 1)) {
      const superset =
        step.type === type && step.id === id && (properties.values.length === 0 || entityKey(match) === entityKey(step.match));
      if (superset || id === null) throw validationError("Exclusion steps cannot contain an event that's part of funnel steps.");
    }
    return { id, name: x.name ?? match.action?.name ?? match.event ?? "All events", fromStep: from, toStep: to, properties, match };
  });

  // Only funnel trends have periods; the other views cover the range as days do, whatever the interval.
  const interval = vizType === "trends" ? parseInterval(filter.interval) : "day";
  const range = resolveDateRange({ date_from: filter.date_from, date_to: filter.date_to, interval, timezone, now, defaultFrom: "-7d" });

  const properties = withTestAccountFilters(parseProperties(filter.properties, "properties"), project, filter.filter_test_accounts);

  let breakdown: NormalizedFunnel["breakdown"] = null;
  if (filter.breakdown !== undefined && filter.breakdown !== null && filter.breakdown !== "") {
    let key = filter.breakdown;
    const asList = Array.isArray(key);
    if (Array.isArray(key) && key.length === 1) key = key[0];
    if (typeof key !== "string") throw validationError("Only a single property breakdown is supported.", "breakdown");
    const type = filter.breakdown_type ?? "event";
    if (type !== "event" && type !== "person" && type !== "group" && type !== "hogql" && type !== "session")
      throw validationError(`Breakdown type "${type}" is not supported.`, "breakdown_type");
    const groupTypeIndex = type === "group" ? groupTypeIndexOf(filter.breakdown_group_type_index, "breakdown_group_type_index") : undefined;
    if (type === "session" && key !== SESSION_DURATION) throw unsupportedSessionProperty(key, "breakdown");
    if (type === "hogql") hogqlBreakdownSql(key);
    const attribution = (filter.breakdown_attribution_type ?? "first_touch") as BreakdownAttribution;
    if (!BREAKDOWN_ATTRIBUTIONS.includes(attribution))
      throw validationError(
        `"${attribution}" is not a valid choice for breakdown_attribution_type. Choose from: ${BREAKDOWN_ATTRIBUTIONS.join(", ")}.`,
        "breakdown_attribution_type",
      );
    const step = attribution === "step" ? attributionStep(filter.breakdown_attribution_value, steps.length, orderType) : 0;
    const limit = filter.breakdown_limit ?? 10;
    if (limit < 1) throw validationError("breakdown_limit must be at least 1.", "breakdown_limit");
    if (limit > MAX_BREAKDOWN_LIMIT)
      throw validationError(`Ensure this value is less than or equal to ${MAX_BREAKDOWN_LIMIT}.`, "breakdown_limit", "max_value");
    breakdown = { key, type, groupTypeIndex, attribution, step, limit, asList };
  }

  const n = steps.length;
  // PostHog's `funnel_from_step or 0`, `funnel_to_step or n - 1`.
  const fromStep = filter.funnel_from_step || 0;
  const toStep = filter.funnel_to_step || Math.max(n - 1, 0);
  if (vizType === "time_to_convert" && n > 0) {
    if (!(toStep > 0 && toStep < n))
      throw validationError(
        `Filter parameter funnel_to_step can only be one of ${Array.from({ length: n - 1 }, (_, i) => i + 1).join(", ")} for time to convert!`,
      );
    if (fromStep < 0 || fromStep >= toStep)
      throw validationError("funnel_from_step must be a step before funnel_to_step.", "funnel_from_step");
  }
  if (filter.compare && vizType === "time_to_convert")
    throw validationError("compare is not supported with funnel_viz_type time_to_convert.", "compare");
  if (vizType === "trends" && n > 0 && (fromStep < 0 || toStep >= n || fromStep >= toStep) && n > 1)
    throw validationError("funnel_from_step and funnel_to_step must be steps of the funnel, from before to.", "funnel_to_step");

  return {
    teamId: project.id,
    personOverrides: await hasPendingOverrides(project.id),
    timezone,
    steps,
    exclusions,
    orderType,
    vizType,
    window: windowOf(filter),
    ...rangeFields(range),
    properties,
    aggregationGroupTypeIndex,
    globalPropertiesSql: null,
    breakdown,
    fromStep,
    toStep,
    compare: filter.compare ?? false,
    binCount: typeof filter.bin_count === "number" ? Math.min(90, Math.max(1, filter.bin_count)) : null,
  };
}

/** The 0-based step of `step` attribution: one of the funnel's steps, and only the first in an unordered funnel (PostHog's 400). */
function attributionStep(value: number | undefined, n: number, orderType: FunnelOrderType): number {
  if (orderType === "unordered" && value !== 0)
    throw validationError("Only the first step can be used for breakdown attribution in unordered funnels", "breakdown_attribution_value");
  if (value === undefined || !Number.isInteger(value) || value < 0 || value >= Math.max(n, 1))
    throw validationError(
      `breakdown_attribution_value must be the index of a funnel step (0 to ${Math.max(n - 1, 0)}) with breakdown_attribution_type "step".`,
      "breakdown_attribution_value",
    );
  return value;
}

/** The funnel's range fields for `range`. */
function rangeFields(range: DateRange): Pick<NormalizedFunnel, "from" | "to" | "fromMicros" | "toMicros" | "interval" | "buckets"> {
  return {
    from: range.from,
    to: range.to,
    fromMicros: micros(range.from),
    toMicros: micros(range.to),
    interval: range.interval,
    buckets: range.buckets,
  };
}

/** The same funnel over the previous period of the same length (compare, S7). */
export function previousPeriod(f: NormalizedFunnel): NormalizedFunnel {
  const range = previousRange({ from: f.from, to: f.to, buckets: f.buckets, interval: f.interval, timezone: f.timezone });
  return { ...f, ...rangeFields(range) };
}
