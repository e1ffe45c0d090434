import { z } from "zod";
import { validationError } from "@/lib/api/errors";
import { PERSON_PROPERTIES } from "./persons";

/** PostHog's property filters (flat list or nested AND/OR groups) as ClickHouse SQL. */

export const OPERATORS = [
  "exact",
  "is_not",
  "icontains",
  "not_icontains",
  "regex",
  "not_regex",
  "gt",
  "gte",
  "lt",
  "lte",
  "is_set",
  "is_not_set",
  "is_date_exact",
  "is_date_before",
  "is_date_after",
] as const;
export type Operator = (typeof OPERATORS)[number];

/** Property types this engine evaluates; others answer 400 (not silently ignored). */
export const PROPERTY_TYPES = ["event", "person"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export interface PropertyFilter {
  key: string;
  value?: unknown;
  operator: Operator;
  type: PropertyType;
}
export interface PropertyGroup {
  type: "AND" | "OR";
  values: (PropertyGroup | PropertyFilter)[];
}

const ZScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ZPropertyFilter = z.object({
  key: z.string().min(1),
  value: z.union([ZScalar, z.array(ZScalar)]).optional(),
  operator: z.enum(OPERATORS).nullish().transform((o) => o ?? "exact"),
  type: z.enum(PROPERTY_TYPES).nullish().transform((t) => t ?? "event"),
}).loose();

export const ZPropertyGroup: z.ZodType<PropertyGroup> = z.lazy(() =>
  z.object({
    type: z.enum(["AND", "OR"]),
    values: z.array(z.union([ZPropertyGroup, ZPropertyFilter])),
  }),
) as z.ZodType<PropertyGroup>;

/** GET query params carry JSON as text. */
const jsonText = (value: unknown) => {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return [];
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/**
 * `properties` of a filter or an entity: a flat list (AND), a group `{type, values}`, or their JSON text;
 * always normalized to a group.
 */
export const ZProperties = z.preprocess(
  jsonText,
  z
    .union([z.array(z.union([ZPropertyGroup, ZPropertyFilter])), ZPropertyGroup, z.null()])
    .optional()
    .transform((p): PropertyGroup => {
      if (!p) return { type: "AND", values: [] };
      if (Array.isArray(p)) return { type: "AND", values: p as PropertyGroup["values"] };
      return p;
    }),
);

export const isGroup = (p: PropertyGroup | PropertyFilter): p is PropertyGroup =>
  "values" in p && Array.isArray((p as PropertyGroup).values) && (p.type === "AND" || p.type === "OR");

/** Every leaf filter of a group. */
export function leafFilters(group: PropertyGroup): PropertyFilter[] {
  return group.values.flatMap((v) => (isGroup(v) ? leafFilters(v) : [v]));
}

export const usesPersonProperties = (group: PropertyGroup) => leafFilters(group).some((f) => f.type === "person");

/** Named ClickHouse query parameters collected while building SQL. */
export class SqlParams {
  readonly values: Record<string, unknown> = {};
  private n = 0;
  constructor(initial: Record<string, unknown> = {}) {
    Object.assign(this.values, initial);
  }
  /** A placeholder for `value`: `{p3:String}`. */
  add(value: unknown, type: string): string {
    const name = `p${this.n++}`;
    this.values[name] = value;
    return `{${name}:${type}}`;
  }
}

/** The JSON column each property type reads. */
export interface PropertyColumns {
  event: string;
  person: string;
}

/**
 * The value of property `key` of JSON column `column` as text: strings as themselves, other JSON values as
 * their JSON text (`5`, `true`), '' when missing.
 */
export function propertyValueSql(column: string, keyPlaceholder: string): string {
  return `if(JSONType(${column}, ${keyPlaceholder}) = 'String', JSONExtractString(${column}, ${keyPlaceholder}), JSONExtractRaw(${column}, ${keyPlaceholder}))`;
}

/** Event properties the events table keeps as materialized columns (clickhouse/migrations/0001). */
const MATERIALIZED_EVENT_COLUMNS: Record<string, string> = {
  $browser: "e.mat_browser",
  $os: "e.mat_os",
  $current_url: "e.mat_current_url",
  $pathname: "e.mat_pathname",
  $host: "e.mat_host",
  $device_type: "e.mat_device_type",
  $referring_domain: "e.mat_referring_domain",
  $session_id: "e.mat_session_id",
};

/**
 * A breakdown property's value, with whether the event (or person) has it. Event properties with a materialized
 * column are read from it (measured ~6× faster than parsing JSON at 10M events): a non-empty column value is the
 * property's string itself; only the other rows (missing, empty or non-string values) parse the JSON.
 */
export function breakdownPropertySql(type: "event" | "person", key: string, keyPlaceholder: string): { value: string; has: string } {
  const json = type === "person" ? PERSON_PROPERTIES : "e.properties";
  const value = propertyValueSql(json, keyPlaceholder);
  const has = `JSONHas(${json}, ${keyPlaceholder}) AND JSONType(${json}, ${keyPlaceholder}) != 'Null'`;
  const column = type === "event" ? MATERIALIZED_EVENT_COLUMNS[key] : undefined;
  if (!column) return { value, has };
  return { value: `if(${column} != '', ${column}, ${value})`, has: `(${column} != '' OR (${has}))` };
}

/** A property's value as a number (null when missing or not numeric). */
export function propertyNumberSql(column: string, keyPlaceholder: string): string {
  return `toFloat64OrNull(${propertyValueSql(column, keyPlaceholder)})`;
}

const asText = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function singleValue(filter: PropertyFilter): unknown {
  const v = Array.isArray(filter.value) ? filter.value[0] : filter.value;
  if (v === undefined || v === null)
    throw validationError(`Property filter "${filter.key}" needs a value for operator "${filter.operator}".`, "properties");
  return v;
}

function numberValue(filter: PropertyFilter): number {
  const n = Number(singleValue(filter));
  if (!Number.isFinite(n))
    throw validationError(`Property filter "${filter.key}" needs a numeric value for operator "${filter.operator}".`, "properties");
  return n;
}

/** One filter as a SQL condition. */
export function propertyFilterSql(filter: PropertyFilter, columns: PropertyColumns, params: SqlParams): string {
  const column = filter.type === "person" ? columns.person : columns.event;
  const key = params.add(filter.key, "String");
  const value = propertyValueSql(column, key);
  switch (filter.operator) {
    case "is_set":
      return `JSONHas(${column}, ${key})`;
    case "is_not_set":
      return `NOT JSONHas(${column}, ${key})`;
    case "exact":
    case "is_not": {
      const list = (Array.isArray(filter.value) ? filter.value : [filter.value]).filter((v) => v !== undefined && v !== null);
      if (list.length === 0) throw validationError(`Property filter "${filter.key}" needs a value.`, "properties");
      const condition = `${value} IN ${params.add(list.map(asText), "Array(String)")}`;
      return filter.operator === "exact" ? condition : `NOT (${condition})`;
    }
    case "icontains":
    case "not_icontains": {
      const pattern = params.add(`%${escapeLike(asText(singleValue(filter)))}%`, "String");
      return filter.operator === "icontains" ? `${value} ILIKE ${pattern}` : `NOT (${value} ILIKE ${pattern})`;
    }
    case "regex":
    case "not_regex": {
      const pattern = asText(singleValue(filter));
      const placeholder = params.add(pattern, "String");
      return filter.operator === "regex" ? `match(${value}, ${placeholder})` : `NOT match(${value}, ${placeholder})`;
    }
    case "gt":
    case "gte":
    case "lt":
    case "lte": {
      const op = { gt: ">", gte: ">=", lt: "<", lte: "<=" }[filter.operator];
      return `ifNull(toFloat64OrNull(${value}) ${op} ${params.add(numberValue(filter), "Float64")}, 0)`;
    }
    case "is_date_exact":
    case "is_date_before":
    case "is_date_after": {
      const date = params.add(asText(singleValue(filter)), "String");
      const parsed = `parseDateTime64BestEffortOrNull(${value}, 6, 'UTC')`;
      const target = `parseDateTime64BestEffortOrNull(${date}, 6, 'UTC')`;
      const op = { is_date_exact: "=", is_date_before: "<", is_date_after: ">" }[filter.operator];
      return `ifNull(${parsed} ${op} ${target}, 0)`;
    }
  }
}

/** A group (AND/OR, nested) as a SQL condition; an empty group is `1`. */
export function propertyGroupSql(group: PropertyGroup, columns: PropertyColumns, params: SqlParams): string {
  const parts = group.values
    .map((v) => (isGroup(v) ? propertyGroupSql(v, columns, params) : propertyFilterSql(v, columns, params)))
    .filter((s) => s !== "1");
  if (parts.length === 0) return "1";
  return `(${parts.map((p) => `(${p})`).join(group.type === "OR" ? " OR " : " AND ")})`;
}

/** Validation before building SQL: regexes must compile (RE2 is close enough to JS for a syntax check). */
export function validateProperties(group: PropertyGroup, attr = "properties"): void {
  for (const f of leafFilters(group)) {
    if ((f.operator === "regex" || f.operator === "not_regex") && f.value !== undefined && f.value !== null) {
      try {
        new RegExp(asText(Array.isArray(f.value) ? f.value[0] : f.value));
      } catch {
        throw validationError(`Invalid regular expression for property "${f.key}".`, attr);
      }
    }
  }
}
