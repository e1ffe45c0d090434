"use client";

import { useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { clientTableFeatures, DataTable, pagedOnServer } from "@/components/data-table";
import { DefinitionNameCell } from "@/components/data-management/definition-badges";
import { PageHeader } from "@/components/page-header";
import { RelativeTime } from "@/components/relative-time";
import { SearchInput } from "@/components/search-input";
import { definitionListQuery } from "@/lib/ui/data-management/queries";
import { formatCount } from "@/lib/ui/format";
import type { TEventDefinition } from "@/lib/ui/types";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

const PAGE_SIZE = 50;
const helper = createColumnHelper<typeof clientTableFeatures, TEventDefinition>();
const none: TEventDefinition[] = [];

const columnsOf = (projectId: number) =>
  helper.columns([
    helper.display({
      id: "name",
      header: "Event",
      cell: ({ row }) => (
        <DefinitionNameCell href={`/project/${projectId}/data-management/events/${row.original.id}`} definition={row.original} />
      ),
    }),
    helper.display({
      id: "type",
      header: "Type",
      cell: ({ row }) => (row.original.name.startsWith("$") ? "PostHog event" : "Custom event"),
      meta: { className: "text-muted-foreground" },
    }),
    helper.display({
      id: "volume",
      header: "30-day volume",
      cell: ({ row }) => (row.original.volume_30_day === null ? "—" : formatCount(row.original.volume_30_day)),
      meta: { className: "text-right tabular-nums" },
    }),
    helper.display({
      id: "last_seen_at",
      header: "Last seen",
      cell: ({ row }) => (row.original.last_seen_at ? <RelativeTime iso={row.original.last_seen_at} /> : "—"),
      meta: { className: "text-muted-foreground" },
    }),
  ]);

/** `/project/:id/data-management/events`: every event name the project received (hidden ones too), latest seen first. */
export function EventDefinitionsList({ projectId }: { projectId: number }) {
  const url = useTableUrlState({ sortable: [], defaultSort: { id: "last_seen_at", desc: true }, pageSize: PAGE_SIZE });
  const search = useDebouncedValue(url.search);
  const definitions = useQuery(
    definitionListQuery(projectId, "event", {
      search: search || undefined,
      offset: url.pagination.pageIndex * PAGE_SIZE,
      limit: PAGE_SIZE,
    }),
  );
  const table = useTable({
    features: clientTableFeatures,
    columns: columnsOf(projectId),
    data: definitions.data?.results ?? none,
    getRowId: (definition) => definition.id,
    ...pagedOnServer(url, definitions.data?.count ?? 0),
  });
  return (
    <>
      <PageHeader title="Events" description="The event names the project has received: describe, verify or hide them from the pickers." />
      <section className="grid gap-3" aria-label="Event definitions">
        <SearchInput value={url.search} onChange={url.setSearch} placeholder="Search events by name" className="w-full sm:w-96" />
        <DataTable
          table={table}
          label="Event definitions"
          isPending={definitions.isPending}
          error={definitions.error}
          empty={url.search ? `No event matches “${url.search}”.` : "No events yet. They appear as the project receives them."}
        />
      </section>
    </>
  );
}
