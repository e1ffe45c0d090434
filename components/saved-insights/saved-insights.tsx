"use client";

import { useQuery } from "@tanstack/react-query";
import { useTable } from "@tanstack/react-table";
import { PlusIcon } from "lucide-react";
import Link from "next/link";
import { clientTableFeatures, DataTable, pagedOnServer } from "@/components/data-table";
import { PageHeader } from "@/components/page-header";
import { columns, InsightsContext } from "@/components/saved-insights/columns";
import { SavedInsightsFilters } from "@/components/saved-insights/filters-bar";
import { RecentlyViewed } from "@/components/saved-insights/recently-viewed";
import { RenameInsightDialog } from "@/components/saved-insights/rename-dialog";
import { useInsightListActions } from "@/components/saved-insights/use-insight-list-actions";
import { Button } from "@/components/ui/button";
import { insightsQuery } from "@/lib/ui/insights/queries";
import type { TInsightBasic } from "@/lib/ui/types";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

const PAGE_SIZE = 30;
const none: TInsightBasic[] = [];

/**
 * The project's saved insights, as PostHog's list: searched, filtered (type, favourites, creator, only mine) and
 * paged by the API, every choice in the URL; favourite, open, duplicate, rename and delete (with undo).
 */
export function SavedInsights({ projectId }: { projectId: number }) {
  const url = useTableUrlState({
    sortable: [],
    defaultSort: { id: "last_modified_at", desc: true },
    pageSize: PAGE_SIZE,
    filters: ["type", "favorites", "mine", "created_by"],
  });
  const { type, favorites, mine, created_by: createdBy } = url.filters;
  const params = {
    search: url.search || undefined,
    insight: type ?? undefined,
    favorited: favorites === "1" || undefined,
    user: mine === "1" || undefined,
    created_by: createdBy && mine !== "1" ? Number(createdBy) : undefined,
    offset: url.pagination.pageIndex * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const insights = useQuery(insightsQuery(projectId, params));
  const { actions, renaming, stopRenaming } = useInsightListActions(projectId);

  const table = useTable({
    features: clientTableFeatures,
    columns,
    data: insights.data?.results ?? none,
    getRowId: (insight) => String(insight.id),
    ...pagedOnServer(url, insights.data?.count ?? 0),
  });

  const filtered = Boolean(url.search || type || favorites || mine || createdBy);
  return (
    <InsightsContext.Provider value={actions}>
      <PageHeader
        title="Insights"
        description="The project's saved insights."
        actions={
          <Button asChild>
            <Link href={`/project/${projectId}/insights/new`}>
              <PlusIcon /> New insight
            </Link>
          </Button>
        }
      />
      <section className="grid gap-3" aria-label="Saved insights">
        <RecentlyViewed projectId={projectId} />
        <SavedInsightsFilters url={url} />
        <DataTable
          table={table}
          label="Saved insights"
          isPending={insights.isPending}
          error={insights.error}
          empty={
            filtered ? (
              "No saved insight matches these filters."
            ) : (
              <span>
                No saved insights yet.{" "}
                <Link href={`/project/${projectId}/insights/new`} className="font-medium text-primary hover:underline">
                  New insight
                </Link>
              </span>
            )
          }
        />
      </section>
      <RenameInsightDialog projectId={projectId} insight={renaming} onClose={stopRenaming} />
    </InsightsContext.Provider>
  );
}
