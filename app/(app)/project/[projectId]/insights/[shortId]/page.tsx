import type { Metadata } from "next";
import { SavedInsight } from "@/components/insights/builder/saved-insight";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Insight" };

export default async function InsightPage({ params }: { params: Promise<{ projectId: string; shortId: string }> }) {
  return <SavedInsight projectId={await projectIdOf(params)} shortId={(await params).shortId} mode="view" />;
}
