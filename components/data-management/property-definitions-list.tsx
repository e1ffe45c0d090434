"use client";

import { useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { ChoiceSelect } from "@/components/choice-select";
import { clientTableFeatures, DataTable, pagedOnServer } from "@/components/data-table";
import { DefinitionNameCell } from "@/components/data-management/definition-badges";
import { PageHeader } from "@/components/page-header";
import { SearchInput } from "@/components/search-input";
import { definitionListQuery } from "@/lib/ui/data-management/queries";
import type { TPropertyDefinition } from "@/lib/ui/types";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

const PAGE_SIZE = 50;
const helper = createColumnHelper<typeof clientTableFeatures, TPropertyDefinition>();
const none: TPropertyDefinition[] = [];
const TYPES = [
  { value: "event", label: "Event properties" },
  { value: "person", label: "Person properties" },
] as const;

/** A property's page; a person property's says so (the definition itself does not), so its events are those of persons with it. */
const columnsOf = (projectId: number, type: "event" | "person") =>
  helper.columns([
    helper.display({
      id: "name",
      header: "Property",
      cell: ({ row }) => (
        <DefinitionNameCell
          href={`/project/${projectId}/data-management/properties/${row.original.id}${type === "person" ? "?type=person" : ""}`}
          definition={row.original}
        />
      ),
    }),
    helper.display({
      id: "property_type",
      header: "Type",
      cell: ({ row }) => row.original.property_type ?? "—",
      meta: { className: "text-muted-foreground" },
    }),
  ]);

/**
 * `/project/:id/data-management/properties`: the project's event or person properties (hidden ones too), by name,
 * with the type inferred from their first typed value.
 */
export function PropertyDefinitionsList({ projectId }: { projectId: number }) {
  const url = useTableUrlState({ sortable: [], defaultSort: { id: "name", desc: false }, pageSize: PAGE_SIZE, filters: ["type"] });
  const type = url.filters.type === "person" ? "person" : "event";
  const search = useDebouncedValue(url.search);
  const definitions = useQuery(
    definitionListQuery(projectId, "property", {
      type,
      search: search || undefined,
      offset: url.pagination.pageIndex * PAGE_SIZE,
      limit: PAGE_SIZE,
    }),
  );
  const table = useTable({
    features: clientTableFeatures,
    columns: columnsOf(projectId, type),
    data: definitions.data?.results ?? none,
    getRowId: (definition) => definition.id,
    ...pagedOnServer(url, definitions.data?.count ?? 0),
  });
  return (
    <>
      <PageHeader
        title="Properties"
        description="The properties events and persons carry: describe, verify or hide them from the pickers."
      />
      <section className="grid gap-3" aria-label="Property definitions">
        <div className="flex flex-wrap gap-3">
          <ChoiceSelect
            aria-label="Properties of"
            value={type}
            choices={TYPES}
            onValueChange={(next) => url.setFilter("type", next === "event" ? null : next)}
            className="w-48"
          />
          <SearchInput value={url.search} onChange={url.setSearch} placeholder="Search properties by name" className="w-full sm:w-96" />
        </div>
        <DataTable
          table={table}
          label="Property definitions"
          isPending={definitions.isPending}
          error={definitions.error}
          empty={url.search ? `No property matches “${url.search}”.` : "No properties yet. They appear as the project receives events."}
        />
      </section>
    </>
  );
}
