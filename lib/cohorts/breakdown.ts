import { validationError } from "@/lib/api/errors";
import { ZProperties } from "@/lib/analytics/filters/properties";
import { ALL_USERS, breakdownCohorts, projectCohorts } from "./references";

/**
 * Cohort breakdowns (segments G3): `breakdown_type: "cohort"`, `breakdown: [id, …, "all"]` = the analysis once per
 * listed cohort over its members' events (a person in two cohorts counts in both), "all" over everyone.
 */

type Filter = Record<string, unknown>;
const ALL_USERS_LABEL = "All Users";

export const isCohortBreakdown = (filter: object | null | undefined) => (filter as Filter | null | undefined)?.breakdown_type === "cohort";

/** The filter without its cohort breakdown (checked and applied by the functions below), else as it is. */
export function withoutCohortBreakdown<F extends object>(filter: F): F {
  if (!isCohortBreakdown(filter)) return filter;
  const { breakdown: _b, breakdown_type: _t, ...rest } = filter as Filter;
  return rest as F;
}

/** Each listed cohort: its breakdown value, label, and the filter restricted to its members. */
async function perCohort(projectId: number, filter: Filter) {
  const listed = breakdownCohorts(filter.breakdown);
  const known = await projectCohorts(
    projectId,
    listed.filter((id): id is number => id !== ALL_USERS),
  );
  const { breakdown: _b, breakdown_type: _t, ...rest } = filter;
  const properties = ZProperties.parse(filter.properties);
  return listed.map((id) => {
    if (id === ALL_USERS) return { value: ALL_USERS as number | string, name: ALL_USERS_LABEL, filter: rest };
    const cohort = known.get(id);
    if (!cohort) throw validationError(`Cohort ${id} does not exist in this project.`, "breakdown", "invalid_cohort");
    const member = { type: "cohort", key: "id", value: id, operator: "in" };
    return {
      value: id as number | string,
      name: cohort.name,
      filter: { ...rest, properties: { type: "AND", values: [properties, member] } },
    };
  });
}

/** A trend broken down by cohort: each cohort's items, `breakdown_value` its id and `label` its name. */
export async function trendsByCohort<I extends Filter>(
  projectId: number,
  filter: object,
  run: (filter: Filter) => Promise<I[]>,
): Promise<I[]> {
  const items: I[] = [];
  for (const cohort of await perCohort(projectId, filter as Filter)) {
    const own = await run(cohort.filter);
    const seriesCount = new Set(own.map((item) => JSON.stringify((item as Filter).action ?? item.label))).size;
    for (const item of own)
      items.push({
        ...item,
        breakdown_value: cohort.value,
        label: seriesCount > 1 ? `${String(item.label)} - ${cohort.name}` : cohort.name,
      });
  }
  return items;
}

/**
 * A funnel broken down by cohort: one list of steps per cohort, each step's `breakdown_value` the id, `breakdown`
 * the name. Funnel trends have one line and no breakdown here: a cohort breakdown is refused, not dropped.
 */
export async function funnelByCohort<S extends object>(
  projectId: number,
  filter: object,
  run: (filter: Filter) => Promise<S[]>,
): Promise<S[][]> {
  if ((filter as Filter).funnel_viz_type === "trends")
    throw validationError(
      "Funnel trends cannot be broken down by cohort: use the steps view, or a filter on the cohort.",
      "breakdown_type",
      "unsupported",
    );
  const lists: S[][] = [];
  for (const cohort of await perCohort(projectId, filter as Filter)) {
    const steps = await run(cohort.filter);
    lists.push(steps.map((step) => ({ ...step, breakdown_value: cohort.value, breakdown: cohort.name })));
  }
  return lists;
}
