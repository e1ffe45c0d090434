"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { DashboardView } from "@/components/dashboards/dashboard-view";
import { ProjectSummary } from "@/components/project/project-summary";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/ui/api-client";
import { dashboardsQuery } from "@/lib/ui/dashboards/queries";
import { eventSummaryQuery } from "@/lib/ui/project/queries";

/**
 * A project's home once it has events: what it holds (volumes, newest event, top events), then its primary
 * dashboard, the first pinned one (every project starts with the pinned "My App Dashboard"). Before its first
 * event, `onboarding` instead.
 */
export function ProjectDashboard({ projectId, onboarding }: { projectId: number; onboarding: ReactNode }) {
  const summary = useQuery(eventSummaryQuery(projectId));
  const hasEvents = Boolean(summary.data?.last_event_at);
  const dashboards = useQuery({ ...dashboardsQuery(projectId), enabled: hasEvents });
  if (summary.isPending)
    return (
      <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  if (summary.error) return <FormAlert>{errorMessage(summary.error)}</FormAlert>;
  if (!hasEvents) return onboarding;
  const primary = dashboards.data?.find((dashboard) => dashboard.pinned) ?? dashboards.data?.[0];
  return (
    <div className="grid gap-8">
      <ProjectSummary projectId={projectId} summary={summary.data} />
      {primary && <DashboardView projectId={projectId} dashboardId={primary.id} embedded />}
    </div>
  );
}
