"use client";

import { createColumnHelper, useTable, type SortingState, type Updater } from "@tanstack/react-table";
import { DownloadIcon } from "lucide-react";
import { useMemo } from "react";
import { DataTable, clientTableFeatures, type ClientTable } from "@/components/data-table";
import { lineColor } from "@/components/insights/charts/line-colors";
import { lineLabel, tableColumns, tableCsv, type TrendLine } from "@/components/insights/trends/results";
import { downloadText } from "@/lib/ui/download";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { formatValue } from "@/lib/ui/format";

const helper = createColumnHelper<typeof clientTableFeatures, TrendLine>();

/** The results table's TanStack table: rows are the lines, columns the label, each interval and the total. */
export function useResultsTable({
  lines,
  interval,
  timeSeries,
  hidden,
  onToggle,
  sorting,
  onSortingChange,
  onCell,
}: {
  lines: TrendLine[];
  interval: string;
  timeSeries: boolean;
  hidden: Set<string>;
  onToggle: (line: TrendLine) => void;
  sorting: SortingState;
  onSortingChange: (updater: Updater<SortingState>) => void;
  /** Opens the persons of a cell (`index` an interval); only lines with persons URLs offer it. */
  onCell?: (line: TrendLine, index: number) => void;
}): ClientTable<TrendLine> {
  const headers = tableColumns(lines, interval, timeSeries);
  const dates = headers.slice(1, -1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the dates' text, not the arrays rebuilt every render
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor((line) => lineLabel(line, interval), {
          id: "label",
          header: headers[0],
          sortFn: "alphanumeric",
          cell: ({ row, getValue }) => {
            const line = row.original;
            const label = String(getValue());
            return (
              <span className="flex min-w-48 items-center gap-2">
                <Checkbox checked={!hidden.has(line.id)} onCheckedChange={() => onToggle(line)} aria-label={`Show ${label} on the chart`} />
                <span
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ background: lineColor(line), opacity: line.compare === "previous" ? 0.55 : 1 }}
                  aria-hidden
                />
                <span className="max-w-80 truncate" title={label}>
                  {label}
                </span>
              </span>
            );
          },
        }),
        ...dates.map((date, index) =>
          helper.accessor((line) => line.data[index] ?? 0, {
            id: `d${index}`,
            header: date,
            sortFn: "basic",
            sortDescFirst: true,
            meta: { className: "text-right tabular-nums" },
            cell: ({ row, getValue }) => {
              const line = row.original;
              const text = formatValue(Number(getValue()));
              if (index >= line.data.length) return "";
              return onCell && line.personsUrls?.[index] ? (
                <button
                  type="button"
                  className="rounded px-1 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
                  aria-label={`Persons of ${lineLabel(line, interval)} on ${date}: ${text}`}
                  onClick={() => onCell(line, index)}
                >
                  {text}
                </button>
              ) : (
                text
              );
            },
          }),
        ),
        helper.accessor("total", {
          id: "total",
          header: headers.at(-1),
          sortFn: "basic",
          sortDescFirst: true,
          meta: { className: "text-right font-medium tabular-nums" },
          cell: ({ getValue }) => formatValue(Number(getValue())),
        }),
      ]),
    [dates.join("\n"), interval, hidden, onToggle, onCell],
  );
  return useTable({
    features: clientTableFeatures,
    columns,
    data: lines,
    getRowId: (line) => line.id,
    state: { sorting, pagination: { pageIndex: 0, pageSize: Math.max(1, lines.length) } },
    onSortingChange,
    enableSortingRemoval: true,
  });
}

/** The results table under the chart, with the CSV download of exactly its rows (in their order) and columns. */
export function ResultsTable({
  table,
  interval,
  timeSeries,
  fileName,
}: {
  table: ClientTable<TrendLine>;
  interval: string;
  timeSeries: boolean;
  /** The download's name (`csvFileName` of the insight's). */
  fileName: string;
}) {
  const download = () =>
    downloadText(
      fileName,
      tableCsv(
        table.getRowModel().rows.map((row) => row.original),
        interval,
        timeSeries,
      ),
    );
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">Results</h3>
        <Button variant="outline" size="sm" onClick={download} disabled={!table.getRowModel().rows.length}>
          <DownloadIcon /> Download CSV
        </Button>
      </div>
      <div className="overflow-x-auto">
        <DataTable table={table} isPending={false} error={null} empty="This trend has no results." label="Trend results" />
      </div>
    </div>
  );
}
