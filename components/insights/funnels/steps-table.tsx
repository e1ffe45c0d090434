"use client";

import { createColumnHelper, useTable, type PaginationState, type SortingState } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { clientTableFeatures, DataTable } from "@/components/data-table";
import { Swatch, type ChartSeries } from "@/components/insights/funnels/steps-chart";
import { PERIOD_NAMES, type FunnelStepRow } from "@/components/insights/funnels/funnel-data";
import { formatCount, formatDuration, formatPercent } from "@/lib/ui/format";

interface TableRow extends FunnelStepRow {
  id: string;
  seriesOrder: number;
  series: ChartSeries;
}

const helper = createColumnHelper<typeof clientTableFeatures, TableRow>();
const percent = (value: number | null) => (value === null ? "—" : formatPercent(value));
const numeric = { className: "text-right tabular-nums" };

const stepColumn = helper.accessor((row) => row.index * 100_000 + row.seriesOrder, {
  id: "step",
  header: "Step",
  sortFn: "basic",
  cell: ({ row }) => (
    <span className="flex items-center gap-1.5">
      <span className="grid size-5 shrink-0 place-items-center rounded bg-primary/10 text-[11px] font-semibold text-primary">
        {row.original.index + 1}
      </span>
      {row.original.name}
    </span>
  ),
});
const breakdownColumn = helper.accessor((row) => row.series.breakdown ?? "", {
  id: "breakdown",
  header: "Breakdown",
  sortFn: "alphanumeric",
  cell: ({ row }) => (
    <span className="flex items-center gap-1.5">
      <Swatch color={row.original.series.color} period={row.original.series.period} />
      {row.original.series.breakdown}
    </span>
  ),
});
const periodColumn = helper.accessor((row) => (row.series.period ? PERIOD_NAMES[row.series.period] : ""), {
  id: "period",
  header: "Period",
  sortFn: "alphanumeric",
});
const figureColumns = [
  helper.accessor("count", {
    header: "Persons",
    sortFn: "basic",
    sortDescFirst: true,
    cell: ({ getValue }) => formatCount(getValue()),
    meta: numeric,
  }),
  helper.accessor((row) => row.fromFirst ?? -1, {
    id: "from_first",
    header: "Conversion",
    sortFn: "basic",
    sortDescFirst: true,
    cell: ({ row }) => percent(row.original.fromFirst),
    meta: numeric,
  }),
  helper.accessor((row) => row.fromPrevious ?? -1, {
    id: "from_previous",
    header: "From previous",
    sortFn: "basic",
    sortDescFirst: true,
    cell: ({ row }) => percent(row.original.fromPrevious),
    meta: numeric,
  }),
  helper.accessor("droppedOff", {
    id: "dropped",
    header: "Dropped off",
    sortFn: "basic",
    sortDescFirst: true,
    cell: ({ row }) => (row.original.index === 0 ? "—" : `${formatCount(row.original.droppedOff)} (${percent(row.original.dropOffRate)})`),
    meta: numeric,
  }),
  helper.accessor((row) => row.averageTime ?? -1, {
    id: "average",
    header: "Avg. time",
    sortFn: "basic",
    sortDescFirst: true,
    cell: ({ row }) => formatDuration(row.original.averageTime),
    meta: numeric,
  }),
  helper.accessor((row) => row.medianTime ?? -1, {
    id: "median",
    header: "Median time",
    sortFn: "basic",
    sortDescFirst: true,
    cell: ({ row }) => formatDuration(row.original.medianTime),
    meta: numeric,
  }),
];

/** Every step of every series with its figures, sortable (breakdown values and periods sort among themselves). */
export function StepsTable({ series }: { series: ChartSeries[] }) {
  const hasBreakdown = series.some((s) => s.breakdown !== null);
  const hasPeriods = series.some((s) => s.period !== null);
  const columns = useMemo(
    () => helper.columns([stepColumn, ...(hasBreakdown ? [breakdownColumn] : []), ...(hasPeriods ? [periodColumn] : []), ...figureColumns]),
    [hasBreakdown, hasPeriods],
  );
  const data = useMemo(
    () => series.flatMap((s, seriesOrder) => s.rows.map((row) => ({ ...row, id: `${s.key}|${row.index}`, seriesOrder, series: s }))),
    [series],
  );
  // Sort and page stay local: the URL holds the funnel's filter, which the analysis endpoint receives whole.
  const [sorting, setSorting] = useState<SortingState>([{ id: "step", desc: false }]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 100 });
  const table = useTable({
    features: clientTableFeatures,
    columns,
    data,
    getRowId: (row) => row.id,
    state: { sorting, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    enableSortingRemoval: false,
  });
  return <DataTable table={table} label="Funnel results" isPending={false} error={null} empty="No steps." />;
}
