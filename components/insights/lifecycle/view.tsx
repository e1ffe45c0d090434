"use client";

import type { SortingState } from "@tanstack/react-table";
import { useCallback, useMemo, useState } from "react";
import type { KindViewProps } from "@/components/insights/builder/types";
import { ResultsTable, useResultsTable } from "@/components/insights/trends/results-table";
import { formatBucket, type TrendLine } from "@/components/insights/trends/results";
import { PersonsDialog } from "@/components/lazy-dialogs";
import { formatCount } from "@/lib/ui/format";
import { LifecycleChart } from "./chart";
import type { LifecycleStatus } from "@/lib/analytics/lifecycle/statuses";
import { STATUS_LABELS, STATUS_MEANINGS, lifecycleLines, shownStatuses, toggleStatus } from "./lifecycle-data";
import type { LifecycleFilters, LifecycleResult } from "./types";
import { csvFileName } from "@/lib/ui/download";

/**
 * The lifecycle's stacked bars and, under them, the trends' results table of its four statuses (with its CSV
 * download). The legend and the table's checkboxes turn statuses on and off in the filter (`toggledLifecycles`, so
 * it saves with the insight); a bar or a cell lists its persons. Compact: the chart alone, filling its box.
 */
export function LifecycleView({ filters, setFilters, response, compact, title }: KindViewProps<LifecycleFilters, LifecycleResult>) {
  const interval = String(filters.interval ?? "day");
  const lines = useMemo(() => lifecycleLines(response.result), [response.result]);
  const toggled = filters.toggledLifecycles;
  const shown = useMemo(() => shownStatuses(toggled), [toggled]);
  const hidden = useMemo(() => new Set<string>(lines.filter((line) => !shown.has(line.id)).map((line) => line.id)), [lines, shown]);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [cell, setCell] = useState<{ status: LifecycleStatus; index: number } | null>(null);
  const toggle = useCallback(
    (status: LifecycleStatus) => setFilters({ toggledLifecycles: toggleStatus(toggled, status) }),
    [setFilters, toggled],
  );
  const toggleLine = useCallback((line: TrendLine) => toggle(line.id as LifecycleStatus), [toggle]);
  const openCell = useCallback((line: TrendLine, index: number) => setCell({ status: line.id as LifecycleStatus, index }), []);
  const table = useResultsTable({
    lines,
    interval,
    timeSeries: true,
    hidden,
    onToggle: toggleLine,
    sorting,
    onSortingChange: (updater) => setSorting((current) => (typeof updater === "function" ? updater(current) : updater)),
    onCell: openCell,
  });

  if (!lines.some((line) => line.data.some(Boolean)))
    return <p className="grid h-full min-h-40 place-items-center text-sm text-muted-foreground">No one did this event in this range.</p>;
  if (compact)
    return (
      <div className="h-full min-h-40">
        <LifecycleChart lines={lines} shown={shown} interval={interval} compact />
      </div>
    );
  const opened = cell ? lines.find((line) => line.id === cell.status) : undefined;
  const openedUrl = cell && opened?.personsUrls?.[cell.index];
  return (
    <div className="grid gap-4">
      <LifecycleChart
        lines={lines}
        shown={shown}
        interval={interval}
        onToggle={toggle}
        onBar={(status, index) => setCell({ status, index })}
      />
      <ResultsTable table={table} interval={interval} timeSeries fileName={csvFileName(title, "lifecycle")} />
      {cell && opened && openedUrl ? (
        <PersonsDialog
          open
          onOpenChange={(open) => (open ? null : setCell(null))}
          title={`${STATUS_LABELS[cell.status]} · ${formatBucket(opened.days[cell.index], interval)}`}
          url={openedUrl}
          description={`${STATUS_MEANINGS[cell.status]} (${formatCount(Math.abs(opened.data[cell.index] ?? 0))})`}
        />
      ) : null}
    </div>
  );
}
