"use client";

import type { SortingState } from "@tanstack/react-table";
import { type ComponentProps, useCallback, useMemo, useState } from "react";
import { AnnotatedTrendChart } from "@/components/annotations/annotated-trend-chart";
import { TrendPointMenu } from "@/components/annotations/trend-point-menu";
import type { KindViewProps } from "@/components/insights/builder/types";
import { TrendChart, isTimeSeries } from "@/components/insights/trends/chart";
import { useMenuFocus } from "@/components/insights/trends/keyboard-point";
import { ResultsTable, useResultsTable } from "@/components/insights/trends/results-table";
import { PointPersons, bucketStart } from "@/components/insights/trends/point-persons";
import { formatBucket, trendLines, type TrendLine } from "@/components/insights/trends/results";
import type { TrendsFilters } from "@/components/insights/trends/types";
import { csvFileName } from "@/lib/ui/download";
import type { TTrendItem } from "@/lib/ui/types";

/**
 * The trend's chart and, under it, its results table: the table's sort orders the chart's lines and its checkboxes
 * hide lines from the chart. Clicking a point (or a table cell) lists the persons behind it. Compact (dashboard
 * tiles, shared pages): the chart alone, filling its box.
 */
export function TrendsView({ projectId, filters, response, compact, title, annotations }: KindViewProps<TrendsFilters, TTrendItem[]>) {
  const display = String(filters.display ?? "ActionsLineGraph");
  const interval = String(filters.interval ?? "day");
  const timeSeries = isTimeSeries(display);
  // Series and formulas come in one answer, the same for the builder, a dashboard's tile and a shared page.
  const lines = useMemo(() => trendLines(response.result), [response.result]);
  const [hidden, setHidden] = useState<Set<string>>(() => new Set());
  const [sorting, setSorting] = useState<SortingState>([]);
  const [point, setPoint] = useState<{ index: number; lineId: string | null } | null>(null);
  const [clicked, setClicked] = useState<{ index: number; lineId: string | null; at: { x: number; y: number } } | null>(null);
  const menuFocus = useMenuFocus();
  const toggle = useCallback(
    (line: TrendLine) =>
      setHidden((current) => {
        const next = new Set(current);
        if (!next.delete(line.id)) next.add(line.id);
        return next;
      }),
    [],
  );
  const openCell = useCallback((line: TrendLine, index: number) => setPoint({ index, lineId: line.id }), []);
  const table = useResultsTable({
    lines,
    interval,
    timeSeries,
    hidden,
    onToggle: toggle,
    sorting,
    onSortingChange: (updater) => setSorting((current) => (typeof updater === "function" ? updater(current) : updater)),
    onCell: compact ? undefined : openCell,
  });
  const ordered = table.getRowModel().rows.map((row) => row.original);
  const shown = ordered.filter((line) => !hidden.has(line.id));
  // Members' pages draw the annotations that belong there on the time axis; shared pages have none to draw.
  const chart = (props: Pick<ComponentProps<typeof TrendChart>, "compact" | "onPoint">) =>
    annotations ? (
      <AnnotatedTrendChart projectId={projectId} place={annotations} lines={shown} display={display} interval={interval} {...props} />
    ) : (
      <TrendChart lines={shown} display={display} interval={interval} {...props} />
    );

  if (compact)
    return display === "ActionsTable" ? (
      <div className="h-full overflow-auto">
        <ResultsTable table={table} interval={interval} timeSeries={false} fileName={csvFileName(title, "trend")} />
      </div>
    ) : (
      <div className="h-full min-h-40">{chart({ compact: true })}</div>
    );

  if (!lines.length)
    return (
      <div className="grid h-60 place-items-center rounded-lg border border-dashed text-sm text-muted-foreground">
        No series to show: add a series on the left.
      </div>
    );

  return (
    <div className="grid gap-4">
      {display === "ActionsTable"
        ? null
        : chart({
            onPoint: (index, line, at) => {
              menuFocus.remember();
              if (annotations) setClicked({ index, lineId: line?.id ?? null, at });
              else setPoint({ index, lineId: line?.id ?? null });
            },
          })}
      <ResultsTable table={table} interval={interval} timeSeries={timeSeries} fileName={csvFileName(title, "trend")} />
      {clicked && annotations ? (
        <TrendPointMenu
          projectId={projectId}
          insightId={annotations.insightId ?? null}
          at={clicked.at}
          day={bucketStart(shown, clicked.index)}
          dayLabel={formatBucket(bucketStart(shown, clicked.index), interval)}
          onPersons={
            shown.some((line) => line.personsUrls?.[clicked.index])
              ? () => {
                  menuFocus.handOver();
                  setPoint(clicked);
                }
              : null
          }
          onClose={() => {
            setClicked(null);
            menuFocus.giveBack();
          }}
        />
      ) : null}
      {point ? (
        <PointPersons
          point={point}
          lines={shown}
          interval={interval}
          onClose={() => setPoint(null)}
          onLine={(lineId) => setPoint({ ...point, lineId })}
        />
      ) : null}
    </div>
  );
}
