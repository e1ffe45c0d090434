import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApiError } from "@/lib/api/errors";
import { InsightChart } from "@/components/insights/builder/insight-chart";
import { analysisOf } from "@/lib/insights/compute";
import { sharedAnswer, sharedInsight } from "@/lib/insights/service";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Shared insight", robots: { index: false } };

/** The public, read-only view of an insight whose sharing is enabled: no sign-in. */
export default async function SharedInsightPage({ params }: { params: Promise<{ accessToken: string }> }) {
  const { accessToken } = await params;
  let shared;
  try {
    shared = await sharedInsight(accessToken);
  } catch (error) {
    if (error instanceof ApiError) notFound();
    throw error;
  }
  const { project, insight } = shared;
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
        <section className="mt-6 rounded-lg border p-4" data-testid="shared-insight-result">
          <InsightChart projectId={project.id} filters={(analysisOf(insight)?.filter ?? {}) as Record<string, unknown>} response={{ ...answer, result: answer.result }} />
        </section>
      ) : null}
    </main>
  );
}
