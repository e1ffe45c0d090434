"use client";

import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  tableFeatures,
  type ReactTable,
  type RowData,
} from "@tanstack/react-table";
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/ui/api-client";
import type { useTableUrlState } from "@/lib/ui/use-table-url-state";
import { cn } from "@/lib/ui/utils";

/** Lists small enough to load whole are searched, sorted and paged in the browser with these features. */
export const clientTableFeatures = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, datetime: sortFn_datetime },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

export type ClientTable<TData extends RowData> = ReactTable<typeof clientTableFeatures, TData>;

/** A table's view as `useTableUrlState` keeps it in the URL. */
type UrlTableView = Pick<
  ReturnType<typeof useTableUrlState>,
  "sorting" | "pagination" | "search" | "setSearch" | "onSortingChange" | "onPaginationChange"
>;

/** A whole list searched, sorted and paged in the browser, its view in the URL; the search reads the `searchable` columns. */
export function searchedInBrowser(url: UrlTableView, searchable: ReadonlySet<string>) {
  return {
    state: { sorting: url.sorting, pagination: url.pagination, globalFilter: url.search },
    onSortingChange: url.onSortingChange,
    onPaginationChange: url.onPaginationChange,
    onGlobalFilterChange: (value: unknown) => url.setSearch(String(value ?? "")),
    globalFilterFn: "includesString" as const,
    getColumnCanGlobalFilter: (column: { id: string }) => searchable.has(column.id),
    enableSortingRemoval: false,
    autoResetPageIndex: false,
  };
}

/** One page of a list the server pages (`count` rows in all), its page number in the URL. */
export function pagedOnServer(url: Pick<UrlTableView, "pagination" | "onPaginationChange">, count: number) {
  return {
    state: { pagination: url.pagination },
    onPaginationChange: url.onPaginationChange,
    manualPagination: true,
    rowCount: count,
    enableSorting: false,
    autoResetPageIndex: false,
  };
}

/**
 * Renders a table's current page with sortable headers, and its loading, error and empty states.
 * The table's owner fetches the data and keeps the table state (in the URL, for shareable views).
 */
export function DataTable<TData extends RowData>({
  table,
  isPending,
  error,
  empty,
  label,
}: {
  table: ClientTable<TData>;
  isPending: boolean;
  error: unknown;
  empty: ReactNode;
  label: string;
}) {
  const columnCount = table.getAllLeafColumns().length;
  const rows = table.getRowModel().rows;
  return (
    <div className="overflow-hidden rounded-lg border bg-card">
      <Table aria-label={label} aria-busy={isPending}>
        <TableHeader className="bg-muted/40">
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <TableHead
                    key={header.id}
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    className={cn((header.column.columnDef.meta as { className?: string } | undefined)?.className)}
                  >
                    {header.isPlaceholder ? null : header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
                      >
                        <table.FlexRender header={header} />
                        {sorted === "asc" ? (
                          <ArrowUpIcon className="size-3.5" />
                        ) : sorted === "desc" ? (
                          <ArrowDownIcon className="size-3.5" />
                        ) : (
                          <ArrowUpDownIcon className="size-3.5 opacity-40" />
                        )}
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {isPending ? (
            Array.from({ length: 3 }, (_, i) => (
              <TableRow key={i} className="hover:bg-transparent">
                {Array.from({ length: columnCount }, (_, j) => (
                  <TableCell key={j}>
                    <Skeleton className="h-5 w-full max-w-40" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : error ? (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columnCount} className="p-4 whitespace-normal">
                <FormAlert>{errorMessage(error)}</FormAlert>
              </TableCell>
            </TableRow>
          ) : rows.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columnCount} className="h-24 text-center whitespace-normal text-muted-foreground">
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id}>
                {row.getAllCells().map((cell) => (
                  <TableCell key={cell.id} className={cn((cell.column.columnDef.meta as { className?: string } | undefined)?.className)}>
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pager table={table} />
    </div>
  );
}

function Pager<TData extends RowData>({ table }: { table: ClientTable<TData> }) {
  const pageCount = table.getPageCount();
  if (pageCount <= 1) return null;
  const { pageIndex, pageSize } = table.state.pagination;
  const total = table.getRowCount();
  return (
    <div className="flex items-center justify-between gap-4 border-t px-3 py-2 text-sm text-muted-foreground">
      <span>
        {pageIndex * pageSize + 1}–{Math.min(total, (pageIndex + 1) * pageSize)} of {total}
      </span>
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon-sm"
          aria-label="Previous page"
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.previousPage()}
        >
          <ChevronLeftIcon />
        </Button>
        <span className="px-2">
          Page {pageIndex + 1} of {pageCount}
        </span>
        <Button variant="outline" size="icon-sm" aria-label="Next page" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
          <ChevronRightIcon />
        </Button>
      </div>
    </div>
  );
}
