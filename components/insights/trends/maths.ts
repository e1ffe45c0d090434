import type { ComboboxOption } from "@/components/ui/combobox";
import { ACTOR_MATHS, COUNTING_MATHS, PROPERTY_MATHS, type TrendMath } from "@/lib/analytics/trends/constants";

/** Every math the trend API computes, named, grouped and described as PostHog's math picker (mathsLogic.tsx). */
const MATH_TEXT: Record<TrendMath, { label: string; description: string }> = {
  total: { label: "Total count", description: "Every time the event was performed. Example: 3 pageviews by one user count 3." },
  dau: { label: "Unique users", description: "Users who performed the event in each interval. Example: 3 pageviews by one user count 1." },
  weekly_active: { label: "Weekly active users", description: "Users active in the 7 days up to each point (WAU)." },
  monthly_active: { label: "Monthly active users", description: "Users active in the 30 days up to each point (MAU)." },
  unique_session: { label: "Unique sessions", description: "Sessions in which the event happened ($session_id)." },
  sum: { label: "Property sum", description: "The sum of a numeric property. Example: revenue of purchases." },
  avg: { label: "Property average", description: "The mean of a numeric property." },
  min: { label: "Property minimum", description: "The smallest value of a numeric property." },
  max: { label: "Property maximum", description: "The largest value of a numeric property." },
  median: { label: "Property median", description: "The middle value of a numeric property." },
  p90: { label: "Property 90th percentile", description: "90% of the property's values are below this." },
  p95: { label: "Property 95th percentile", description: "95% of the property's values are below this." },
  p99: { label: "Property 99th percentile", description: "99% of the property's values are below this." },
  avg_count_per_actor: { label: "Average count per user", description: "How many times each active user did it, on average." },
  min_count_per_actor: { label: "Minimum count per user", description: "The fewest times an active user did it." },
  max_count_per_actor: { label: "Maximum count per user", description: "The most times one user did it." },
  median_count_per_actor: { label: "Median count per user", description: "The middle count among active users." },
  p90_count_per_actor: { label: "90th percentile count per user", description: "90% of active users did it fewer times." },
  p95_count_per_actor: { label: "95th percentile count per user", description: "95% of active users did it fewer times." },
  p99_count_per_actor: { label: "99th percentile count per user", description: "99% of active users did it fewer times." },
  hogql: { label: "HogQL expression", description: "An aggregate written in HogQL, such as sum(toFloat(properties.price))." },
};

const GROUPS: [string, readonly TrendMath[]][] = [
  ["Event and actor counts", COUNTING_MATHS],
  ["Property value", PROPERTY_MATHS],
  ["Count per user", ACTOR_MATHS],
];

export const MATH_OPTIONS: ComboboxOption[] = GROUPS.flatMap(([group, maths]) =>
  maths.map((math) => ({ value: math, label: MATH_TEXT[math].label, detail: MATH_TEXT[math].description, group })),
);

export const isPropertyMath = (math: string | null | undefined) => (PROPERTY_MATHS as readonly string[]).includes(math ?? "");

// `unique_group` counts the distinct groups of one type: one option per group type, its index in the value.
const UNIQUE_GROUP = "unique_group";

/** "Unique <groups>" for each of the project's group types, beside the other counts. */
export const groupMathOptions = (types: { group_type_index: number; label: string }[]): ComboboxOption[] =>
  types.map((type) => ({
    value: `${UNIQUE_GROUP}:${type.group_type_index}`,
    label: `Unique ${type.label}`,
    detail: `Distinct ${type.label} whose events these are.`,
    group: GROUPS[0][0],
  }));

/** A series' math as the math picker's value (a group math with its type's index). */
export const mathOptionValue = (entity: Record<string, unknown>) =>
  entity.math === UNIQUE_GROUP ? `${UNIQUE_GROUP}:${entity.math_group_type_index ?? 0}` : ((entity.math as string | undefined) ?? "total");

/** The series keys of a picked math: `unique_group` carries `math_group_type_index`, the others drop it. */
export function mathKeys(value: string): { math: string; math_group_type_index: number | undefined } {
  const [math, index] = value.split(":");
  return math === UNIQUE_GROUP ? { math, math_group_type_index: Number(index) } : { math: value, math_group_type_index: undefined };
}
