import { loadActions } from "./action-loader";
import { actionConditionSql, actionUsesPersonProperties, type ActionDefinition } from "./actions";
import { propertyGroupSql, usesPersonProperties, type PropertyColumns, type PropertyGroup, type SqlParams } from "./properties";

/**
 * What a series, funnel step, exclusion or retention entity matches: an event name (null: every event) or an
 * action, and the entity's own property filters.
 */
export interface MatchedEntity {
  event: string | null;
  action: ActionDefinition | null;
  properties: PropertyGroup;
}

/** A legacy filter's reference to an entity: `{id, type}`. */
export interface EntityRef {
  id?: unknown;
  type?: string | null;
}

const isAction = (ref: EntityRef) => ref.type === "actions";

/** The project's actions the entities name (PostHog's 400 for an id naming none). */
export function loadEntityActions(teamId: number, refs: EntityRef[]): Promise<Map<number, ActionDefinition>> {
  return loadActions(
    teamId,
    refs.filter(isAction).map((ref) => ref.id),
  );
}

/** The entity `ref` refers to, with its actions loaded by `loadEntityActions`. */
export function matchedEntity(ref: EntityRef, actions: Map<number, ActionDefinition>, properties: PropertyGroup): MatchedEntity {
  if (isAction(ref)) {
    const action = actions.get(Number(ref.id));
    if (!action) throw new Error(`Action ${String(ref.id)} was not loaded`);
    return { event: null, action, properties };
  }
  return { event: ref.id === undefined || ref.id === null ? null : String(ref.id), action: null, properties };
}

/** The entity's identity (kind, id, own filters): two equal keys match the same events. */
export const entityKey = (entity: MatchedEntity) =>
  JSON.stringify([entity.action ? `action:${entity.action.id}` : entity.event, entity.properties.values.length ? entity.properties : null]);

/** Whether event row `e` matches the entity ("1" when every event does). */
export function entityMatchSql(entity: MatchedEntity, columns: PropertyColumns, params: SqlParams): string {
  const parts: string[] = [];
  if (entity.action) parts.push(actionConditionSql(entity.action, columns, params));
  else if (entity.event !== null) parts.push(`e.event = ${params.add(entity.event, "String")}`);
  const own = propertyGroupSql(entity.properties, columns, params);
  if (own !== "1") parts.push(own);
  return parts.length ? parts.join(" AND ") : "1";
}

export function entityUsesPersonProperties(entity: MatchedEntity): boolean {
  return usesPersonProperties(entity.properties) || (entity.action ? actionUsesPersonProperties(entity.action) : false);
}

/** The event names the entity can match; null when it may match any event. */
export function entityEventNames(entity: MatchedEntity): string[] | null {
  if (!entity.action) return entity.event === null ? null : [entity.event];
  const names = entity.action.steps.map((s) => s.event);
  return names.includes(null) ? null : [...new Set(names as string[])];
}

/** The event names a set of entities can match; null when some may match any event. */
export function eventNamesOf(entities: MatchedEntity[]): string[] | null {
  const names = new Set<string>();
  for (const entity of entities) {
    const own = entityEventNames(entity);
    if (own === null) return null;
    for (const n of own) names.add(n);
  }
  return [...names];
}
