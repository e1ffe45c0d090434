"use client";

import { useQuery } from "@tanstack/react-query";
import { webQuery } from "@/lib/ui/web/queries";

/** How often the live count is asked again. */
const LIVE_INTERVAL_MS = 30_000;
const LIVE_QUERY = {
  kind: "HogQLQuery",
  query: "SELECT count(DISTINCT person_id) FROM events WHERE event = '$pageview' AND timestamp > now() - INTERVAL 30 MINUTE",
};

/** Persons who viewed a page in the last 30 minutes, asked again every 30 seconds. */
export function LiveVisitors({ projectId }: { projectId: number }) {
  const answer = useQuery({ ...webQuery({ projectId }, LIVE_QUERY), refetchInterval: LIVE_INTERVAL_MS, staleTime: 0 });
  const count = (answer.data?.results as number[][] | undefined)?.[0]?.[0];
  return (
    <p className="inline-flex items-center gap-2 text-sm" aria-live="polite" data-testid="web-live">
      <span className="size-2 rounded-full bg-emerald-600" aria-hidden />
      {count === undefined
        ? "Counting live visitors…"
        : `${count.toLocaleString("en")} ${count === 1 ? "visitor" : "visitors"} in the last 30 minutes`}
    </p>
  );
}
