import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { InsightBuilder } from "@/components/insights/builder/insight-builder";
import { currentProject } from "@/lib/ui/server";

export const metadata: Metadata = { title: "New insight" };

export default async function NewInsightPage({ params }: { params: Promise<{ projectId: string }> }) {
  const project = await currentProject((await params).projectId);
  if (!project) notFound();
  return <InsightBuilder projectId={project.id} mode="new" />;
}
