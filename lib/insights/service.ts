import { randomInt } from "node:crypto";
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { MemberCaller, TokenCaller } from "@/lib/api/endpoint";
import { notFound, permissionDenied } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import type { Actor } from "@/lib/auth/actor";
import type { DashboardFilters } from "@/lib/dashboards/filters";
import {
  checkInsightDashboards,
  insightsOnDashboards,
  placeInsightOnDashboards,
  removeInsightFromDashboards,
  tilesOfInsights,
  type TileRef,
} from "@/lib/dashboards/placement";
import { getDb } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { isUniqueViolation } from "@/lib/db/errors";
import {
  activityLogs,
  insights,
  insightViews,
  projects,
  type Insight,
  type Project,
  type User,
} from "@/lib/db/schema";
import { requireProjectAccess } from "@/lib/projects/access";
import type { TProjectId } from "@/lib/projects/schemas";
import { usersById } from "@/lib/users/lookup";
import { userBasic } from "@/lib/users/serialize";
import { activityPage, recordActivity } from "@/lib/activity/log";
import { cachedResult, cacheKey, refreshMode, type CachedAnswer, type RefreshMode } from "./cache";
import { analysisOf, canCompute, runAnalysis } from "./compute";
import type { TInsightWrite } from "./schemas";
import type { InsightViewer } from "./viewer";
import { enabledSharing, renewSharingToken, saveSharing, serializeSharing, sharingConfigOf, sharingTokenFailed } from "./sharing";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const shortId = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

/** PostHog's `tagify`: trimmed, lower-cased, deduplicated, empty ones dropped. */
export function normalizeTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
}

const RESTRICTION_EVERYONE_CAN_EDIT = 21;
const PRIVILEGE_CAN_EDIT = 37;

function responseFilters(insight: Insight): Record<string, unknown> {
  const filters = { ...(insight.filters ?? {}) };
  if (!insight.query && !filters.insight) filters.insight = "TRENDS";
  return filters;
}

/** `tiles`: the insight's live tiles (`tilesOfInsights`), which its `dashboards` and `dashboard_tiles` list. */
export function serializeBasic(insight: Insight, people: Map<number, User>, tiles: TileRef[], lastRefresh: string | null = null) {
  const creator = insight.createdById !== null ? people.get(insight.createdById) : undefined;
  return {
    id: insight.id,
    short_id: insight.shortId,
    name: insight.name,
    derived_name: insight.derivedName,
    filters: responseFilters(insight),
    query: insight.query ?? null,
    dashboards: tiles.map((tile) => tile.dashboard_id),
    dashboard_tiles: tiles,
    description: insight.description,
    last_refresh: lastRefresh,
    refreshing: false,
    saved: insight.saved,
    tags: insight.tags ?? [],
    updated_at: insight.updatedAt.toISOString(),
    created_by: creator ? userBasic(creator) : null,
    created_at: insight.createdAt.toISOString(),
    last_modified_at: insight.lastModifiedAt.toISOString(),
    favorited: insight.favorited,
  };
}

/** `dashboard`: the filters of the dashboard the insight is seen from, which its result was computed with. */
export function serializeInsight(
  project: Project,
  insight: Insight,
  people: Map<number, User>,
  tiles: TileRef[],
  answer: CachedAnswer | null,
  viewer: InsightViewer,
  dashboard?: DashboardFilters,
) {
  const { refreshing: _refreshing, ...basic } = serializeBasic(insight, people, tiles, answer?.last_refresh ?? null);
  const modifier = insight.lastModifiedById !== null ? people.get(insight.lastModifiedById) : undefined;
  const analysis = analysisOf(insight, dashboard);
  return {
    ...basic,
    order: insight.order,
    deleted: insight.deleted,
    cache_target_age: answer?.cache_target_age ?? null,
    next_allowed_client_refresh: null,
    result: answer?.result ?? null,
    hasMore: null,
    columns: null,
    last_modified_by: modifier ? userBasic(modifier) : null,
    is_sample: false,
    effective_restriction_level: RESTRICTION_EVERYONE_CAN_EDIT,
    effective_privilege_level: PRIVILEGE_CAN_EDIT,
    timezone: project.timezone,
    is_cached: answer?.is_cached ?? false,
    query_status: answer?.query_status ?? null,
    hogql: null,
    types: null,
    filters_hash: analysis ? cacheKey(project, analysis.kind, analysis.filter) : null,
    // Hedgerow has no insight alerts.
    alerts: [],
    last_viewed_at: viewer.lastViewed.get(insight.id) ?? null,
    user_access_level: viewer.accessLevel,
  };
}

export type SerializedInsight = ReturnType<typeof serializeInsight>;

/** The insight's result as `refresh` says (seen from a dashboard: with its filters); `force_cache` never computes. */
export async function insightAnswer(project: Project, insight: Insight, refresh: RefreshMode, dashboard?: DashboardFilters): Promise<CachedAnswer> {
  const analysis = analysisOf(insight, dashboard);
  if (!analysis) return { result: null, last_refresh: null, cache_target_age: null, is_cached: false, timezone: project.timezone, query_status: null };
  // Say so plainly rather than start a computation that cannot run.
  if (refresh !== "force_cache" && !canCompute(analysis)) await runAnalysis(project, analysis);
  return cachedResult(project, analysis.kind, analysis.filter, () => runAnalysis(project, analysis), { refresh, insightId: insight.id });
}

/** Shared views compute more eagerly than the app (PostHog's `shared_insights_execution_mode`). */
export function sharedMode(raw: string | undefined): RefreshMode {
  const mode = refreshMode(raw);
  if (mode === "force_blocking") return "blocking";
  if (mode === "async") return "async";
  return "lazy_async";
}

/** A shared view's result; what cannot be computed shows what is cached rather than an error to a visitor. */
export function sharedAnswer(project: Project, insight: Insight, refresh: RefreshMode): Promise<CachedAnswer> {
  return insightAnswer(project, insight, refresh).catch(() => insightAnswer(project, insight, "force_cache"));
}

async function findInsight(projectId: number, id: number, includeDeleted = false): Promise<Insight> {
  const db = await getDb();
  const conditions = [eq(insights.projectId, projectId), eq(insights.id, id)];
  if (!includeDeleted) conditions.push(eq(insights.deleted, false));
  const [row] = await db.select().from(insights).where(and(...conditions));
  if (!row) throw notFound();
  return row;
}

export async function requireInsight(actor: Actor, projectId: TProjectId, id: number, includeDeleted = false) {
  const { project, membership } = await requireProjectAccess(actor, projectId);
  return { project, membership, insight: await findInsight(project.id, id, includeDeleted) };
}

/** Who reads insights: a member, or the holder of a sharing token, who sees its one insight only. */
export type InsightReader = MemberCaller | TokenCaller;

/**
 * The project read. A sharing token reads its own project only (PostHog's SharingTokenPermission answers 403 for
 * any other); `@current` is nobody's current project then, which PostHog refuses as failed authentication.
 */
async function readableProject(reader: InsightReader, projectId: TProjectId): Promise<Project> {
  if (!reader.sharing) return (await requireProjectAccess(reader.actor, projectId)).project;
  if (projectId === "@current") throw sharingTokenFailed("Incorrect authentication credentials.");
  if (projectId !== reader.sharing.projectId) throw permissionDenied();
  const db = await getDb();
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw permissionDenied();
  return project;
}

export async function readInsight(reader: InsightReader, projectId: TProjectId, id: number) {
  const project = await readableProject(reader, projectId);
  // Any insight but the shared one is out of a token's sight: not found, as in PostHog's queryset.
  if (reader.sharing && id !== reader.sharing.insightId) throw notFound();
  return { project, insight: await findInsight(project.id, id) };
}

// ---- list ----

export interface ListFilters {
  short_id?: string;
  created_by?: number;
  saved?: boolean;
  favorited?: boolean;
  user?: boolean;
  search?: string;
  insight?: string;
  /** Insights on every one of these dashboards. */
  dashboards?: number[];
}

export async function listInsights(reader: InsightReader, projectId: TProjectId, filters: ListFilters, page: Page) {
  const project = await readableProject(reader, projectId);
  const db = await getDb();
  const where: SQL[] = [eq(insights.projectId, project.id), eq(insights.deleted, false)];
  if (reader.sharing) where.push(eq(insights.id, reader.sharing.insightId));
  if (filters.short_id !== undefined) where.push(eq(insights.shortId, filters.short_id));
  if (filters.created_by !== undefined) where.push(eq(insights.createdById, filters.created_by));
  // A token holder is nobody: `user` (created by me) matches nothing for them.
  if (filters.user) where.push(reader.actor ? eq(insights.createdById, reader.actor.user.id) : sql`false`);
  // PostHog: saved means saved, or on a dashboard; unsaved means not saved.
  if (filters.saved === true) where.push(or(eq(insights.saved, true), inArray(insights.id, insightsOnDashboards(db)))!);
  if (filters.saved === false) where.push(eq(insights.saved, false));
  for (const dashboardId of filters.dashboards ?? []) where.push(inArray(insights.id, insightsOnDashboards(db, dashboardId)));
  if (filters.favorited !== undefined) where.push(eq(insights.favorited, filters.favorited));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    where.push(
      or(
        ilike(insights.name, pattern),
        ilike(insights.derivedName, pattern),
        ilike(insights.description, pattern),
        sql`exists (select 1 from jsonb_array_elements_text(${insights.tags}) t where t ilike ${pattern})`,
      )!,
    );
  }
  if (filters.insight) {
    const kind = filters.insight.toUpperCase();
    const queryKind = { TRENDS: "TrendsQuery", FUNNELS: "FunnelsQuery", RETENTION: "RetentionQuery", PATHS: "PathsQuery", STICKINESS: "StickinessQuery", LIFECYCLE: "LifecycleQuery" }[kind];
    where.push(
      or(
        sql`${insights.filters}->>'insight' = ${kind}`,
        queryKind ? sql`${insights.query}->'source'->>'kind' = ${queryKind}` : sql`false`,
      )!,
    );
  }
  const [{ total }] = await db.select({ total: count() }).from(insights).where(and(...where));
  // PostHog orders by `order` (nulls last), then newest first.
  const rows = await db
    .select()
    .from(insights)
    .where(and(...where))
    .orderBy(sql`${insights.order} asc nulls last`, desc(insights.lastModifiedAt), desc(insights.id))
    .limit(page.limit)
    .offset(page.offset);
  return { project, count: total, rows };
}

// ---- create / update ----

export async function createInsight(actor: Actor, projectId: TProjectId, input: TInsightWrite) {
  const { project, membership } = await requireProjectAccess(actor, projectId);
  await checkInsightDashboards(project.id, { userId: actor.user.id, level: membership.level }, input.dashboards ?? []);
  const db = await getDb();
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(insights)
          .values({
            projectId: project.id,
            shortId: shortId(),
            name: input.name ?? null,
            derivedName: input.derived_name ?? null,
            description: input.description ?? null,
            filters: input.filters ?? {},
            query: input.query ?? null,
            order: input.order ?? null,
            deleted: input.deleted ?? false,
            saved: input.saved ?? false,
            favorited: input.favorited ?? false,
            tags: normalizeTags(input.tags ?? []),
            createdById: actor.user.id,
            lastModifiedById: actor.user.id,
          })
          .returning();
        if (input.dashboards?.length) await placeInsightOnDashboards(tx, inserted.id, input.dashboards);
        return inserted;
      });
      await logActivity(project, membership.organizationId, actor.user.id, row, "created", [
        { type: "Insight", action: "created", field: null, before: null, after: null },
      ]);
      return { project, insight: row };
    } catch (error) {
      if (isUniqueViolation(error) && attempt < 5) continue;
      throw error;
    }
  }
}

/** Fields reported in activity diffs, by their API name (PostHog excludes ids, timestamps, saved, order, …). */
const DIFFED: [keyof TInsightWrite, keyof Insight][] = [
  ["name", "name"],
  ["derived_name", "derivedName"],
  ["description", "description"],
  ["filters", "filters"],
  ["query", "query"],
  ["deleted", "deleted"],
  ["tags", "tags"],
  ["favorited", "favorited"],
];

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export async function updateInsight(actor: Actor, projectId: TProjectId, id: number, input: TInsightWrite) {
  const { project, membership } = await requireProjectAccess(actor, projectId);
  // Only a restore may address a deleted insight.
  const before = await findInsight(project.id, id, input.deleted === false);
  if (input.dashboards !== undefined)
    await checkInsightDashboards(project.id, { userId: actor.user.id, level: membership.level }, input.dashboards);
  const patch: Partial<typeof insights.$inferInsert> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.derived_name !== undefined) patch.derivedName = input.derived_name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.filters !== undefined) patch.filters = input.filters;
  if (input.query !== undefined) patch.query = input.query;
  if (input.order !== undefined) patch.order = input.order;
  if (input.deleted !== undefined) patch.deleted = input.deleted;
  if (input.saved !== undefined) patch.saved = input.saved;
  if (input.favorited !== undefined) patch.favorited = input.favorited;
  if (input.tags !== undefined) patch.tags = normalizeTags(input.tags);
  const now = new Date();
  const modifies = (["name", "description", "filters", "query"] as const).some((f) => {
    const column = f as keyof typeof patch;
    return patch[column] !== undefined && !sameJson(patch[column], before[column as keyof Insight]);
  });
  if (modifies) {
    patch.lastModifiedAt = now;
    patch.lastModifiedById = actor.user.id;
  }
  patch.updatedAt = now;
  const db = await getDb();
  const after = await db.transaction(async (tx) => {
    const [updated] = await tx.update(insights).set(patch).where(eq(insights.id, before.id)).returning();
    if (input.dashboards !== undefined) await placeInsightOnDashboards(tx, updated.id, input.dashboards);
    if (updated.deleted && !before.deleted) await removeInsightFromDashboards(tx, updated.id);
    return updated;
  });

  const changes = DIFFED.filter(([, column]) => !sameJson(before[column], after[column])).map(([field, column]) => ({
    type: "Insight",
    action: "changed",
    field,
    before: before[column] ?? null,
    after: after[column] ?? null,
  }));
  const activity = !before.deleted && after.deleted ? "deleted" : before.deleted && !after.deleted ? "restored" : "updated";
  if (changes.length) await logActivity(project, membership.organizationId, actor.user.id, after, activity, changes);
  return { project, insight: after };
}

// ---- activity ----

async function logActivity(
  project: Project,
  organizationId: string,
  userId: number,
  insight: Insight,
  activity: string,
  changes: Record<string, unknown>[],
) {
  // PostHog logs nothing for the edits of insights without a name.
  if (!insight.name && !insight.derivedName) return;
  await writeActivity(project, organizationId, userId, insight, activity, changes);
}

/** An entry of the insight's activity log; sharing entries are written whether or not the insight has a name. */
async function writeActivity(
  project: Project,
  organizationId: string,
  userId: number,
  insight: Insight,
  activity: string,
  changes: Record<string, unknown>[] | null,
) {
  await recordActivity({
    projectId: project.id,
    organizationId,
    userId,
    scope: "Insight",
    itemId: String(insight.id),
    activity,
    detail: {
      id: insight.id,
      changes,
      merge: null,
      trigger: null,
      name: insight.name || insight.derivedName || null,
      short_id: insight.shortId,
      type: null,
    },
  });
}

export async function logSharingActivity(project: Project, organizationId: string, userId: number, insight: Insight, enabled: boolean) {
  await writeActivity(project, organizationId, userId, insight, enabled ? "sharing enabled" : "sharing disabled", [
    { type: "Insight", action: "changed", field: "sharing", before: !enabled, after: enabled },
  ]);
}

export async function insightActivityPage(actor: Actor, projectId: TProjectId, url: URL, query: { limit?: string; page?: string }, insightId?: number) {
  const { project } = await requireProjectAccess(actor, projectId);
  if (insightId !== undefined) await findInsight(project.id, insightId, true);
  const where = [eq(activityLogs.projectId, project.id), eq(activityLogs.scope, "Insight")];
  if (insightId !== undefined) where.push(eq(activityLogs.itemId, String(insightId)));
  return activityPage(url, query, ...where);
}

// ---- views ----

export async function markViewed(actor: Actor, projectId: TProjectId, insightId: number) {
  const { project, insight } = await requireInsight(actor, projectId, insightId);
  const db = await getDb();
  await db
    .insert(insightViews)
    .values({ projectId: project.id, userId: actor.user.id, insightId: insight.id, lastViewedAt: new Date() })
    .onConflictDoUpdate({ target: [insightViews.projectId, insightViews.userId, insightViews.insightId], set: { lastViewedAt: new Date() } });
}

export async function myLastViewed(actor: Actor, projectId: TProjectId) {
  const { project } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const rows = await db
    .select({ insight: insights })
    .from(insightViews)
    .innerJoin(insights, eq(insights.id, insightViews.insightId))
    .where(and(eq(insightViews.projectId, project.id), eq(insightViews.userId, actor.user.id), eq(insights.deleted, false)))
    .orderBy(desc(insightViews.lastViewedAt))
    .limit(5);
  const people = await usersById(rows.map((r) => r.insight.createdById));
  const tiles = await tilesOfInsights(rows.map((r) => r.insight.id));
  return rows.map((r) => serializeBasic(r.insight, people, tiles.get(r.insight.id) ?? []));
}

// ---- sharing ----

async function sharingOf(actor: Actor, projectId: TProjectId, insightId: number) {
  const { project, membership } = await requireProjectAccess(actor, projectId);
  const db = await getDb();
  const [insight] = await db
    .select()
    .from(insights)
    .where(and(eq(insights.projectId, project.id), eq(insights.id, insightId), eq(insights.deleted, false)));
  if (!insight) throw notFound("Insight not found.");
  return { project, membership, insight };
}

export async function getSharing(actor: Actor, projectId: TProjectId, insightId: number) {
  const { insight } = await sharingOf(actor, projectId, insightId);
  return serializeSharing(await sharingConfigOf({ insightId: insight.id }));
}

export async function updateSharing(actor: Actor, projectId: TProjectId, insightId: number, input: { enabled?: boolean }) {
  const { project, membership, insight } = await sharingOf(actor, projectId, insightId);
  const { before, saved } = await saveSharing(project.id, { insightId: insight.id }, input.enabled);
  if (input.enabled !== undefined && input.enabled !== before)
    await logSharingActivity(project, membership.organizationId, actor.user.id, insight, input.enabled);
  return serializeSharing(saved);
}

export async function refreshSharingToken(actor: Actor, projectId: TProjectId, insightId: number) {
  const { project, membership, insight } = await sharingOf(actor, projectId, insightId);
  const saved = await renewSharingToken(project.id, { insightId: insight.id });
  await writeActivity(project, membership.organizationId, actor.user.id, insight, "access token refreshed", null);
  return serializeSharing(saved);
}

/** The insight behind an enabled sharing token, or 404 (unknown, disabled, a dashboard's, or its insight deleted). */
export async function sharedInsight(accessToken: string) {
  const shared = await enabledSharing(accessToken);
  if (!shared?.config.insightId) throw notFound();
  const insight = await findInsight(shared.project.id, shared.config.insightId);
  return { project: shared.project, insight };
}

