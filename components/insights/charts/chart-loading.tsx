import { Skeleton } from "@/components/ui/skeleton";

/**
 * What a chart's box shows while its drawing code arrives. recharts (with its d3 modules, ~175 KB gzipped) is
 * loaded with `next/dynamic` after the page is interactive rather than with the route; the box keeps its size, so
 * the drawing replaces the skeleton without moving anything.
 */
export function ChartLoading() {
  return <Skeleton className="size-full" role="status" aria-label="Loading chart" />;
}
