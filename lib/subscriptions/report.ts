import { and, asc, eq } from "drizzle-orm";
import { config } from "@/lib/config";
import type { DashboardFilters } from "@/lib/dashboards/filters";
import { getDb } from "@/lib/db/client";
import { dashboards, dashboardTiles, insights, projects, type Insight, type Project, type Subscription } from "@/lib/db/schema";
import { insightAnswer } from "@/lib/insights/result";

/** Tiles of a dashboard a delivery computes; the others are named as left out. */
const MAX_TILES = 20;
/** Series listed per insight (a breakdown may have hundreds). */
const MAX_LINES = 20;

interface ReportLine {
  label: string;
  /** The last point of a series; null for a single value (a funnel step, a total). */
  latest: number | null;
  total: number | null;
}

interface ReportSection {
  name: string;
  url: string | null;
  lines: ReportLine[];
  /** Said instead of numbers: a result that is not a list of series, or a failure to compute it. */
  note: string | null;
  /** Series not listed past MAX_LINES. */
  more: number;
}

/** What a delivery says: the subscription's title, what it sends, a link, and each insight's numbers. */
export interface Report {
  title: string;
  kind: "Insight" | "Dashboard";
  name: string;
  url: string | null;
  sections: ReportSection[];
  /** Tiles left out past MAX_TILES. */
  moreTiles: number;
}

const appUrl = (path: string) => (config.siteUrl ? `${config.siteUrl.replace(/\/+$/, "")}${path}` : null);
const insightUrl = (projectId: number, shortId: string) => appUrl(`/project/${projectId}/insights/${shortId}`);
const insightName = (insight: Insight) => insight.name || insight.derivedName || "Untitled insight";
const finite = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** Series (label, data points, count), or a funnel's steps (name, count); anything else has no lines. */
function linesOf(result: unknown): ReportLine[] | null {
  if (!Array.isArray(result) || !result.length) return null;
  const items = (Array.isArray(result[0]) ? result.flat() : result) as Record<string, unknown>[];
  if (!items.every((item) => item && typeof item === "object")) return null;
  if (items.every((item) => Array.isArray(item.data))) {
    return items.map((item) => {
      const data = (item.data as unknown[]).map(finite);
      const total = finite(item.aggregated_value) ?? finite(item.count) ?? data.reduce<number>((sum, v) => sum + (v ?? 0), 0);
      return { label: String(item.label ?? "Series"), latest: data.length ? data[data.length - 1] : null, total };
    });
  }
  if (items.every((item) => typeof item.count === "number" && "name" in item))
    return items.map((item, i) => ({ label: `Step ${i + 1}: ${String(item.name ?? "")}`, latest: null, total: finite(item.count) }));
  return null;
}

async function sectionOf(project: Project, insight: Insight, filters?: DashboardFilters): Promise<ReportSection> {
  const section = { name: insightName(insight), url: insightUrl(project.id, insight.shortId), lines: [], note: null, more: 0 };
  try {
    const answer = await insightAnswer(project, insight, "blocking", filters);
    const lines = linesOf(answer.result);
    if (!lines) return { ...section, note: "Open the insight to see its result." };
    return { ...section, lines: lines.slice(0, MAX_LINES), more: Math.max(0, lines.length - MAX_LINES) };
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 300) : "unknown error";
    return { ...section, note: `It could not be computed: ${reason}` };
  }
}

/** Computes the subscription's insight, or each of its dashboard's tiles in their order, with the existing analyses. */
export async function reportOf(subscription: Subscription): Promise<Report> {
  const db = await getDb();
  const [project] = await db.select().from(projects).where(eq(projects.id, subscription.projectId));
  if (subscription.insightId !== null) {
    const [insight] = await db.select().from(insights).where(eq(insights.id, subscription.insightId));
    const section = await sectionOf(project, insight);
    return {
      title: subscription.title || section.name,
      kind: "Insight",
      name: section.name,
      url: section.url,
      sections: [section],
      moreTiles: 0,
    };
  }
  const [dashboard] = await db.select().from(dashboards).where(eq(dashboards.id, subscription.dashboardId!));
  const tiles = await db
    .select({ insight: insights })
    .from(dashboardTiles)
    .innerJoin(insights, eq(insights.id, dashboardTiles.insightId))
    .where(and(eq(dashboardTiles.dashboardId, dashboard.id), eq(dashboardTiles.deleted, false), eq(insights.deleted, false)))
    .orderBy(asc(dashboardTiles.id));
  const sections: ReportSection[] = [];
  // One after another: a delivery is background work and must not take every analysis slot.
  for (const { insight } of tiles.slice(0, MAX_TILES))
    sections.push(await sectionOf(project, insight, dashboard.filters as DashboardFilters));
  const name = dashboard.name || "Untitled dashboard";
  return {
    title: subscription.title || name,
    kind: "Dashboard",
    name,
    url: appUrl(`/project/${project.id}/dashboard/${dashboard.id}`),
    sections,
    moreTiles: Math.max(0, tiles.length - MAX_TILES),
  };
}
