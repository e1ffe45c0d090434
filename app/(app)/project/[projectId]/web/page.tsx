import type { Metadata } from "next";
import { WebAnalytics } from "@/components/web/web-analytics";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Web analytics" };

export default async function WebAnalyticsPage({ params }: { params: Promise<{ projectId: string }> }) {
  return <WebAnalytics projectId={await projectIdOf(params)} />;
}
