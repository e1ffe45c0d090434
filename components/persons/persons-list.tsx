"use client";

import { PersonLink } from "@/components/persons/person-link";
import { useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { clientTableFeatures, DataTable, pagedOnServer } from "@/components/data-table";
import { completeFilters, filtersFromParam, PropertyFiltersEditor } from "@/components/insights/controls/property-filters";
import { PageHeader } from "@/components/page-header";
import { RelativeTime } from "@/components/relative-time";
import { SearchInput } from "@/components/search-input";
import { personsQuery } from "@/lib/ui/project/queries";
import type { TPerson } from "@/lib/ui/types";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

const PAGE_SIZE = 50;
const helper = createColumnHelper<typeof clientTableFeatures, TPerson>();
const none: TPerson[] = [];

const columns = (projectId: number) =>
  helper.columns([
    helper.display({
      id: "name",
      header: "Person",
      cell: ({ row }) => <PersonLink projectId={projectId} person={row.original} />,
    }),
    helper.display({
      id: "distinct_ids",
      header: "Distinct IDs",
      cell: ({ row }) => {
        const [first, ...rest] = row.original.distinct_ids;
        return (
          <span className="flex items-center gap-2">
            <span className="max-w-64 truncate font-mono text-xs">{first ?? "—"}</span>
            {rest.length > 0 && <span className="text-xs text-muted-foreground">+{rest.length}</span>}
          </span>
        );
      },
    }),
    helper.display({
      id: "identified",
      header: "Identified",
      cell: ({ row }) => (row.original.is_identified ? "Yes" : "No"),
      meta: { className: "text-muted-foreground" },
    }),
    helper.display({
      id: "created_at",
      header: "First seen",
      cell: ({ row }) => <RelativeTime iso={row.original.created_at} />,
      meta: { className: "text-muted-foreground" },
    }),
  ]);

/**
 * `/project/:id/persons`: the project's persons, newest first, searched by the API (a distinct id, an email or
 * name) and filtered by person properties and cohorts; the search, filters and page live in the URL.
 */
export function PersonsList({ projectId }: { projectId: number }) {
  const url = useTableUrlState({
    sortable: [],
    defaultSort: { id: "created_at", desc: true },
    pageSize: PAGE_SIZE,
    filters: ["properties"],
  });
  const filters = filtersFromParam(url.filters.properties);
  const complete = completeFilters(filters);
  const persons = useQuery(
    personsQuery(projectId, {
      search: url.search || undefined,
      properties: complete.length ? JSON.stringify(complete) : undefined,
      offset: url.pagination.pageIndex * PAGE_SIZE,
      limit: PAGE_SIZE,
    }),
  );
  const table = useTable({
    features: clientTableFeatures,
    columns: columns(projectId),
    data: persons.data?.results ?? none,
    getRowId: (person) => person.id,
    ...pagedOnServer(url, persons.data?.count ?? 0),
  });
  return (
    <>
      <PageHeader title="Persons" description="Everyone who sent the project an event, newest first." />
      <section className="grid gap-3" aria-label="Persons">
        <div className="grid items-start gap-3 sm:grid-cols-[24rem_1fr]">
          <SearchInput value={url.search} onChange={url.setSearch} placeholder="Search by distinct ID, email or name" className="w-full" />
          <PropertyFiltersEditor
            projectId={projectId}
            filters={filters}
            types={["person", "cohort"]}
            onChange={(next) => url.setFilter("properties", next.length ? JSON.stringify(next) : null)}
          />
        </div>
        <DataTable
          table={table}
          label="Persons"
          isPending={persons.isPending}
          error={persons.error}
          empty={
            url.search
              ? `No person matches “${url.search}”.`
              : complete.length
                ? "No person matches these filters."
                : "No persons yet. Persons appear as the project receives events."
          }
        />
      </section>
    </>
  );
}
