"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DashboardView } from "@/components/dashboards/dashboard-view";
import { Skeleton } from "@/components/ui/skeleton";
import { dashboardsQuery, projectHasEventsQuery } from "@/lib/ui/queries";

/**
 * A project's home once it has events: its primary dashboard, the first pinned one (every project starts with
 * the pinned "My App Dashboard"). Before its first event, or without any dashboard, `onboarding` instead.
 */
export function ProjectDashboard({ projectId, onboarding }: { projectId: number; onboarding: ReactNode }) {
  const hasEvents = useQuery(projectHasEventsQuery(projectId));
  const dashboards = useQuery({ ...dashboardsQuery(projectId), enabled: hasEvents.data === true });
  if (hasEvents.isPending || (hasEvents.data && dashboards.isPending))
    return (
      <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  const primary = dashboards.data?.find((dashboard) => dashboard.pinned) ?? dashboards.data?.[0];
  if (!hasEvents.data || !primary) return onboarding;
  return <DashboardView projectId={projectId} dashboardId={primary.id} embedded />;
}
