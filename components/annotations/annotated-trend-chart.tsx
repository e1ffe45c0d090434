"use client";

import type { ComponentProps } from "react";
import type { AnnotationPlace } from "@/components/annotations/annotation-dialog";
import { useChartAnnotations } from "@/components/annotations/use-chart-annotations";
import { useProjectTimeZone } from "@/components/annotations/use-project-time-zone";
import { isTimeSeries, TrendChart } from "@/components/insights/trends/chart";

/** A trend's chart with the annotations of `place` on its time axis (members' pages only: it reads the project). */
export function AnnotatedTrendChart({
  projectId,
  place,
  ...chart
}: Omit<ComponentProps<typeof TrendChart>, "markers"> & { projectId: number; place: AnnotationPlace }) {
  const timeZone = useProjectTimeZone(projectId);
  const reference = chart.lines.find((line) => line.compare !== "previous") ?? chart.lines[0];
  const days = isTimeSeries(chart.display) && reference ? reference.days : NO_DAYS;
  const markers = useChartAnnotations(projectId, place, days, chart.interval, timeZone);
  return <TrendChart {...chart} markers={markers} />;
}

const NO_DAYS: string[] = [];
