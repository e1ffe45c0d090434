"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { MoreHorizontalIcon, PencilIcon, PlusIcon, RefreshCwIcon, Share2Icon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { DashboardFilters, type DashboardFilterValues, type PropertyFilter } from "@/components/dashboards/dashboard-filters";
import { DashboardGrid } from "@/components/dashboards/dashboard-grid";
import { DashboardTile } from "@/components/dashboards/dashboard-tile";
import { AboutDashboardDialog, AddInsightDialog, DeleteDashboardDialog, SharingDialog } from "@/components/lazy-dialogs";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { PrivilegeLevel } from "@/lib/dashboards/permissions";
import { ApiRequestError, errorMessage } from "@/lib/ui/api-client";
import { refreshDashboardMutation, updateDashboardMutation } from "@/lib/ui/project-mutations";
import { dashboardQuery } from "@/lib/ui/project-queries";
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
export function DashboardView({ projectId, dashboardId, embedded = false }: { projectId: number; dashboardId: number; embedded?: boolean }) {
  const dashboard = useQuery(dashboardQuery(projectId, dashboardId));
  const update = useMutation({ ...updateDashboardMutation(projectId), onError: (error) => toast.error(errorMessage(error)) });
  const refresh = useMutation({
    ...refreshDashboardMutation(projectId, dashboardId),
    onSuccess: () => toast.success("Every insight was computed afresh."),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const [dialog, setDialog] = useState<"add" | "about" | "share" | "delete" | null>(null);
  const closeDialog = (open: boolean) => !open && setDialog(null);

  if (dashboard.isPending)
    return (
      <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading dashboard">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-20 w-full" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-80" />
          <Skeleton className="h-80" />
        </div>
      </div>
    );
  if (dashboard.error)
    return (
      <div className="grid gap-4">
        <FormAlert>
          {dashboard.error instanceof ApiRequestError && dashboard.error.status === 404
            ? "This dashboard doesn't exist, or it was deleted."
            : errorMessage(dashboard.error)}
        </FormAlert>
        <Link href={`/project/${projectId}/dashboard`} className="text-sm font-medium text-primary hover:underline">
          All dashboards
        </Link>
      </div>
    );

  const data = dashboard.data;
  const canEdit = data.effective_privilege_level >= PrivilegeLevel.CAN_EDIT;
  const name = data.name || "Untitled dashboard";
  const busy = dashboard.isFetching || refresh.isPending || update.isPending;
  const saveFilters = (next: DashboardFilterValues) => update.mutate({ id: data.id, filters: { ...next } });

  const actions: ReactNode = (
    <>
      {canEdit && (
        <Button variant="outline" onClick={() => setDialog("add")}>
          <PlusIcon /> Add insight
        </Button>
      )}
      <Button variant="outline" onClick={() => refresh.mutate()} disabled={refresh.isPending || data.tiles.length === 0}>
        <RefreshCwIcon className={refresh.isPending ? "animate-spin" : undefined} /> {refresh.isPending ? "Refreshing…" : "Refresh all"}
      </Button>
      <Button variant="outline" onClick={() => setDialog("share")}>
        <Share2Icon /> Share
      </Button>
      {canEdit && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label="Dashboard actions">
              <MoreHorizontalIcon />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setDialog("about")}>
              <PencilIcon /> Rename
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setDialog("delete")} className="text-destructive focus:text-destructive">
              <Trash2Icon /> Delete dashboard
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </>
  );

  return (
    <div className="grid gap-4" aria-busy={busy}>
      {embedded ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="grid gap-1">
            <h2 className="text-lg font-semibold">
              <Link href={`/project/${projectId}/dashboard/${data.id}`} className="hover:underline">
                {name}
              </Link>
            </h2>
            {data.description && <p className="text-sm text-muted-foreground">{data.description}</p>}
          </div>
          <div className="flex flex-wrap items-center gap-2">{actions}</div>
        </div>
      ) : (
        <PageHeader
          title={
            <span className="flex items-center gap-2">
              {name}
              {data.is_shared && <Badge variant="secondary">Shared</Badge>}
            </span>
          }
          description={data.description || undefined}
          actions={<div className="flex flex-wrap items-center gap-2">{actions}</div>}
        />
      )}
      <DashboardFilters key={JSON.stringify(data.filters)} value={filterValues(data.filters)} onChange={saveFilters} disabled={!canEdit || update.isPending} />
      <p className="sr-only" role="status">
        {busy ? "Updating the dashboard…" : ""}
      </p>
      {data.tiles.length === 0 ? (
        <div className="grid place-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <p className="font-medium">This dashboard has no insights yet.</p>
          <p className="max-w-md text-sm text-muted-foreground">Add saved insights to see them side by side, over one date range.</p>
          <div className="flex gap-2">
            {canEdit && (
              <Button onClick={() => setDialog("add")}>
                <PlusIcon /> Add insight
              </Button>
            )}
            <Button variant="outline" asChild>
              <Link href={`/project/${projectId}/insights/new`}>New insight</Link>
            </Button>
          </div>
        </div>
      ) : (
        <DashboardGrid tiles={data.tiles} editable={canEdit} onLayoutsChange={(tiles) => update.mutate({ id: data.id, tiles })}>
          {(tile, place, mover, onPlace) => (
            <DashboardTile
              tile={tile}
              projectId={projectId}
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
      <DeleteDashboardDialog
        projectId={projectId}
        dashboard={dialog === "delete" ? data : null}
        onClose={() => setDialog(null)}
        leaveTo={`/project/${projectId}/dashboard`}
      />
    </div>
  );
}
