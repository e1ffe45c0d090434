"use client";

import { kindOf } from "@/components/insights/builder/kinds";
import type { AnnotationPlace } from "@/components/annotations/annotation-dialog";
import type { LegacyFilters } from "@/lib/insights/builder/url-state";
import type { AnalysisResponse } from "@/lib/ui/types";

const readOnly = () => {};

/**
 * A computed insight drawn by its kind's view, read-only and compact: the chart alone, filling its box.
 * Dashboard tiles and shared pages use it, so they draw each kind exactly as the builder does.
 */
export function InsightChart({
  projectId,
  filters,
  response,
  annotations,
}: {
  projectId: number | null;
  filters: LegacyFilters;
  response: AnalysisResponse;
  /** Where it is shown to a member; a shared page has none. */
  annotations?: AnnotationPlace;
}) {
  const kind = kindOf(filters);
  if (response.result === null || response.result === undefined || (Array.isArray(response.result) && response.result.length === 0))
    return <p className="grid h-full min-h-24 place-items-center text-sm text-muted-foreground">No data in this range.</p>;
  // Compact views never call the API, so a shared page (no project of the visitor's) passes none.
  return (
    <kind.View projectId={projectId ?? 0} filters={filters} setFilters={readOnly} response={response} annotations={annotations} compact />
  );
}
