import { Skeleton } from "@/components/ui/skeleton";

/** The result's place while it is computed, or while its kind's view loads: a chart and a table. */
export function ResultLoading() {
  return (
    <div className="grid gap-2" aria-busy="true">
      <Skeleton className="h-72 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** The editor column while a kind's editor loads (drawn in the browser only, see the kinds' definitions). */
export function EditorLoading() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <Skeleton className="h-5 w-24" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-5 w-24" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}
