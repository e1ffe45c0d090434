"use client";

import { useQuery } from "@tanstack/react-query";
import { HistoryIcon } from "lucide-react";
import Link from "next/link";
import { insightTitle } from "@/lib/ui/insights/labels";
import { insightPath } from "@/lib/ui/paths";
import { lastViewedInsightsQuery } from "@/lib/ui/insights/queries";

/** The insights the signed-in user opened last (PostHog's `my_last_viewed`), one click away; nothing until there are some. */
export function RecentlyViewed({ projectId }: { projectId: number }) {
  const recent = useQuery(lastViewedInsightsQuery(projectId));
  if (!recent.data?.length) return null;
  return (
    <nav aria-label="Recently viewed insights" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="flex items-center gap-1.5 text-muted-foreground">
        <HistoryIcon className="size-4" aria-hidden /> Recently viewed:
      </span>
      {recent.data.map((insight) => (
        <Link
          key={insight.id}
          href={insightPath(projectId, insight.short_id)}
          className="rounded-full border px-2.5 py-0.5 hover:bg-accent"
        >
          {insightTitle(insight)}
        </Link>
      ))}
    </nav>
  );
}
