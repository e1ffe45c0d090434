// What each kind of property filter offers and needs: its operators, whether it is complete, how it starts.

export type PropertyKind = "event" | "person" | "element" | "session" | "cohort" | "group" | "hogql";

/** One property filter as the legacy filter writes it. */
export interface PropertyFilterValue {
  key: string;
  value?: unknown;
  operator?: string;
  type: PropertyKind;
  /** Group filters: the group type whose properties are read. */
  group_type_index?: number;
}

/** A property as a picker hands it over: a cohort carries its id in `value`, a group property its type's index. */
export interface PickedProperty {
  key: string;
  type: PropertyKind;
  group_type_index?: number;
  value?: number;
}

/** The kinds the analyses take as filters, and as breakdowns. Lists of events and persons take event and person properties only. */
export const ANALYSIS_FILTER_KINDS: PropertyKind[] = ["event", "person", "element", "session", "cohort", "group", "hogql"];
export const ANALYSIS_BREAKDOWN_KINDS: PropertyKind[] = ["event", "person", "session", "cohort", "group", "hogql"];

export const OPERATOR_LABELS: Record<string, string> = {
  exact: "equals",
  is_not: "doesn't equal",
  icontains: "contains",
  not_icontains: "doesn't contain",
  regex: "matches regex",
  not_regex: "doesn't match regex",
  gt: "greater than",
  gte: "at least",
  lt: "less than",
  lte: "at most",
  is_set: "is set",
  is_not_set: "is not set",
  is_date_exact: "is on date",
  is_date_before: "is before date",
  is_date_after: "is after date",
  in: "in cohort",
  not_in: "not in cohort",
};
export const VALUELESS = new Set(["is_set", "is_not_set"]);
/** Operators PostHog writes as a list of values (any of them). */
const LIST_OPERATORS = new Set(["exact", "is_not"]);

const PROPERTY_OPERATORS = Object.keys(OPERATOR_LABELS).filter((operator) => operator !== "in" && operator !== "not_in");

/** The operators a filter may take: session duration compares numbers, elements match text, cohorts are in or not. */
export function operatorsFor(filter: Pick<PropertyFilterValue, "type" | "key">): string[] {
  switch (filter.type) {
    case "cohort":
      return ["in", "not_in"];
    case "session":
      return ["gt", "gte", "lt", "lte", "exact"];
    case "element":
      return filter.key === "tag_name" || filter.key === "selector" ? ["exact", "is_not"] : ["exact", "is_not", "icontains", "regex"];
    case "hogql":
      return [];
    default:
      return PROPERTY_OPERATORS;
  }
}

/** A new filter of a picked property: a cohort filter is whole at once, a HogQL one waits for its expression. */
export function newFilter(picked: PickedProperty): PropertyFilterValue {
  if (picked.type === "cohort") return { type: "cohort", key: "id", value: picked.value, operator: "in" };
  if (picked.type === "hogql") return { type: "hogql", key: "" };
  const start = picked.type === "session" ? "gt" : "exact";
  return { key: picked.key, type: picked.type, operator: start, value: LIST_OPERATORS.has(start) ? [] : undefined, ...groupIndex(picked) };
}

const groupIndex = (picked: Pick<PickedProperty, "group_type_index">) =>
  picked.group_type_index === undefined ? {} : { group_type_index: picked.group_type_index };

/** A filter whose property changed: the same operator when the new kind takes it, else the kind's first. */
export function withProperty(filter: PropertyFilterValue, picked: PickedProperty): PropertyFilterValue {
  if (picked.type === "cohort" || picked.type === "hogql" || picked.type !== filter.type) return newFilter(picked);
  const operators = operatorsFor(picked);
  const operator = filter.operator && operators.includes(filter.operator) ? filter.operator : operators[0];
  const { group_type_index: _index, ...rest } = filter;
  return { ...rest, key: picked.key, operator, value: LIST_OPERATORS.has(operator) ? [] : undefined, ...groupIndex(picked) };
}

const scalar = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** A filter with another operator, its value kept (as a list or a single value, as the operator wants it). */
export function withOperator(filter: PropertyFilterValue, operator: string): PropertyFilterValue {
  if (filter.type === "cohort") return { ...filter, operator };
  const value = VALUELESS.has(operator)
    ? undefined
    : LIST_OPERATORS.has(operator)
      ? [scalar(filter.value)].filter((v) => v !== undefined)
      : scalar(filter.value);
  return { ...filter, operator, value };
}

/** A filter with a typed value: a number for session duration, a list for list operators. */
export function withValue(filter: PropertyFilterValue, text: string): PropertyFilterValue {
  const value = filter.type === "session" && text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
  return { ...filter, value: LIST_OPERATORS.has(filter.operator ?? "") ? [value] : value };
}

/** The value a row shows (a list shows its first). */
export const shownValue = (filter: PropertyFilterValue) => scalar(filter.value);

/** Whether a filter can be sent: those still being written (no value, no expression, no cohort) are not sent half-made. */
export function isComplete(filter: PropertyFilterValue): boolean {
  if (filter.type === "hogql") return filter.key.trim() !== "";
  if (filter.type === "cohort") return typeof filter.value === "number" && filter.value > 0;
  if (VALUELESS.has(filter.operator ?? "")) return true;
  const value = scalar(filter.value);
  return value !== undefined && value !== null && value !== "";
}

/** A picked property as a picker's option value: `kind:key`, `group:N:key`, `cohort:id`, `hogql:`. */
export function optionValue(picked: PickedProperty): string {
  if (picked.type === "cohort") return `cohort:${picked.value}`;
  if (picked.type === "hogql") return "hogql:";
  if (picked.type === "group") return `group:${picked.group_type_index}:${picked.key}`;
  return `${picked.type}:${picked.key}`;
}

export function pickedOf(option: string): PickedProperty {
  const [type, ...rest] = option.split(":");
  if (type === "cohort") return { type, key: "id", value: Number(rest[0]) };
  if (type === "group") return { type, key: rest.slice(1).join(":"), group_type_index: Number(rest[0]) };
  return { type: type as PropertyKind, key: rest.join(":") };
}

export const ELEMENT_KEYS: Record<string, string> = {
  text: "Text",
  href: "Link target (href)",
  tag_name: "Tag name",
  selector: "CSS selector",
};
export const SESSION_DURATION = "$session_duration";

/** A breakdown as the legacy filter writes it. */
export interface BreakdownValue {
  breakdown?: unknown;
  breakdown_type?: string | null;
  breakdown_group_type_index?: unknown;
}
export type BreakdownPatch = {
  breakdown: string | number[] | undefined;
  breakdown_type: string | undefined;
  breakdown_group_type_index: number | undefined;
};

/** The property a breakdown is by (a cohort breakdown by its first cohort), or null for none. */
export function breakdownProperty({
  breakdown,
  breakdown_type: type,
  breakdown_group_type_index: index,
}: BreakdownValue): PickedProperty | null {
  const first = Array.isArray(breakdown) ? breakdown[0] : breakdown;
  if (first === undefined || first === null || first === "") return null;
  if (type === "cohort") return { type: "cohort", key: "id", value: Number(first) };
  if (type === "group") return { type: "group", key: String(first), group_type_index: Number(index ?? 0) };
  const kind = (["person", "session", "hogql"] as const).find((candidate) => candidate === type) ?? "event";
  return { type: kind, key: String(first) };
}

/** The filter's breakdown keys for a picked property (all three, so a previous group type index goes away). */
export function breakdownPatch(picked: PickedProperty | null): BreakdownPatch {
  if (!picked) return { breakdown: undefined, breakdown_type: undefined, breakdown_group_type_index: undefined };
  if (picked.type === "cohort") return { breakdown: [picked.value ?? 0], breakdown_type: "cohort", breakdown_group_type_index: undefined };
  return {
    breakdown: picked.key,
    breakdown_type: picked.type,
    breakdown_group_type_index: picked.type === "group" ? picked.group_type_index : undefined,
  };
}
