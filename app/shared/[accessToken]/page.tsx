import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SharedDashboardGrid } from "@/components/dashboards/shared-dashboard";
import { SharedWebAnalytics } from "@/components/web/shared-web-analytics";
import { InsightChart } from "@/components/insights/builder/insight-chart";
import { ApiError } from "@/lib/api/errors";
import { sharedDashboard } from "@/lib/dashboards/sharing";
import { analysisOf } from "@/lib/insights/compute";
import { sharedAnswer } from "@/lib/insights/result";
import { sharedInsight } from "@/lib/insights/sharing";
import { enabledSharing } from "@/lib/sharing/configurations";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Shared", robots: { index: false } };

/** The public, read-only view of an insight, a dashboard or a web analytics page whose sharing is enabled: no sign-in. */
export default async function SharedPage({ params }: { params: Promise<{ accessToken: string }> }) {
  const { accessToken } = await params;
  try {
    const shared = await enabledSharing(accessToken);
    if (shared?.config.webAnalyticsProjectId) return <SharedWeb accessToken={accessToken} timezone={shared.project.timezone} />;
    return shared?.config.dashboardId ? await SharedDashboard({ accessToken }) : await SharedInsight({ accessToken });
  } catch (error) {
    if (error instanceof ApiError) notFound();
    throw error;
  }
}

/** Its data is asked by the browser through the token's own routes, as the visitor changes the range or filters. */
function SharedWeb({ accessToken, timezone }: { accessToken: string; timezone: string }) {
  return (
    <main className="mx-auto max-w-7xl p-8">
      <h1 className="text-2xl font-semibold" data-testid="shared-web-analytics">
        Web analytics
      </h1>
      <p className="mt-4 mb-6 text-sm text-muted-foreground">Times in {timezone}</p>
      <SharedWebAnalytics accessToken={accessToken} />
    </main>
  );
}

async function SharedDashboard({ accessToken }: { accessToken: string }) {
  const { project, dashboard } = await sharedDashboard(accessToken);
  return (
    <main className="mx-auto max-w-7xl p-8">
      <h1 className="text-2xl font-semibold" data-testid="shared-dashboard-name">
        {dashboard.name || "Untitled dashboard"}
      </h1>
      {dashboard.description ? <p className="mt-2 text-muted-foreground">{dashboard.description}</p> : null}
      <p className="mt-4 mb-6 text-sm text-muted-foreground">Times in {project.timezone}</p>
      <SharedDashboardGrid tiles={dashboard.tiles} />
    </main>
  );
}

async function SharedInsight({ accessToken }: { accessToken: string }) {
  const { project, insight } = await sharedInsight(accessToken);
  // A visitor should see numbers: computed now when the cached result is stale.
  const answer = await sharedAnswer(project, insight, "blocking");
  const title = insight.name || insight.derivedName || "Untitled insight";
  return (
    <main className="mx-auto max-w-4xl p-8">
      <h1 className="text-2xl font-semibold" data-testid="shared-insight-name">
        {title}
      </h1>
      {insight.description ? <p className="mt-2 text-muted-foreground">{insight.description}</p> : null}
      <p className="mt-4 text-sm text-muted-foreground">
        {answer.last_refresh
          ? `Computed ${new Date(answer.last_refresh).toUTCString()} · times in ${project.timezone}`
          : "Not computed yet."}
      </p>
      {answer.result !== null ? (
        // A compact chart fills its box, as on a tile: the box has the height.
        <section className="mt-6 h-[28rem] overflow-auto rounded-lg border p-4" data-testid="shared-insight-result">
          <InsightChart
            projectId={project.id}
            filters={(analysisOf(insight)?.filter ?? {}) as Record<string, unknown>}
            response={{ ...answer, result: answer.result }}
          />
        </section>
      ) : null}
    </main>
  );
}
