"use client";

import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { InsightListActions } from "@/components/saved-insights/columns";
import { errorMessage } from "@/lib/ui/api-client";
import { insightTitle } from "@/lib/ui/insights/labels";
import { createInsightMutation, updateInsightMutation } from "@/lib/ui/insights/mutations";
import { toast } from "@/lib/ui/toast";
import type { TInsightBasic } from "@/lib/ui/types";

/** What a saved insight's row can do: favourite, duplicate, rename (the insight being renamed) and delete with undo. */
export function useInsightListActions(projectId: number) {
  const [renaming, setRenaming] = useState<TInsightBasic | null>(null);
  const { mutate: save } = useMutation({ ...updateInsightMutation(projectId), onError: (error) => toast.error(errorMessage(error)) });
  const { mutate: add } = useMutation({ ...createInsightMutation(projectId), onError: (error) => toast.error(errorMessage(error)) });
  const actions = useMemo<InsightListActions>(
    () => ({
      projectId,
      toggleFavorite: (insight) => save({ id: insight.id, favorited: !insight.favorited }),
      duplicate: (insight) =>
        add(
          {
            name: `${insightTitle(insight)} (copy)`,
            description: insight.description,
            filters: insight.filters,
            query: insight.query,
            tags: insight.tags,
            saved: true,
          },
          { onSuccess: (copy) => toast.success(`${insightTitle(copy)} was created.`) },
        ),
      rename: setRenaming,
      remove: (insight) =>
        save(
          { id: insight.id, deleted: true },
          {
            onSuccess: () =>
              toast.success(`${insightTitle(insight)} was deleted.`, {
                action: { label: "Undo", onClick: () => save({ id: insight.id, deleted: false }) },
              }),
          },
        ),
    }),
    [projectId, save, add],
  );
  return { actions, renaming, stopRenaming: () => setRenaming(null) };
}
