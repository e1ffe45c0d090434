import type { Metadata } from "next";
import { SavedInsights } from "@/components/saved-insights/saved-insights";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Insights" };

export default async function SavedInsightsPage({ params }: { params: Promise<{ projectId: string }> }) {
  return <SavedInsights projectId={await projectIdOf(params)} />;
}
