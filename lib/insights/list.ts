import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Page } from "@/lib/api/pagination";
import { insightsOnDashboards } from "@/lib/dashboards/placement";
import { getDb } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { insights } from "@/lib/db/schema";
import type { TProjectId } from "@/lib/projects/schemas";
import { readableProject, type InsightReader } from "./access";

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
    const queryKind = {
      TRENDS: "TrendsQuery",
      FUNNELS: "FunnelsQuery",
      RETENTION: "RetentionQuery",
      PATHS: "PathsQuery",
      STICKINESS: "StickinessQuery",
      LIFECYCLE: "LifecycleQuery",
    }[kind];
    where.push(
      or(
        sql`${insights.filters}->>'insight' = ${kind}`,
        queryKind ? sql`${insights.query}->'source'->>'kind' = ${queryKind}` : sql`false`,
      )!,
    );
  }
  const [{ total }] = await db
    .select({ total: count() })
    .from(insights)
    .where(and(...where));
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
