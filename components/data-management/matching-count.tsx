"use client";

import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/lib/ui/api-client";
import { matchingEventsQuery } from "@/lib/ui/data-management/queries";
import { formatCount } from "@/lib/ui/format";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";

/** Waits this long after the last change to the steps before counting again. */
const DEBOUNCE_MS = 400;

/** The last 30 days' events the steps match, counted again (once typing pauses) as the steps change. */
export function MatchingCount({ projectId, steps }: { projectId: number; steps: unknown[] }) {
  const settled = useDebouncedValue(JSON.stringify(steps), DEBOUNCE_MS);
  const count = useQuery({
    ...matchingEventsQuery(projectId, settled),
    enabled: steps.length > 0,
    placeholderData: (previous) => previous,
  });
  const text = count.error
    ? `Not counted: ${errorMessage(count.error)}`
    : count.data
      ? `${formatCount(count.data.count)} ${count.data.count === 1 ? "event" : "events"} in the last ${count.data.days} days`
      : steps.length
        ? "Counting…"
        : "";
  return (
    <p className="text-sm text-muted-foreground" role="status" aria-live="polite" aria-busy={count.isFetching}>
      {text}
    </p>
  );
}
