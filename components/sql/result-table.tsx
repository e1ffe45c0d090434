"use client";

import { createColumnHelper, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { clientTableFeatures, DataTable } from "@/components/data-table";
import { isNumericType } from "@/lib/ui/sql/visualization";

type Row = unknown[];

const helper = createColumnHelper<typeof clientTableFeatures, Row>();
const PAGE_SIZE = 25;
const noRows: Row[] = [];

const cellText = (value: unknown) =>
  value === null || value === undefined ? "null" : typeof value === "object" ? JSON.stringify(value) : String(value);

/** A HogQL result's rows: sortable by any column, paged in the browser. */
export function ResultTable({
  columns,
  types,
  results,
  label,
}: {
  columns: string[];
  types: [string, string][];
  results: Row[] | null;
  label: string;
}) {
  const tableColumns = useMemo(
    () =>
      helper.columns(
        columns.map((name, index) => {
          const numeric = isNumericType(types[index]?.[1] ?? "");
          return helper.accessor((row): unknown => row[index], {
            id: `c${index}`,
            header: name,
            sortFn: numeric ? "basic" : "alphanumeric",
            sortUndefined: "last",
            meta: { className: numeric ? "text-right tabular-nums" : "max-w-96 truncate" },
            cell: ({ getValue }) => {
              const value = getValue() as unknown;
              return <span className={value === null ? "text-muted-foreground italic" : undefined}>{cellText(value)}</span>;
            },
          });
        }),
      ),
    [columns, types],
  );
  const table = useTable({
    features: clientTableFeatures,
    columns: tableColumns,
    data: results ?? noRows,
    initialState: { pagination: { pageIndex: 0, pageSize: PAGE_SIZE } },
  });
  return <DataTable table={table} isPending={false} error={null} empty="The query returned no rows." label={label} />;
}
