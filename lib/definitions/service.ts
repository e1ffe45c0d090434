import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, like, not, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { notFound } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { eventDefinitions, eventProperties, propertyDefinitions } from "@/lib/db/schema";
import { eventReference, insightsUsing, propertyReference } from "@/lib/insights/usage";
import { normalizeTags } from "@/lib/tags";
import { containsPattern } from "@/lib/db/like";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { forgetEventDefinition, forgetPropertyDefinition, PROPERTY_DEFINITION_TYPE } from "./recording";
import type {
  TEventDefinition,
  TEventDefinitionListQuery,
  TEventDefinitionUpdate,
  TPropertyDefinition,
  TPropertyDefinitionListQuery,
  TPropertyDefinitionUpdate,
} from "./schemas";
import { peopleOfDefinitions, serializeEventDefinitions, serializePropertyDefinition, servePropertyDefinition } from "./serialize";

/** Events not seen for this long are stale (PostHog's STALE_EVENT_DAYS). */
const STALE_EVENT_DAYS = 30;

/**
 * Event properties never offered (PostHog's ALWAYS_EXCLUDED_EVENT_PROPERTIES): ids and person or group updates
 * some libraries send along, and initial-referrer properties posthog-js used to send on events.
 */
const ALWAYS_EXCLUDED_EVENT_PROPERTIES = [
  "distinct_id",
  "$set",
  "$set_once",
  "$initial_referrer",
  "$initial_referring_domain",
  "$groups",
  "$group_type",
  "$group_key",
  "$group_set",
  ...Array.from({ length: 5 }, (_, i) => `$group_${i}`),
];

/** PostHog's term search: each whitespace-separated term must be in the name (case-insensitive). */
function nameMatches(column: AnyPgColumn, search?: string): SQL[] {
  return (search ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((term) => ilike(column, containsPattern(term)));
}

function eventDefinitionOrder(query: TEventDefinitionListQuery): SQL[] {
  const column = (field: string): SQL =>
    field === "name"
      ? sql`${eventDefinitions.name}`
      : field === "last_seen_at"
        ? sql`${eventDefinitions.lastSeenAt}`
        : field === "last_seen_at::date"
          ? sql`(${eventDefinitions.lastSeenAt})::date`
          : field === "created_at"
            ? sql`${eventDefinitions.createdAt}`
            : sql`(${eventDefinitions.createdAt})::date`;
  const requested = query.ordering;
  const order = requested.length > 0 ? [...requested] : [{ field: "last_seen_at::date", descending: true }];
  // `name` is unique in a project: the last key, so that pages neither repeat nor skip rows.
  if (!order.some((key) => key.field === "name")) order.push({ field: "name", descending: false });
  const clauses = order.map(({ field, descending }) =>
    field === "name"
      ? sql`${column(field)} ${sql.raw(descending ? "DESC" : "ASC")}`
      : sql`${column(field)} ${sql.raw(descending ? "DESC NULLS LAST" : "ASC NULLS FIRST")}`,
  );
  // A search without an ordering puts the shortest (closest) names first, as PostHog's.
  if (query.search?.trim() && requested.length === 0) clauses.unshift(sql`length(${eventDefinitions.name}) ASC`);
  return clauses;
}

/**
 * `verified` and `hidden` as PostHog's enterprise serializers set them: verifying records who and when (once),
 * unverifying clears both; hiding unverifies, and verifying unhides, so a definition is never both.
 */
function curationPatch(
  before: { verified: boolean; verifiedAt: Date | null; verifiedById: number | null },
  update: { verified?: boolean; hidden?: boolean },
  actor: Actor,
) {
  const verified = update.hidden ? false : (update.verified ?? before.verified);
  const hidden = update.verified ? false : update.hidden;
  return {
    ...(hidden !== undefined && { hidden }),
    verified,
    verifiedAt: verified ? (before.verified ? before.verifiedAt : new Date()) : null,
    verifiedById: verified ? (before.verified ? before.verifiedById : actor.user.id) : null,
  };
}

/** `/event_definitions/`: by the day last seen (latest first), then name; searches put shorter names first. */
export async function listEventDefinitions(actor: Actor, projectId: TProjectId, query: TEventDefinitionListQuery, page: Page) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const conditions: SQL[] = [eq(eventDefinitions.projectId, project.id), ...nameMatches(eventDefinitions.name, query.search)];
  if (query.event_type === "event_custom") conditions.push(not(like(eventDefinitions.name, "$%")));
  if (query.event_type === "event_posthog") conditions.push(like(eventDefinitions.name, "$%"));
  if (query.names) conditions.push(inArray(eventDefinitions.name, query.names.length > 0 ? query.names : [""]));
  if (query.excluded_properties?.length) conditions.push(notInArray(eventDefinitions.name, query.excluded_properties));
  if (query.exclude_hidden) conditions.push(eq(eventDefinitions.hidden, false));
  if (query.exclude_stale)
    conditions.push(
      or(isNull(eventDefinitions.lastSeenAt), gt(eventDefinitions.lastSeenAt, new Date(Date.now() - STALE_EVENT_DAYS * 86_400_000)))!,
    );
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(eventDefinitions).where(where);
  const rows = await db
    .select()
    .from(eventDefinitions)
    .where(where)
    .orderBy(...eventDefinitionOrder(query))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total, results: await serializeEventDefinitions(project.id, rows) };
}

async function requireEventDefinition(actor: Actor, projectId: TProjectId, id: string) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(eventDefinitions)
    .where(and(eq(eventDefinitions.projectId, project.id), eq(eventDefinitions.id, id)));
  if (!row) throw notFound();
  return { project, row };
}

export async function getEventDefinition(actor: Actor, projectId: TProjectId, id: string): Promise<TEventDefinition> {
  const { project, row } = await requireEventDefinition(actor, projectId, id);
  return (await serializeEventDefinitions(project.id, [row]))[0];
}

export async function updateEventDefinition(
  actor: Actor,
  projectId: TProjectId,
  id: string,
  update: TEventDefinitionUpdate,
): Promise<TEventDefinition> {
  const { project, row } = await requireEventDefinition(actor, projectId, id);
  const db = await getDb();
  const [updated] = await db
    .update(eventDefinitions)
    .set({
      ...(update.description !== undefined && { description: update.description }),
      ...(update.tags !== undefined && { tags: normalizeTags(update.tags) }),
      ...curationPatch(row, update, actor),
      updatedAt: new Date(),
      updatedById: actor.user.id,
    })
    .where(eq(eventDefinitions.id, row.id))
    .returning();
  return (await serializeEventDefinitions(project.id, [updated]))[0];
}

/** Deletes the definition and its event-property pairs; the name is defined again when its event comes next. */
export async function deleteEventDefinition(actor: Actor, projectId: TProjectId, id: string) {
  const { project, row } = await requireEventDefinition(actor, projectId, id);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(eventProperties).where(and(eq(eventProperties.projectId, project.id), eq(eventProperties.event, row.name)));
    await tx.delete(eventDefinitions).where(eq(eventDefinitions.id, row.id));
  });
  forgetEventDefinition(project.id, row.name);
}

/**
 * `/property_definitions/`: of events, persons or one group type, by name; with `event_names`, those seen with one of these
 * events first (`is_seen_on_filtered_events`), or only them with `filter_by_event_names`.
 */
export async function listPropertyDefinitions(actor: Actor, projectId: TProjectId, query: TPropertyDefinitionListQuery, page: Page) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const name = propertyDefinitions.name;
  const conditions: SQL[] = [
    eq(propertyDefinitions.projectId, project.id),
    eq(propertyDefinitions.type, PROPERTY_DEFINITION_TYPE[query.type]),
    query.group_type_index === undefined
      ? isNull(propertyDefinitions.groupTypeIndex)
      : eq(propertyDefinitions.groupTypeIndex, query.group_type_index),
    ...nameMatches(name, query.search),
  ];
  if (query.type === "event") conditions.push(notInArray(name, ALWAYS_EXCLUDED_EVENT_PROPERTIES));
  if (query.type === "event" && query.exclude_core_properties) conditions.push(not(like(name, "$%")));
  if (query.properties) conditions.push(inArray(name, query.properties.length > 0 ? query.properties : [""]));
  if (query.is_numerical === true)
    conditions.push(eq(propertyDefinitions.isNumerical, true), notInArray(name, ["distinct_id", "timestamp"]));
  if (query.is_numerical === false) conditions.push(eq(propertyDefinitions.isNumerical, false));
  if (query.is_feature_flag !== undefined)
    conditions.push(query.is_feature_flag ? like(name, "$feature/%") : not(like(name, "$feature/%")));
  if (query.excluded_properties?.length) conditions.push(notInArray(name, query.excluded_properties));
  if (query.exclude_hidden) conditions.push(eq(propertyDefinitions.hidden, false));

  const eventNames = query.event_names?.length ? query.event_names : null;
  const seen = eventNames
    ? sql<boolean>`EXISTS (SELECT 1 FROM ${eventProperties} WHERE ${eventProperties.projectId} = ${project.id}
        AND ${eventProperties.property} = ${name} AND ${inArray(eventProperties.event, eventNames)})`
    : null;
  if (seen && query.filter_by_event_names) conditions.push(seen);
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(propertyDefinitions).where(where);
  const rows = await db
    .select({ definition: propertyDefinitions, seen: seen ?? sql<null>`NULL` })
    .from(propertyDefinitions)
    .where(where)
    .orderBy(...(seen ? [desc(seen)] : []), asc(name))
    .limit(page.limit)
    .offset(page.offset);
  const people = await peopleOfDefinitions(rows.map((row) => row.definition));
  return {
    count: total,
    results: rows.map((row) => serializePropertyDefinition(row.definition, seen ? Boolean(row.seen) : null, people)),
  };
}

async function requirePropertyDefinition(actor: Actor, projectId: TProjectId, id: string) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(propertyDefinitions)
    .where(and(eq(propertyDefinitions.projectId, project.id), eq(propertyDefinitions.id, id)));
  if (!row) throw notFound();
  return { project, row };
}

export async function getPropertyDefinition(actor: Actor, projectId: TProjectId, id: string): Promise<TPropertyDefinition> {
  return servePropertyDefinition((await requirePropertyDefinition(actor, projectId, id)).row);
}

/** PATCH: `description`, `tags`, and `property_type` (which sets `is_numerical`, as PostHog's). */
export async function updatePropertyDefinition(
  actor: Actor,
  projectId: TProjectId,
  id: string,
  update: TPropertyDefinitionUpdate,
): Promise<TPropertyDefinition> {
  const { row } = await requirePropertyDefinition(actor, projectId, id);
  const db = await getDb();
  const [updated] = await db
    .update(propertyDefinitions)
    .set({
      ...(update.description !== undefined && { description: update.description }),
      ...(update.tags !== undefined && { tags: normalizeTags(update.tags) }),
      ...(update.property_type !== undefined && {
        propertyType: update.property_type,
        isNumerical: update.property_type === "Numeric",
      }),
      ...curationPatch(row, update, actor),
      updatedAt: new Date(),
      updatedById: actor.user.id,
    })
    .where(eq(propertyDefinitions.id, row.id))
    .returning();
  return servePropertyDefinition(updated);
}

const kindOf = (type: number) =>
  type === PROPERTY_DEFINITION_TYPE.event ? "event" : type === PROPERTY_DEFINITION_TYPE.group ? "group" : "person";

/** The insights using an event (as a series, step or entity). */
export async function eventDefinitionInsights(actor: Actor, projectId: TProjectId, id: string) {
  const { project, row } = await requireEventDefinition(actor, projectId, id);
  return insightsUsing(project.id, eventReference(row.name));
}

/** The insights filtering or breaking down by a property (of its type). */
export async function propertyDefinitionInsights(actor: Actor, projectId: TProjectId, id: string) {
  const { project, row } = await requirePropertyDefinition(actor, projectId, id);
  return insightsUsing(project.id, propertyReference(row.name, kindOf(row.type)));
}

/** Deletes the definition (and, for an event property, its event pairs); ingestion defines it again when it comes next. */
export async function deletePropertyDefinition(actor: Actor, projectId: TProjectId, id: string) {
  const { project, row } = await requirePropertyDefinition(actor, projectId, id);
  const kind = kindOf(row.type);
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (kind === "event")
      await tx.delete(eventProperties).where(and(eq(eventProperties.projectId, project.id), eq(eventProperties.property, row.name)));
    await tx.delete(propertyDefinitions).where(eq(propertyDefinitions.id, row.id));
  });
  forgetPropertyDefinition(project.id, kind, row.name, row.groupTypeIndex);
}
