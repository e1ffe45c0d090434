import { actionConditionSql, actionUsesPersonProperties, normalizeActionStep } from "@/lib/analytics/filters/actions";
import { PERSON_PROPERTIES, personIdJoin, personPropertiesJoin } from "@/lib/analytics/filters/persons";
import { SqlParams } from "@/lib/analytics/filters/properties";
import { hasPendingOverrides } from "@/lib/analytics/pending-overrides";
import { getAnalysisStore } from "@/lib/analytics/store";
import type { Actor } from "@/lib/auth/actor";
import type { ActionStepJson } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";

/** The days a draft's matching events are counted over (as event definitions' `volume_30_day`). */
const MATCHING_DAYS = 30;

/**
 * How many of the project's events of the last 30 days match these steps (any of them), as an action with them
 * would match in an analysis: the same SQL condition, so the editor's count is what a trend of the action will show.
 */
export async function countMatchingEvents(actor: Actor, projectId: TProjectId, steps: ActionStepJson[]) {
  const { project } = await requireProjectAccess(actor, projectId);
  const action = { id: 0, name: "", steps: steps.map(normalizeActionStep) };
  const team = "{team:Int64}";
  const params = new SqlParams({ team: project.id });
  const person = actionUsesPersonProperties(action);
  const overrides = person && (await hasPendingOverrides(project.id));
  const condition = actionConditionSql(action, { event: "e.properties", person: PERSON_PROPERTIES }, params);
  const joins = person ? `${personIdJoin(team, overrides)} ${personPropertiesJoin(team, overrides)}` : "";
  const store = await getAnalysisStore(project.id);
  const [row] = await store.query<{ count: string | number }>(
    `SELECT count() AS count FROM events AS e ${joins}
     WHERE e.team_id = ${team} AND toDate(e.timestamp) >= today() - ${MATCHING_DAYS + 1}
       AND e.timestamp >= now() - INTERVAL ${MATCHING_DAYS} DAY AND ${condition}`,
    params.values,
  );
  return { count: Number(row?.count ?? 0), days: MATCHING_DAYS };
}
