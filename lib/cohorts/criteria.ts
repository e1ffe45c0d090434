import { OPERATORS, type Operator } from "@/lib/analytics/filters/properties";
import { cohortIdOf } from "@/lib/analytics/filters/cohorts";
import { regexProblem } from "@/lib/analytics/filters/regex";
import { validationError } from "@/lib/api/errors";

/**
 * A dynamic cohort's `filters` (segments G5–G8): `{properties: GROUP}`, GROUP = `{type: AND|OR, values: [GROUP |
 * criterion]}`, read into the shapes below with PostHog-style 400s (attr `filters`) for what cannot be computed.
 */

/** Bounds on what a cohort's filters may ask for. */
const MAX_CRITERIA = 100;
const MAX_DEPTH = 5;
const MAX_TIME_VALUE = 10_000;

const TIME_INTERVALS = ["day", "week", "month", "year"] as const;
const COUNT_OPERATORS = ["gte", "lte", "gt", "lt", "eq"] as const;
type CountOperator = (typeof COUNT_OPERATORS)[number];

interface PersonCriterion {
  type: "person";
  key: string;
  operator: Operator;
  value?: unknown;
}
export interface BehavioralCriterion {
  type: "behavioral";
  /** The event's name. */
  key: string;
  value: "performed_event" | "performed_event_multiple";
  time_value: number;
  time_interval: (typeof TIME_INTERVALS)[number];
  /** performed_event_multiple: how the count compares with `operator_value` (performed_event: at least once). */
  operator: CountOperator;
  operator_value: number;
  negation: boolean;
}
interface CohortCriterion {
  type: "cohort";
  value: number;
  negation: boolean;
}
export type Criterion = PersonCriterion | BehavioralCriterion | CohortCriterion;
export interface CriteriaGroup {
  type: "AND" | "OR";
  values: (CriteriaGroup | Criterion)[];
}

export const isCriteriaGroup = (v: CriteriaGroup | Criterion): v is CriteriaGroup => v.type === "AND" || v.type === "OR";

const invalid = (detail: string) => validationError(detail, "filters");
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function positiveInt(raw: unknown, name: string, max: number, min = 1): number {
  const n = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > max)
    throw invalid(`"${name}" must be a whole number from ${min} to ${max}.`);
  return n;
}

/** A regex criterion's pattern(s) must be ones ClickHouse (RE2) can run: refused now, not at calculation. */
function checkRegex(operator: Operator, value: unknown, attr: string) {
  if (operator !== "regex" && operator !== "not_regex") return;
  for (const pattern of Array.isArray(value) ? value : [value]) {
    const problem = typeof pattern === "string" ? regexProblem(pattern) : "the pattern must be text";
    if (problem)
      throw validationError(
        `Invalid regular expression ${JSON.stringify(String(pattern).slice(0, 100))}: ${problem}.`,
        attr,
        "invalid_regex",
      );
  }
}

function personCriterion(raw: Record<string, unknown>, attr: string): PersonCriterion {
  const missing = ["key", "operator"].filter((k) => raw[k] === undefined || raw[k] === null || raw[k] === "");
  if (missing.length) throw invalid(`Missing required keys for person filter: ${missing.join(", ")}.`);
  if (typeof raw.key !== "string" || raw.key.length > 400)
    throw invalid("A person filter's key must be a property name (at most 400 characters).");
  if (!(OPERATORS as readonly unknown[]).includes(raw.operator))
    throw invalid(`"${String(raw.operator).slice(0, 50)}" is not a valid operator.`);
  const operator = raw.operator as Operator;
  if (operator !== "is_set" && operator !== "is_not_set" && (raw.value === undefined || raw.value === null))
    throw invalid(`Missing required keys for person filter: value.`);
  checkRegex(operator, raw.value, attr);
  return { type: "person", key: raw.key, operator, value: raw.value };
}

function behavioralCriterion(raw: Record<string, unknown>): BehavioralCriterion {
  if (raw.value !== "performed_event" && raw.value !== "performed_event_multiple")
    throw invalid(
      `Behavioral filter "${String(raw.value).slice(0, 50)}" is not supported: use performed_event or performed_event_multiple.`,
    );
  if (raw.event_type !== undefined && raw.event_type !== null && raw.event_type !== "events")
    throw invalid('Behavioral filters match events by name: "event_type" must be "events".');
  if (typeof raw.key !== "string" || raw.key === "" || raw.key.length > 400)
    throw invalid("A behavioral filter's key must be an event name.");
  const time_value = positiveInt(raw.time_value, "time_value", MAX_TIME_VALUE);
  if (!(TIME_INTERVALS as readonly unknown[]).includes(raw.time_interval))
    throw invalid(`"time_interval" must be one of ${TIME_INTERVALS.join(", ")}.`);
  let operator: CountOperator = "gte";
  let operator_value = 1;
  if (raw.value === "performed_event_multiple") {
    const op = raw.operator === "exact" ? "eq" : raw.operator;
    if (!(COUNT_OPERATORS as readonly unknown[]).includes(op)) throw invalid(`"operator" must be one of ${COUNT_OPERATORS.join(", ")}.`);
    operator = op as CountOperator;
    operator_value = positiveInt(raw.operator_value, "operator_value", 1_000_000, 0);
  }
  return {
    type: "behavioral",
    key: raw.key,
    value: raw.value,
    time_value,
    time_interval: raw.time_interval as BehavioralCriterion["time_interval"],
    operator,
    operator_value,
    negation: raw.negation === true,
  };
}

function criterion(raw: Record<string, unknown>, attr: string): Criterion {
  switch (raw.type) {
    case "person":
      return personCriterion(raw, attr);
    case "behavioral":
      return behavioralCriterion(raw);
    case "cohort": {
      const negated = raw.negation === true || raw.operator === "not_in";
      return { type: "cohort", value: cohortIdOf(raw.value, "filters"), negation: negated };
    }
    default:
      throw invalid(`Criterion type "${String(raw.type).slice(0, 50)}" is not supported: use person, behavioral or cohort.`);
  }
}

/** The cohort's criteria, or the first 400 they deserve. */
export function parseCriteria(filters: unknown): CriteriaGroup {
  if (!isObject(filters) || !isObject(filters.properties))
    throw invalid('A dynamic cohort needs "filters": {"properties": {"type": "AND"|"OR", "values": [...]}}.');
  let count = 0;
  // attr of a criterion: its path in the body (`filters.properties.values.0.values.1`).
  const group = (raw: Record<string, unknown>, depth: number, path: string): CriteriaGroup => {
    if (depth > MAX_DEPTH) throw validationError(`Cohort filters may nest at most ${MAX_DEPTH} groups deep.`, "filters", "max_depth");
    if ((raw.type !== "AND" && raw.type !== "OR") || !Array.isArray(raw.values))
      throw invalid('A group of criteria is {"type": "AND"|"OR", "values": [...]}.');
    const values = raw.values.map((v, i) => {
      if (!isObject(v)) throw invalid("Each value of a group is a group or a criterion.");
      if (v.type === "AND" || v.type === "OR") return group(v, depth + 1, `${path}.values.${i}`);
      count += 1;
      if (count > MAX_CRITERIA) throw validationError(`A cohort may have at most ${MAX_CRITERIA} criteria.`, "filters", "max_length");
      return criterion(v, `${path}.values.${i}`);
    });
    return { type: raw.type, values };
  };
  const parsed = group(filters.properties, 1, "filters.properties");
  if (count === 0) throw invalid("A dynamic cohort needs at least one criterion.");
  return parsed;
}

/** The cohorts a group's cohort criteria reference. */
export function referencedCohorts(group: CriteriaGroup): number[] {
  return group.values.flatMap((v) => (isCriteriaGroup(v) ? referencedCohorts(v) : v.type === "cohort" ? [v.value] : []));
}
