"use client";

import { useQuery } from "@tanstack/react-query";
import { liveVisitorsQuery, type WebSource } from "@/lib/ui/web/queries";

/** How often the live count is asked again. */
const LIVE_INTERVAL_MS = 30_000;

/** Persons who viewed a page in the last 30 minutes, asked again every 30 seconds. */
export function LiveVisitors({ source }: { source: WebSource }) {
  const answer = useQuery({ ...liveVisitorsQuery(source), refetchInterval: LIVE_INTERVAL_MS });
  const count = answer.data;
  return (
    <p className="inline-flex items-center gap-2 text-sm" aria-live="polite" data-testid="web-live">
      <span className="size-2 rounded-full bg-emerald-600" aria-hidden />
      {answer.isError
        ? "Live visitors unavailable"
        : count === undefined
          ? "Counting live visitors…"
          : `${count.toLocaleString("en")} ${count === 1 ? "visitor" : "visitors"} in the last 30 minutes`}
    </p>
  );
}
