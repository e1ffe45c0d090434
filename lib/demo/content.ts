// What a newcomer sees first in the demo project: a few saved insights of the demo's events (a trend broken down, a
// funnel, a retention and paths) on the project's home dashboard, made once through the insights and dashboards services.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { ZDashboardCreate } from "@/lib/dashboards/schemas";
import { DEFAULT_DASHBOARD_NAME } from "@/lib/dashboards/find";
import { createDashboard } from "@/lib/dashboards/service";
import { getDb } from "@/lib/db/client";
import { dashboards, insights, users } from "@/lib/db/schema";
import { ZInsightWrite } from "@/lib/insights/schemas";
import { createInsight } from "@/lib/insights/write";
import { DEMO_EMAIL } from "./marker";

/** Made only when the project no longer has the home dashboard it started with. */
const DEMO_DASHBOARD = "Demo overview";

/** The demo site's home page as paths name it (a URL's trailing slash dropped). */
const SITE = "https://www.hedgerow-demo.com";
const viz = (source: Record<string, unknown>) => ({ kind: "InsightVizNode", source });
const event = (name: string) => ({ kind: "EventsNode", event: name, name, math: "total" });

/** The demo's saved insights, by name: each reads events the demo generates (scripts/demo/generate.ts). */
export const DEMO_INSIGHTS: { name: string; description: string; query?: Record<string, unknown>; filters?: Record<string, unknown> }[] = [
  {
    name: "Pageviews by browser",
    description: "Daily pageviews over the last 30 days, one line per browser.",
    query: viz({
      kind: "TrendsQuery",
      series: [event("$pageview")],
      interval: "day",
      dateRange: { date_from: "-30d" },
      breakdownFilter: { breakdown: "$browser", breakdown_type: "event" },
    }),
  },
  {
    name: "Sign-up to paid funnel",
    description: "Of those who sign up, who finish onboarding and then upgrade to a paid plan, within 14 days.",
    // As PostHog's filters: their `layout` (steps as rows) is what keeps a funnel readable in a half-width tile.
    filters: {
      insight: "FUNNELS",
      events: ["signed_up", "onboarding_completed", "upgraded_plan"].map((id, order) => ({ id, name: id, type: "events", order })),
      date_from: "-90d",
      funnel_window_interval: 14,
      funnel_window_interval_unit: "day",
      layout: "horizontal",
    },
  },
  {
    name: "Weekly retention after sign-up",
    description: "Of those who signed up each week, who came back to view a page in the weeks after.",
    query: viz({
      kind: "RetentionQuery",
      dateRange: { date_from: "-8w" },
      retentionFilter: {
        period: "Week",
        totalIntervals: 8,
        retentionType: "retention_first_time",
        targetEntity: { id: "signed_up", type: "events", name: "signed_up" },
        returningEntity: { id: "$pageview", type: "events", name: "$pageview" },
      },
    }),
  },
  {
    name: "Paths from the home page",
    description: "Where visitors go after the home page.",
    query: viz({
      kind: "PathsQuery",
      dateRange: { date_from: "-30d" },
      pathsFilter: { includeEventTypes: ["$pageview"], startPoint: SITE, stepLimit: 4, edgeLimit: 12 },
    }),
  },
];

/** The dashboard the demo's insights go on: the project's home one (the pinned one it started with), else one made for them. */
async function demoDashboard(actor: Actor, projectId: number): Promise<number> {
  const db = await getDb();
  const [home] = await db
    .select({ id: dashboards.id })
    .from(dashboards)
    .where(
      and(
        eq(dashboards.projectId, projectId),
        eq(dashboards.deleted, false),
        inArray(dashboards.name, [DEFAULT_DASHBOARD_NAME, DEMO_DASHBOARD]),
      ),
    )
    .orderBy(asc(dashboards.id))
    .limit(1);
  if (home) return home.id;
  const input = ZDashboardCreate.parse({
    name: DEMO_DASHBOARD,
    description: "Made with the demo data: open a tile to see how its insight is built.",
    pinned: true,
  });
  return (await createDashboard(actor, projectId, input)).id;
}

/**
 * Makes the demo's insights in `projectId` as the demo user, on the project's home dashboard, each once: a run cut
 * short is completed by the next, and an insight a user deleted stays deleted. Answers how many were made.
 */
export async function seedDemoContent(projectId: number): Promise<number> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  if (!user) return 0;
  const actor: Actor = { user, apiKey: null };
  const made = await db
    .select({ name: insights.name })
    .from(insights)
    .where(
      and(
        eq(insights.projectId, projectId),
        inArray(
          insights.name,
          DEMO_INSIGHTS.map((insight) => insight.name),
        ),
      ),
    );
  const names = new Set(made.map((insight) => insight.name));
  const missing = DEMO_INSIGHTS.filter((candidate) => !names.has(candidate.name));
  if (!missing.length) return 0;
  const dashboardId = await demoDashboard(actor, projectId);
  // Read as the API reads what it is sent.
  for (const insight of missing)
    await createInsight(actor, projectId, ZInsightWrite.parse({ ...insight, saved: true, dashboards: [dashboardId] }));
  return missing.length;
}
