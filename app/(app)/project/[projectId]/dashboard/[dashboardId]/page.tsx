import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DashboardView } from "@/components/dashboards/dashboard-view";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage({ params }: { params: Promise<{ projectId: string; dashboardId: string }> }) {
  const projectId = await projectIdOf(params);
  const dashboardId = Number((await params).dashboardId);
  if (!Number.isSafeInteger(dashboardId) || dashboardId <= 0) notFound();
  return <DashboardView projectId={projectId} dashboardId={dashboardId} />;
}
