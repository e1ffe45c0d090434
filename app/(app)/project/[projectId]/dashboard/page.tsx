import type { Metadata } from "next";
import { DashboardsList } from "@/components/dashboards/dashboards-list";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Dashboards" };

export default async function DashboardsPage({ params }: { params: Promise<{ projectId: string }> }) {
  return <DashboardsList projectId={await projectIdOf(params)} />;
}
