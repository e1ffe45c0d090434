"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { errorMessage } from "@/lib/ui/api-client";
import { insightPath } from "@/lib/ui/paths";
import { createInsightMutation, updateInsightMutation } from "@/lib/ui/insights/mutations";
import { toast } from "@/lib/ui/toast";
import type { TInsight } from "@/lib/ui/types";

type InsightBody = Parameters<ReturnType<typeof createInsightMutation>["mutationFn"] & {}>[0];

/**
 * Saving the builder's insight: created when new, updated otherwise, then shown saved. While `enabled`,
 * Ctrl/Cmd+S saves too, as in every editor. `body` is read at save time.
 */
export function useSaveInsight(projectId: number, insight: TInsight | undefined, body: () => InsightBody, enabled: boolean) {
  const router = useRouter();
  const settled = {
    onSuccess: (saved: TInsight) => {
      toast.success("Insight saved");
      router.push(insightPath(projectId, saved.short_id));
    },
    onError: (error: Error) => toast.error(errorMessage(error)),
  };
  const create = useMutation({ ...createInsightMutation(projectId), ...settled });
  const update = useMutation({ ...updateInsightMutation(projectId), ...settled });
  const saving = create.isPending || update.isPending;
  const save = () => {
    if (saving) return;
    if (insight) update.mutate({ id: insight.id, ...body() });
    else create.mutate(body());
  };

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return { save, saving };
}
