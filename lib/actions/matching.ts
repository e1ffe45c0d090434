import { and, desc, eq } from "drizzle-orm";
import {
  actionConditionSql,
  actionUsesPersonProperties,
  normalizeActionStep,
  type ActionDefinition,
} from "@/lib/analytics/filters/actions";
import { PERSON_PROPERTIES, personIdJoin, personPropertiesJoin } from "@/lib/analytics/filters/persons";
import { SqlParams } from "@/lib/analytics/filters/properties";
import { hasPendingOverrides } from "@/lib/analytics/pending-overrides";
import { getAnalysisStore } from "@/lib/analytics/store";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { actions, type ActionStepJson } from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";

/** The days matching events are counted over (as event definitions' `volume_30_day`). */
const MATCHING_DAYS = 30;
/** Actions one volumes request counts (a project has tens): the most recent ones, past this. */
const MAX_VOLUME_ACTIONS = 200;

/**
 * How many of the project's events of the last 30 days each action matches, in one scan, with the SQL condition an
 * analysis of the action uses: the count is what a trend of the action shows.
 */
async function countsOf(projectId: number, definitions: ActionDefinition[]): Promise<number[]> {
  const team = "{team:Int64}";
  const params = new SqlParams({ team: projectId });
  const person = definitions.some(actionUsesPersonProperties);
  const overrides = person && (await hasPendingOverrides(projectId));
  const conditions = definitions.map((action) => actionConditionSql(action, { event: "e.properties", person: PERSON_PROPERTIES }, params));
  const joins = person ? `${personIdJoin(team, overrides)} ${personPropertiesJoin(team, overrides)}` : "";
  const store = await getAnalysisStore(projectId);
  const [row] = await store.query<{ counts: (string | number)[] }>(
    `SELECT [${conditions.map((c) => `countIf(${c})`).join(", ")}] AS counts FROM events AS e ${joins}
     WHERE e.team_id = ${team} AND toDate(e.timestamp) >= today() - ${MATCHING_DAYS + 1}
       AND e.timestamp >= now() - INTERVAL ${MATCHING_DAYS} DAY`,
    params.values,
  );
  return definitions.map((_, i) => Number(row?.counts[i] ?? 0));
}

/** How many events of the last 30 days match these steps (any of them): the action editor's live count. */
export async function countMatchingEvents(actor: Actor, projectId: TProjectId, steps: ActionStepJson[]) {
  const { project } = await requireProjectAccess(actor, projectId);
  const [count] = await countsOf(project.id, [{ id: 0, name: "", steps: steps.map(normalizeActionStep) }]);
  return { count, days: MATCHING_DAYS };
}

/** Each of the project's actions' matching events in the last 30 days: the actions list's volume column. */
export async function actionVolumes(actor: Actor, projectId: TProjectId) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const rows = await db
    .select()
    .from(actions)
    .where(and(eq(actions.projectId, project.id), eq(actions.deleted, false)))
    .orderBy(desc(actions.id))
    .limit(MAX_VOLUME_ACTIONS);
  const definitions = rows.map((row) => ({ id: row.id, name: row.name ?? "", steps: row.steps.map(normalizeActionStep) }));
  const counts = definitions.length ? await countsOf(project.id, definitions) : [];
  return { days: MATCHING_DAYS, results: definitions.map((action, i) => ({ id: action.id, count: counts[i] })) };
}
