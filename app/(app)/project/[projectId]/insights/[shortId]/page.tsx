import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SavedInsight } from "@/components/insights/builder/saved-insight";
import { currentProject } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Insight" };

export default async function InsightPage({ params }: { params: Promise<{ projectId: string; shortId: string }> }) {
  const { projectId, shortId } = await params;
  const project = await currentProject(projectId);
  if (!project) notFound();
  return <SavedInsight projectId={project.id} shortId={shortId} mode="view" />;
}
