"use client";

import { useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { PlusIcon } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import { DATE_COLUMN } from "@/components/data-table-columns";
import { clientTableFeatures, DataTable, searchedInBrowser } from "@/components/data-table";
import { stepsSummary } from "@/components/data-management/steps";
import { PageHeader } from "@/components/page-header";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { actionListQuery, actionVolumesQuery } from "@/lib/ui/data-management/queries";
import { formatCount } from "@/lib/ui/format";
import type { TAction } from "@/lib/ui/types";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

/** An action with its 30-day volume: a count, `null` while counting, `undefined` when not counted. */
type ActionRow = TAction & { volume?: number | null };

const helper = createColumnHelper<typeof clientTableFeatures, ActionRow>();
const columnsOf = (projectId: number) =>
  helper.columns([
    helper.accessor((action) => action.name ?? `Action ${action.id}`, {
      id: "name",
      header: "Name",
      sortFn: "alphanumeric",
      cell: ({ row, getValue }) => (
        <Link
          href={`/project/${projectId}/data-management/actions/${row.original.id}`}
          className="block max-w-72 truncate font-medium text-primary hover:underline"
        >
          {getValue()}
        </Link>
      ),
    }),
    helper.accessor((action) => stepsSummary(action.steps), {
      id: "steps",
      header: "Steps",
      enableSorting: false,
      cell: ({ getValue }) => (
        <span className="block max-w-md truncate text-muted-foreground" title={getValue()}>
          {getValue()}
        </span>
      ),
    }),
    helper.accessor((action) => action.created_by?.first_name || action.created_by?.email || "—", {
      id: "created_by",
      header: "Created by",
      sortFn: "alphanumeric",
      meta: { className: "text-muted-foreground" },
    }),
    helper.accessor((action) => action.volume ?? -1, {
      id: "volume",
      header: "30-day volume",
      cell: ({ row, getValue }) =>
        row.original.volume === null ? (
          <>
            <Skeleton className="ml-auto h-4 w-10" />
            <span className="sr-only">Counting</span>
          </>
        ) : getValue() < 0 ? (
          "—"
        ) : (
          formatCount(getValue())
        ),
      meta: { className: "text-right tabular-nums" },
    }),
    helper.accessor("created_at", { ...DATE_COLUMN, header: "Created" }),
  ]);

const SORTABLE = ["name", "created_by", "volume", "created_at"] as const;
const SEARCHABLE = new Set(["name", "steps"]);
const none: ActionRow[] = [];

/** `/project/:id/data-management/actions`: the project's actions, searched and sorted here (a project has tens). */
export function ActionsList({ projectId }: { projectId: number }) {
  const actions = useQuery(actionListQuery(projectId));
  const volumes = useQuery(actionVolumesQuery(projectId));
  // The volumes ride on the rows: the table reads its columns once.
  const rows = useMemo(
    () =>
      actions.data?.map((action) => ({
        ...action,
        volume: volumes.data ? volumes.data.get(action.id) : volumes.isError ? undefined : null,
      })),
    [actions.data, volumes.data, volumes.isError],
  );
  const url = useTableUrlState({ sortable: SORTABLE, defaultSort: { id: "created_at", desc: true } });
  const table = useTable({
    features: clientTableFeatures,
    columns: columnsOf(projectId),
    data: rows ?? none,
    getRowId: (action) => String(action.id),
    ...searchedInBrowser(url, SEARCHABLE),
  });
  return (
    <>
      <PageHeader
        title="Actions"
        description="Named groups of events: page views of some URLs, clicks on some elements, events with some properties."
        actions={
          <Button asChild>
            <Link href={`/project/${projectId}/data-management/actions/new`}>
              <PlusIcon /> New action
            </Link>
          </Button>
        }
      />
      <section className="grid gap-3" aria-label="Actions">
        <SearchInput value={url.search} onChange={url.setSearch} placeholder="Search actions by name or step" className="w-full sm:w-96" />
        <DataTable
          table={table}
          label="Actions"
          isPending={actions.isPending}
          error={actions.error}
          empty={
            url.search
              ? `No action matches “${url.search}”.`
              : "No actions yet. Create one to count page views of a URL or clicks on a button."
          }
        />
      </section>
    </>
  );
}
