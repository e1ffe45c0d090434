"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { AnnotationPlace } from "@/components/annotations/annotation-dialog";
import { annotationsInRangeQuery, type TAnnotation } from "@/lib/ui/annotations/queries";
import { bucketOf, bucketsRange, wallTime } from "@/lib/ui/annotations/time";

/** The annotations drawn at one bucket of a chart's time axis. */
export interface AnnotationMarker {
  index: number;
  annotations: TAnnotation[];
}

/** Whether an annotation belongs on a chart of `place`: the project's and organization's, and the place's own. */
const belongs = (a: TAnnotation, place: AnnotationPlace) =>
  a.scope === "project" ||
  a.scope === "organization" ||
  (a.scope === "dashboard_item" && a.dashboard_item !== null && a.dashboard_item === place.insightId) ||
  (a.scope === "dashboard" && a.dashboard_id !== null && a.dashboard_id === place.dashboardId);

/**
 * The markers of a time axis (`days`, its buckets' wall-time starts in `timeZone`): the annotations dated in its
 * range that belong to `place`, grouped by bucket. No `place` (a shared page): none, and nothing is fetched.
 */
export function useChartAnnotations(
  projectId: number,
  place: AnnotationPlace | undefined,
  days: readonly string[],
  interval: string,
  timeZone: string,
): AnnotationMarker[] {
  const range = days.length ? bucketsRange(days, interval, timeZone) : null;
  const query = useQuery({
    ...annotationsInRangeQuery(projectId, range?.from ?? "", range?.to ?? ""),
    enabled: Boolean(place && range && projectId),
  });
  return useMemo(() => {
    if (!place || !query.data) return [];
    const byIndex = new Map<number, TAnnotation[]>();
    for (const annotation of query.data) {
      if (!annotation.date_marker || !belongs(annotation, place)) continue;
      const index = bucketOf(days, wallTime(new Date(annotation.date_marker), timeZone), interval);
      if (index !== null) byIndex.set(index, [...(byIndex.get(index) ?? []), annotation]);
    }
    return [...byIndex].map(([index, annotations]) => ({ index, annotations }));
  }, [place, query.data, days, interval, timeZone]);
}
