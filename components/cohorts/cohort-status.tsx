import { LoaderCircleIcon, TriangleAlertIcon } from "lucide-react";
import type { TCohort } from "@/lib/ui/cohorts/criteria";
import { formatCount } from "@/lib/ui/format";

/** A cohort's size, or that it is being calculated (its page and list poll until it is done), or that it failed. */
export function CohortStatus({ cohort }: { cohort: Pick<TCohort, "is_calculating" | "count" | "errors_calculating"> }) {
  if (cohort.is_calculating)
    return (
      <span className="inline-flex items-center gap-1.5 text-muted-foreground" role="status">
        <LoaderCircleIcon className="size-3.5 animate-spin" aria-hidden /> Calculating…
      </span>
    );
  if (cohort.errors_calculating && cohort.count === null)
    return (
      <span className="inline-flex items-center gap-1.5 text-destructive">
        <TriangleAlertIcon className="size-3.5" aria-hidden /> Could not calculate
      </span>
    );
  return <span>{cohort.count === null ? "—" : `${formatCount(cohort.count)} ${cohort.count === 1 ? "person" : "persons"}`}</span>;
}
