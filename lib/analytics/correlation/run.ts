import { randomInt } from "node:crypto";
import { validationError } from "@/lib/api/errors";
import { validateProperties, ZProperties, type PropertyFilter, type PropertyGroup, type SqlParams } from "@/lib/analytics/filters";
import { normalizeFunnel, type NormalizedFunnel } from "@/lib/analytics/funnels/normalize";
import { filterOf } from "@/lib/analytics/request";
import { buildFunnelSql } from "@/lib/analytics/funnels/sql";
import { filterQueryOf } from "@/lib/analytics/funnels/result";
import type { TFunnelFilter } from "@/lib/analytics/funnels/schemas";
import { getAnalysisStore } from "@/lib/analytics/store";
import { rankCorrelations, type ContingencyRow as RankInput } from "./odds";
import {
  CHOSEN_COUNT_SQL,
  chosenPageSql,
  eventActorsCtes,
  eventPropertiesContingencySql,
  eventsContingencySql,
  personPropertiesContingencySql,
  propertyActorsCtes,
  type ActorsPage,
  type ContingencyRow,
  type Population,
} from "./sql";
import {
  CORRELATION_TYPES,
  type CorrelationType,
  type TCorrelationActorsQuery,
  type TCorrelationEvent,
  type TCorrelationFilter,
  type TCorrelationResult,
} from "./schemas";

type Project = { id: number; timezone?: string | null; testAccountFilters: PropertyFilter[] };

export function correlationTypeOf(filter: TCorrelationFilter): CorrelationType {
  const raw = filter.funnel_correlation_type;
  if (raw === undefined || raw === "") return "events";
  if (!(CORRELATION_TYPES as readonly string[]).includes(raw))
    throw validationError(
      `"${raw}" is not a valid choice for funnel_correlation_type. Choose from: ${CORRELATION_TYPES.join(", ")}.`,
      "funnel_correlation_type",
    );
  return raw as CorrelationType;
}

/** The funnel whose persons are compared (always its steps), with the 400s of the funnel and of correlation. */
async function correlatedFunnel(project: Project, filter: TFunnelFilter, now: Date): Promise<NormalizedFunnel> {
  const f = await normalizeFunnel(project, { ...filter, funnel_viz_type: "steps" }, now);
  if (f.steps.length < 2) throw validationError("Funnel correlation needs a funnel of at least two steps.", "events");
  return f;
}

/** PostHog's `funnel_step` (default 1: everyone who entered the funnel). */
function populationOf(f: NormalizedFunnel, funnelStep: unknown): Population {
  const k = typeof funnelStep === "number" ? funnelStep : 1;
  const n = f.steps.length;
  if (!Number.isInteger(k) || k === 0 || k === -1 || Math.abs(k) > n)
    throw validationError(`funnel_step must be 1..${n} or -2..-${n}.`, "funnel_step");
  return { funnelStep: k };
}

interface Row extends RankInput {
  event: string;
  key: string;
  value: string;
}

/** PostHog's `generate_short_id`: 8 random letters and digits. */
function shortId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

/**
 * The persons listing of a row (PostHog's `construct_*_people_url`): the correlation filter plus the row, at
 * `/api/person/funnel/correlation/`, absolute from `baseUri`.
 */
function peopleUrl(baseUri: string, filterQuery: string, type: CorrelationType, row: Row, converted: boolean, cacheKey: string): string {
  const params = new URLSearchParams(filterQuery);
  params.set("funnel_correlation_person_converted", converted ? "true" : "false");
  if (type === "events") {
    params.set("funnel_correlation_person_entity", JSON.stringify({ id: row.event, type: "events" }));
    params.set("cache_invalidation_key", cacheKey);
    return `${baseUri}api/person/funnel/correlation/?${params}`;
  }
  if (type === "event_with_properties") {
    const properties = [{ key: row.key, value: row.value, type: "event", operator: "exact" }];
    params.set("funnel_correlation_person_entity", JSON.stringify({ id: row.event, type: "events", properties }));
    return `${baseUri}api/person/funnel/correlation/?${params}`;
  }
  const values = [{ key: row.key, value: row.value, type: "person", operator: "exact", group_type_index: null }];
  params.set("funnel_correlation_property_values", JSON.stringify(values));
  params.set("cache_invalidation_key", cacheKey);
  return `${baseUri}api/person/funnel/correlation?${params}`;
}

function rowName(type: CorrelationType, row: { event: string; key: string; value: string }): string {
  if (type === "events") return row.event;
  if (type === "properties") return `${row.key}::${row.value}`;
  return `${row.event}::${row.key}::${row.value}`;
}

/** A validated correlation request: its type, funnel, persons compared and the SQL read from the funnel's `final`. */
export interface CorrelationPlan {
  type: CorrelationType;
  f: NormalizedFunnel;
  population: Population;
  tail: (params: SqlParams) => string;
}

/** The correlation to run, or PostHog's 400 for what it refuses. */
export async function planCorrelation(project: Project, filter: TCorrelationFilter, now = new Date()): Promise<CorrelationPlan> {
  const type = correlationTypeOf(filter);
  const f = await correlatedFunnel(project, filter, now);
  const population = populationOf(f, filter.funnel_step);
  if (type === "properties") {
    const names = filter.funnel_correlation_names ?? [];
    if (!names.length) throw validationError("Property Correlation expects atleast one Property to run correlation on");
    return {
      type,
      f,
      population,
      tail: personPropertiesContingencySql(f, population, names, filter.funnel_correlation_exclude_names ?? []),
    };
  }
  if (type === "event_with_properties") {
    const names = filter.funnel_correlation_event_names ?? [];
    if (!names.length) throw validationError("Event Property Correlation expects atleast one event name to run correlation on");
    const excluded = filter.funnel_correlation_event_exclude_property_names ?? [];
    return { type, f, population, tail: eventPropertiesContingencySql(f, population, names, excluded) };
  }
  return { type, f, population, tail: eventsContingencySql(f, population, filter.funnel_correlation_exclude_event_names ?? []) };
}

/**
 * PostHog's funnel correlation (`result` of `insights/funnel/correlation/`): events, person property values or
 * event property values, by how much more (or less) likely the persons having them completed the funnel.
 * `baseUri` (`https://host/`) starts the persons URLs.
 */
export async function runCorrelation(
  project: Project,
  filter: TCorrelationFilter,
  baseUri: string,
  now = new Date(),
): Promise<TCorrelationResult> {
  const { type, f, population, tail } = await planCorrelation(project, filter, now);
  const { sql, params } = buildFunnelSql(f, tail, { attemptBounds: true });
  const store = await getAnalysisStore(project.id);
  const result = await store.query<ContingencyRow>(sql, params);

  const totalsRow = result.find((r) => Number(r.is_total) === 1);
  const totals = { success: Number(totalsRow?.success_count ?? 0), failure: Number(totalsRow?.failure_count ?? 0) };
  const rows: Row[] = result
    .filter((r) => Number(r.is_total) !== 1)
    .map((r) => ({
      event: r.event,
      key: r.key,
      value: r.value,
      name: rowName(type, r),
      visited: { success: Number(r.success_count), failure: Number(r.failure_count) },
    }));
  const { ranked, skewed } = rankCorrelations(rows, totals);

  const raw = filterOf(filter);
  const filterQuery = filterQueryOf(f, { funnel_step: population.funnelStep, ...raw });
  const events = ranked.map(({ row, oddsRatio, correlationType }): TCorrelationEvent => {
    const cacheKey = shortId();
    return {
      success_count: row.visited.success,
      success_people_url: peopleUrl(baseUri, filterQuery, type, row, true, cacheKey),
      failure_count: row.visited.failure,
      failure_people_url: peopleUrl(baseUri, filterQuery, type, row, false, cacheKey),
      odds_ratio: oddsRatio,
      correlation_type: correlationType,
      event: { event: row.name, properties: {}, elements: [] },
    };
  });
  return { events, skewed };
}

function parsedProperties(value: unknown, attr: string): PropertyGroup {
  const parsed = ZProperties.safeParse(value);
  if (!parsed.success) throw validationError("Invalid property filter.", attr);
  validateProperties(parsed.data, attr);
  return parsed.data;
}

/**
 * The person ids behind a correlation row (`/api/person/funnel/correlation/`): for events, the compared persons
 * who did the row's event among their counted events; for a person property value, the funnel's persons with
 * that value. Ordered by person id.
 */
export async function correlationActorIds(
  project: Project,
  query: TCorrelationActorsQuery,
  page: ActorsPage,
  now = new Date(),
): Promise<{ ids: string[]; total: number }> {
  const {
    funnel_correlation_person_entity: entity,
    funnel_correlation_property_values: values,
    funnel_correlation_person_converted: converted,
    ...filter
  } = query;
  const type = correlationTypeOf(filter);
  let f: NormalizedFunnel;
  let chosen: (params: SqlParams) => string;
  if (type === "properties") {
    if (!values?.length) throw validationError("Property Correlation expects atleast one Property to get persons for");
    const withValue = parsedProperties(values, "funnel_correlation_property_values");
    // Filtering the funnel's events by the persons' property keeps only the persons having it.
    const properties: PropertyGroup = { type: "AND", values: [parsedProperties(filter.properties, "properties"), withValue] };
    f = await correlatedFunnel(project, { ...filter, properties }, now);
    chosen = propertyActorsCtes(f, populationOf(f, filter.funnel_step), converted);
  } else {
    if (!entity) throw validationError("No entity for persons specified");
    const properties = parsedProperties(entity.properties, "funnel_correlation_person_entity");
    f = await correlatedFunnel(project, filter, now);
    chosen = eventActorsCtes(f, populationOf(f, filter.funnel_step), entity.id, properties, converted);
  }
  const store = await getAnalysisStore(project.id);
  const paged = buildFunnelSql(f, (params) => `${chosen(params)}\n${chosenPageSql(params, page)}`, { attemptBounds: true });
  const rows = await store.query<{ person: string; total: string | number }>(paged.sql, paged.params);
  let total = rows.length ? Number(rows[0].total) : 0;
  // A page past the end has no row to carry the total.
  if (!rows.length && page.offset > 0) {
    const counted = buildFunnelSql(f, (params) => `${chosen(params)}\n${CHOSEN_COUNT_SQL}`, { attemptBounds: true });
    const [c] = await store.query<{ total: string | number }>(counted.sql, counted.params);
    total = Number(c?.total ?? 0);
  }
  return { ids: rows.map((r) => r.person), total };
}
