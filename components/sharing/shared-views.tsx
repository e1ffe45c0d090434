import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { SharedDashboardGrid } from "@/components/dashboards/shared-dashboard";
import { InsightChart } from "@/components/insights/builder/insight-chart";
import { SharedWebAnalytics } from "@/components/web/shared-web-analytics";
import { ApiError } from "@/lib/api/errors";
import { sharedDashboard } from "@/lib/dashboards/sharing";
import { analysisOf } from "@/lib/insights/compute";
import { sharedAnswer } from "@/lib/insights/result";
import { sharedInsight } from "@/lib/insights/sharing";
import { enabledSharing } from "@/lib/sharing/configurations";
import { cn } from "@/lib/ui/utils";

/**
 * What an enabled share token opens, read-only and without signing in: an insight, a dashboard or a project's web
 * analytics page; a 404 for any other token. `embedded` (`/embedded/<token>`, for another site's iframe) keeps the
 * content only: the title is for screen readers, the notes under it are left out.
 */
export async function SharedView({ accessToken, embedded }: { accessToken: string; embedded: boolean }) {
  try {
    const shared = await enabledSharing(accessToken);
    if (shared?.config.webAnalyticsProjectId)
      return <SharedWeb accessToken={accessToken} timezone={shared.project.timezone} embedded={embedded} />;
    return shared?.config.dashboardId ? await SharedDashboard({ accessToken, embedded }) : await SharedInsight({ accessToken, embedded });
  } catch (error) {
    if (error instanceof ApiError) notFound();
    throw error;
  }
}

function Frame(props: { embedded: boolean; wide: boolean; title: string; testId: string; notes: ReactNode; children: ReactNode }) {
  return (
    <main className={cn("mx-auto", props.wide ? "max-w-7xl" : "max-w-4xl", props.embedded ? "p-3" : "p-8")}>
      <h1 className={cn("text-2xl font-semibold", props.embedded && "sr-only")} data-testid={props.testId}>
        {props.title}
      </h1>
      {props.embedded ? null : props.notes}
      {props.children}
    </main>
  );
}

/** Its data is asked by the browser through the token's own routes, as the visitor changes the range or filters. */
function SharedWeb({ accessToken, timezone, embedded }: { accessToken: string; timezone: string; embedded: boolean }) {
  return (
    <Frame
      embedded={embedded}
      wide
      title="Web analytics"
      testId="shared-web-analytics"
      notes={<p className="mt-4 mb-6 text-sm text-muted-foreground">Times in {timezone}</p>}
    >
      <SharedWebAnalytics accessToken={accessToken} />
    </Frame>
  );
}

async function SharedDashboard({ accessToken, embedded }: { accessToken: string; embedded: boolean }) {
  const { project, dashboard } = await sharedDashboard(accessToken);
  const notes = (
    <>
      {dashboard.description ? <p className="mt-2 text-muted-foreground">{dashboard.description}</p> : null}
      <p className="mt-4 mb-6 text-sm text-muted-foreground">Times in {project.timezone}</p>
    </>
  );
  return (
    <Frame embedded={embedded} wide title={dashboard.name || "Untitled dashboard"} testId="shared-dashboard-name" notes={notes}>
      <SharedDashboardGrid tiles={dashboard.tiles} />
    </Frame>
  );
}

async function SharedInsight({ accessToken, embedded }: { accessToken: string; embedded: boolean }) {
  const { project, insight } = await sharedInsight(accessToken);
  // A visitor should see numbers: computed now when the cached result is stale.
  const answer = await sharedAnswer(project, insight, "blocking");
  const notes = (
    <>
      {insight.description ? <p className="mt-2 text-muted-foreground">{insight.description}</p> : null}
      <p className="mt-4 text-sm text-muted-foreground">
        {answer.last_refresh
          ? `Computed ${new Date(answer.last_refresh).toUTCString()} · times in ${project.timezone}`
          : "Not computed yet."}
      </p>
    </>
  );
  return (
    <Frame
      embedded={embedded}
      wide={false}
      title={insight.name || insight.derivedName || "Untitled insight"}
      testId="shared-insight-name"
      notes={notes}
    >
      {answer.result !== null ? (
        // A compact chart fills its box, as on a tile: the box has the height.
        <section className={cn("h-[28rem] overflow-auto rounded-lg border p-4", !embedded && "mt-6")} data-testid="shared-insight-result">
          <InsightChart
            projectId={project.id}
            filters={(analysisOf(insight)?.filter ?? {}) as Record<string, unknown>}
            response={{ ...answer, result: answer.result }}
          />
        </section>
      ) : null}
    </Frame>
  );
}
