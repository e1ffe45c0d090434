import { z } from "zod";

// A cohort as the browser reads it (`/api/projects/:id/cohorts/`), and its criteria as the builder edits them:
// PostHog's `filters.properties`, an outer AND/OR of groups, each an AND/OR of criteria.

export type Junction = "AND" | "OR";

export const TIME_INTERVALS = ["day", "week", "month", "year"] as const;

export type TimeInterval = (typeof TIME_INTERVALS)[number];

export const COUNT_OPERATORS = ["gte", "lte", "gt", "lt", "eq"] as const;

export type CountOperator = (typeof COUNT_OPERATORS)[number];

export interface PersonCriterion {
  type: "person";
  key: string;
  operator: string;
  value?: unknown;
}

export interface BehavioralCriterion {
  type: "behavioral";
  value: "performed_event" | "performed_event_multiple";
  key: string;
  event_type: "events";
  time_value: number;
  time_interval: TimeInterval;
  operator?: CountOperator;
  operator_value?: number;
  negation?: boolean;
}

interface CohortCriterion {
  type: "cohort";
  key: "id";
  value: number;
  negation?: boolean;
}

export type Criterion = PersonCriterion | BehavioralCriterion | CohortCriterion;

interface CriteriaGroup {
  type: Junction;
  values: Criterion[];
}

export interface CohortCriteria {
  type: Junction;
  values: CriteriaGroup[];
}

export interface TCohort {
  id: number;
  name: string;
  description?: string | null;
  filters?: { properties?: unknown } | null;
  is_static: boolean;
  is_calculating: boolean;
  count: number | null;
  deleted?: boolean;
  created_at: string;
  last_calculation?: string | null;
  errors_calculating?: number;
  created_by?: { first_name?: string; email?: string } | null;
}

const junction = (value: unknown): Junction => (value === "OR" ? "OR" : "AND");

const isGroup = (value: unknown): value is { type?: unknown; values: unknown[] } =>
  !!value && typeof value === "object" && Array.isArray((value as { values?: unknown }).values);

const isCriterion = (value: unknown): value is Criterion =>
  !!value && typeof value === "object" && ["person", "behavioral", "cohort"].includes((value as { type?: unknown }).type as string);

/** Any stored `filters.properties` as two levels of groups; criteria nested deeper stay in their top group. */
export function toCriteria(properties: unknown): CohortCriteria {
  const leaves = (value: unknown): Criterion[] => (isCriterion(value) ? [value] : isGroup(value) ? value.values.flatMap(leaves) : []);
  if (!isGroup(properties)) return { type: "AND", values: [] };
  if (properties.values.every(isCriterion))
    return { type: "AND", values: [{ type: junction(properties.type), values: properties.values as Criterion[] }] };
  return {
    type: junction(properties.type),
    values: properties.values.map((value) =>
      isGroup(value) ? { type: junction(value.type), values: value.values.flatMap(leaves) } : { type: "AND", values: leaves(value) },
    ),
  };
}

/** The criteria as the API takes them: groups without criteria left out (an empty group would match everyone). */
export const fromCriteria = (criteria: CohortCriteria): CohortCriteria => ({
  type: criteria.type,
  values: criteria.values.filter((group) => group.values.length),
});

export type CriterionKind = "person" | "behavioral" | "cohort";

/** A criterion as it starts when added: a person property to choose, an event done in the last 30 days, a cohort to choose. */
export function newCriterion(kind: CriterionKind): Criterion {
  if (kind === "person") return { type: "person", key: "", operator: "exact", value: undefined };
  if (kind === "cohort") return { type: "cohort", key: "id", value: 0 };
  return { type: "behavioral", value: "performed_event", key: "", event_type: "events", time_value: 30, time_interval: "day" };
}

/** "Performed N times" is `performed_event_multiple` with a count comparison; back to once drops the comparison. */
export function withMultiple(criterion: BehavioralCriterion, multiple: boolean): BehavioralCriterion {
  if (!multiple) {
    const { operator: _operator, operator_value: _value, ...rest } = criterion;
    return { ...rest, value: "performed_event" };
  }
  return {
    ...criterion,
    value: "performed_event_multiple",
    operator: criterion.operator ?? "gte",
    operator_value: criterion.operator_value ?? 1,
  };
}

// The tree edits the builder makes, each returning a new tree.
type Path = { group: number; index?: number };

export const addGroup = (criteria: CohortCriteria, kind: CriterionKind = "person"): CohortCriteria => ({
  ...criteria,
  values: [...criteria.values, { type: "AND", values: [newCriterion(kind)] }],
});

export const removeGroup = (criteria: CohortCriteria, group: number): CohortCriteria => ({
  ...criteria,
  values: criteria.values.filter((_, i) => i !== group),
});

export const setGroupJunction = (criteria: CohortCriteria, group: number, type: Junction): CohortCriteria => ({
  ...criteria,
  values: criteria.values.map((g, i) => (i === group ? { ...g, type } : g)),
});

const editGroup = (criteria: CohortCriteria, group: number, edit: (values: Criterion[]) => Criterion[]): CohortCriteria => ({
  ...criteria,
  values: criteria.values.map((g, i) => (i === group ? { ...g, values: edit(g.values) } : g)),
});

export const addCriterion = (criteria: CohortCriteria, group: number, kind: CriterionKind) =>
  editGroup(criteria, group, (values) => [...values, newCriterion(kind)]);

export const replaceCriterion = (criteria: CohortCriteria, { group, index }: Required<Path>, next: Criterion) =>
  editGroup(criteria, group, (values) => values.map((c, i) => (i === index ? next : c)));

/** Removing a group's last criterion removes the group. */
export function removeCriterion(criteria: CohortCriteria, { group, index }: Required<Path>): CohortCriteria {
  const edited = editGroup(criteria, group, (values) => values.filter((_, i) => i !== index));
  return edited.values[group]?.values.length ? edited : removeGroup(edited, group);
}

const VALUELESS = ["is_set", "is_not_set"];

const ZPerson = z
  .object({ type: z.literal("person"), key: z.string().min(1, "Choose a property."), operator: z.string(), value: z.unknown().optional() })
  .refine((c) => VALUELESS.includes(c.operator) || [c.value].flat().some((v) => v !== undefined && v !== null && v !== ""), {
    message: "Enter a value.",
    path: ["value"],
  });

const ZBehavioral = z.object({
  type: z.literal("behavioral"),
  value: z.enum(["performed_event", "performed_event_multiple"]),
  key: z.string().min(1, "Choose an event."),
  event_type: z.literal("events"),
  time_value: z
    .number({ message: "Enter a number of periods." })
    .int("Enter a whole number.")
    .min(1, "At least 1.")
    .max(10_000, "At most 10000."),
  time_interval: z.enum(TIME_INTERVALS),
  operator: z.enum(COUNT_OPERATORS).optional(),
  operator_value: z.number({ message: "Enter a count." }).int("Enter a whole number.").min(0, "At least 0.").optional(),
  negation: z.boolean().optional(),
});

const ZCohortRef = z.object({
  type: z.literal("cohort"),
  key: z.literal("id"),
  value: z.number().int().positive("Choose a cohort."),
  negation: z.boolean().optional(),
});

/** The cohort form: a name and, for a dynamic cohort, at least one complete criterion. */
export const ZCohortForm = z.object({
  name: z.string().trim().min(1, "Name the cohort.").max(400, "At most 400 characters."),
  description: z.string().max(1_000, "At most 1000 characters."),
  criteria: z
    .object({
      type: z.enum(["AND", "OR"]),
      values: z.array(
        z.object({ type: z.enum(["AND", "OR"]), values: z.array(z.discriminatedUnion("type", [ZPerson, ZBehavioral, ZCohortRef])) }),
      ),
    })
    .refine((c) => c.values.some((group) => group.values.length), { message: "Add at least one criterion." }),
});

export type TCohortForm = z.input<typeof ZCohortForm>;

/** A CSV of one `distinct_id` column (the static cohort upload), values quoted where CSV needs it. */
export function distinctIdsCsv(distinctIds: readonly string[]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return ["distinct_id", ...distinctIds.map(cell)].join("\n") + "\n";
}

/** A static cohort's form: a name and a CSV file of ids (at most 50 MB). */
export const ZStaticCohortForm = z.object({
  name: z.string().trim().min(1, "Name the cohort.").max(400, "At most 400 characters."),
  csv: z
    .custom<File>((value) => typeof File !== "undefined" && value instanceof File, "Choose a CSV file.")
    .refine((file) => file.size > 0, "The file is empty.")
    .refine((file) => file.size <= 50 * 1024 * 1024, "The file is larger than 50 MB."),
});

export type TStaticCohortForm = z.input<typeof ZStaticCohortForm>;
