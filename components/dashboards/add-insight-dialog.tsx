"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { insightKind } from "@/lib/insights/query-node";
import { errorMessage } from "@/lib/ui/api-client";
import { formatRelative } from "@/lib/ui/format";
import { insightTitle, KIND_LABELS } from "@/lib/ui/insights/labels";
import { updateInsightMutation } from "@/lib/ui/insights/mutations";
import { insightPickerQuery } from "@/lib/ui/insights/queries";
import { toast } from "@/lib/ui/toast";
import type { TInsightBasic } from "@/lib/ui/types";

/** Picks saved insights to put on the dashboard: an insight joins it through its `dashboards`, as in PostHog. */
export function AddInsightDialog({
  projectId,
  dashboardId,
  open,
  onOpenChange,
}: {
  projectId: number;
  dashboardId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [search, setSearch] = useState("");
  const insights = useQuery({ ...insightPickerQuery(projectId, search), enabled: open });
  const place = useMutation({
    ...updateInsightMutation(projectId),
    onSuccess: (insight) => toast.success(`${insightTitle(insight)} was added to the dashboard.`),
  });
  const add = (insight: TInsightBasic) => place.mutate({ id: insight.id, dashboards: [...insight.dashboards, dashboardId] });
  const results = insights.data?.results ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Add an insight</DialogTitle>
          <DialogDescription>Put one of the project&apos;s saved insights on this dashboard.</DialogDescription>
        </DialogHeader>
        <SearchInput value={search} onChange={setSearch} placeholder="Search saved insights" />
        <FormAlert>{place.error ? errorMessage(place.error) : null}</FormAlert>
        {insights.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : insights.error ? (
          <FormAlert>{errorMessage(insights.error)}</FormAlert>
        ) : results.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">
            {search ? `No saved insight matches “${search}”.` : "This project has no saved insights yet."}{" "}
            <Link href={`/project/${projectId}/insights/new`} className="font-medium text-primary underline-offset-4 hover:underline">
              New insight
            </Link>
          </p>
        ) : (
          <ul aria-label="Saved insights" className="grid max-h-96 gap-1 overflow-y-auto">
            {results.map((insight) => {
              const added = insight.dashboards.includes(dashboardId);
              const kind = insightKind(insight);
              return (
                <li key={insight.id} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
                  <div className="grid min-w-0">
                    <span className="truncate font-medium">{insightTitle(insight)}</span>
                    <span className="text-xs text-muted-foreground">
                      {(kind && KIND_LABELS[kind]) ?? "Insight"} · modified {formatRelative(insight.last_modified_at)}
                    </span>
                  </div>
                  <Button
                    size="sm"
                    variant={added ? "ghost" : "outline"}
                    disabled={added || (place.isPending && place.variables?.id === insight.id)}
                    onClick={() => add(insight)}
                    aria-label={added ? `${insightTitle(insight)} is on this dashboard` : `Add ${insightTitle(insight)}`}
                  >
                    {added ? "Added" : "Add"}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
