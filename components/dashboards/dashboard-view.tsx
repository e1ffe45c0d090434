"use client";

import { DetailPageLoading } from "@/components/detail-page-state";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DashboardFilters, type DashboardFilterValues, type PropertyFilter } from "@/components/dashboards/dashboard-filters";
import { DashboardGrid } from "@/components/dashboards/dashboard-grid";
import {
  DashboardActions,
  type DashboardDialog,
  DashboardError,
  DashboardHeading,
  EmptyDashboard,
} from "@/components/dashboards/dashboard-parts";
import { DashboardTile } from "@/components/dashboards/dashboard-tile";
import {
  AboutDashboardDialog,
  AddInsightDialog,
  DeleteDashboardDialog,
  SharingDialog,
  SubscriptionsDialog,
} from "@/components/lazy-dialogs";
import { PrivilegeLevel } from "@/lib/dashboards/permissions";
import { errorMessage } from "@/lib/ui/api-client";
import { refreshDashboardMutation, updateDashboardMutation } from "@/lib/ui/dashboards/mutations";
import { dashboardQuery } from "@/lib/ui/dashboards/queries";
import { toast } from "@/lib/ui/toast";
import type { TDashboard } from "@/lib/ui/types";

/** The dashboard's saved filters as the filter bar edits them (PostHog keeps any object; others are left out). */
function filterValues(filters: TDashboard["filters"]): DashboardFilterValues {
  const text = (value: unknown) => (typeof value === "string" && value ? value : null);
  const properties = Array.isArray(filters.properties)
    ? (filters.properties as Partial<PropertyFilter>[]).filter((p): p is PropertyFilter => typeof p?.key === "string")
    : [];
  return { date_from: text(filters.date_from), date_to: text(filters.date_to), properties };
}

/**
 * A dashboard: its tiles on a grid (moved and resized by those who may edit it, kept in the tiles' `layouts`),
 * the date range and property filters over every tile, refreshing, adding and removing insights, and sharing.
 * `embedded` shows it inside another page (the project home), with a heading that links to the dashboard.
 */
export function DashboardView({
  projectId,
  dashboardId,
  embedded = false,
}: {
  projectId: number;
  dashboardId: number;
  embedded?: boolean;
}) {
  const dashboard = useQuery(dashboardQuery(projectId, dashboardId));
  const update = useMutation({ ...updateDashboardMutation(projectId), onError: (error) => toast.error(errorMessage(error)) });
  const refresh = useMutation({
    ...refreshDashboardMutation(projectId, dashboardId),
    onSuccess: () => toast.success("Every insight was computed afresh."),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const [dialog, setDialog] = useState<DashboardDialog | null>(null);
  const closeDialog = (open: boolean) => !open && setDialog(null);

  if (dashboard.isPending) return <DetailPageLoading label="Loading dashboard" blocks={["h-9 w-64", "h-20 w-full", "h-80 w-full"]} />;
  if (dashboard.error) return <DashboardError projectId={projectId} error={dashboard.error} />;

  const data = dashboard.data;
  const canEdit = data.effective_privilege_level >= PrivilegeLevel.CAN_EDIT;
  const name = data.name || "Untitled dashboard";
  const busy = dashboard.isFetching || refresh.isPending || update.isPending;
  const saveFilters = (next: DashboardFilterValues) => update.mutate({ id: data.id, filters: { ...next } });
  const actions = (
    <DashboardActions
      canEdit={canEdit}
      empty={data.tiles.length === 0}
      refreshing={refresh.isPending}
      onRefresh={() => refresh.mutate()}
      open={setDialog}
    />
  );

  return (
    <div className="grid gap-4" aria-busy={busy}>
      <DashboardHeading projectId={projectId} dashboard={data} embedded={embedded} actions={actions} />
      <DashboardFilters
        key={JSON.stringify(data.filters)}
        value={filterValues(data.filters)}
        onChange={saveFilters}
        disabled={!canEdit || update.isPending}
      />
      <p className="sr-only" role="status">
        {busy ? "Updating the dashboard…" : ""}
      </p>
      {data.tiles.length === 0 ? (
        <EmptyDashboard projectId={projectId} canEdit={canEdit} onAdd={() => setDialog("add")} />
      ) : (
        <DashboardGrid tiles={data.tiles} editable={canEdit} onLayoutsChange={(tiles) => update.mutate({ id: data.id, tiles })}>
          {(tile, place, mover, onPlace) => (
            <DashboardTile
              tile={tile}
              projectId={projectId}
              dashboardId={data.id}
              edit={
                canEdit && onPlace
                  ? {
                      place,
                      mover,
                      onPlace,
                      onRemove: () =>
                        update.mutate(
                          { id: data.id, tiles: [{ id: tile.id, deleted: true }] },
                          { onSuccess: () => toast.success(`${tile.insight.name || "The insight"} was removed from the dashboard.`) },
                        ),
                    }
                  : undefined
              }
            />
          )}
        </DashboardGrid>
      )}
      <AddInsightDialog projectId={projectId} dashboardId={data.id} open={dialog === "add"} onOpenChange={closeDialog} />
      <SharingDialog
        title={name}
        sharingPath={`/api/projects/${projectId}/dashboards/${data.id}/sharing/`}
        canEdit={canEdit}
        open={dialog === "share"}
        onOpenChange={closeDialog}
      />
      <AboutDashboardDialog projectId={projectId} dashboard={data} open={dialog === "about"} onOpenChange={closeDialog} />
      <SubscriptionsDialog
        projectId={projectId}
        resource={{ kind: "dashboard", id: data.id }}
        open={dialog === "subscribe"}
        onOpenChange={closeDialog}
      />
      <DeleteDashboardDialog
        projectId={projectId}
        dashboard={dialog === "delete" ? data : null}
        onClose={() => setDialog(null)}
        leaveTo={`/project/${projectId}/dashboard`}
      />
    </div>
  );
}
