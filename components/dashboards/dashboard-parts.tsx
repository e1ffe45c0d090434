"use client";

import { DetailPageError } from "@/components/detail-page-state";
import { MailIcon, MoreHorizontalIcon, PencilIcon, PlusIcon, RefreshCwIcon, Share2Icon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { TDashboard } from "@/lib/ui/types";

/** The dialogs a dashboard's page opens, one at a time. */
export type DashboardDialog = "add" | "about" | "share" | "subscribe" | "delete";

/** A dashboard that could not be read, with the way back to the list. */
export function DashboardError({ projectId, error }: { projectId: number; error: Error }) {
  return (
    <DetailPageError
      error={error}
      notFound={{ title: "Dashboard not found", description: "This dashboard doesn't exist, or it was deleted." }}
      back={
        <Link href={`/project/${projectId}/dashboard`} className="text-sm font-medium text-primary hover:underline">
          All dashboards
        </Link>
      }
    />
  );
}

/** Add insight, Refresh all, Share, Subscribe, and (for editors) rename and delete. */
export function DashboardActions({
  canEdit,
  empty,
  refreshing,
  onRefresh,
  open,
}: {
  canEdit: boolean;
  empty: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  open: (dialog: DashboardDialog) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {canEdit && (
        <Button variant="outline" onClick={() => open("add")}>
          <PlusIcon /> Add insight
        </Button>
      )}
      <Button variant="outline" onClick={onRefresh} disabled={refreshing || empty}>
        <RefreshCwIcon className={refreshing ? "animate-spin" : undefined} /> {refreshing ? "Refreshing…" : "Refresh all"}
      </Button>
      <Button variant="outline" onClick={() => open("share")}>
        <Share2Icon /> Share
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Dashboard actions">
            <MoreHorizontalIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => open("subscribe")}>
            <MailIcon /> Subscribe
          </DropdownMenuItem>
          {canEdit && (
            <>
              <DropdownMenuItem onSelect={() => open("about")}>
                <PencilIcon /> Rename
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => open("delete")} className="text-destructive focus:text-destructive">
                <Trash2Icon /> Delete dashboard
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

/** The dashboard's name: the page's header, or a linked heading when embedded in another page (the project home). */
export function DashboardHeading({
  projectId,
  dashboard,
  embedded,
  actions,
}: {
  projectId: number;
  dashboard: TDashboard;
  embedded: boolean;
  actions: ReactNode;
}) {
  const name = dashboard.name || "Untitled dashboard";
  if (!embedded)
    return (
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            {name}
            {dashboard.is_shared && <Badge variant="secondary">Shared</Badge>}
          </span>
        }
        description={dashboard.description || undefined}
        actions={actions}
      />
    );
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">
          <Link href={`/project/${projectId}/dashboard/${dashboard.id}`} className="hover:underline">
            {name}
          </Link>
        </h2>
        {dashboard.description && <p className="text-sm text-muted-foreground">{dashboard.description}</p>}
      </div>
      {actions}
    </div>
  );
}

/** What an empty dashboard offers: adding a saved insight, or making a new one. */
export function EmptyDashboard({ projectId, canEdit, onAdd }: { projectId: number; canEdit: boolean; onAdd: () => void }) {
  return (
    <div className="grid place-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
      <p className="font-medium">This dashboard has no insights yet.</p>
      <p className="max-w-md text-sm text-muted-foreground">Add saved insights to see them side by side, over one date range.</p>
      <div className="flex gap-2">
        {canEdit && (
          <Button onClick={onAdd}>
            <PlusIcon /> Add insight
          </Button>
        )}
        <Button variant="outline" asChild>
          <Link href={`/project/${projectId}/insights/new`}>New insight</Link>
        </Button>
      </div>
    </div>
  );
}
