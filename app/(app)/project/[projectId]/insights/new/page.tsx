import type { Metadata } from "next";
import { InsightBuilder } from "@/components/insights/builder/insight-builder";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "New insight" };

export default async function NewInsightPage({ params }: { params: Promise<{ projectId: string }> }) {
  return <InsightBuilder projectId={await projectIdOf(params)} mode="new" />;
}
