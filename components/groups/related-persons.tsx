"use client";

import { PersonLink } from "@/components/persons/person-link";
import { useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { clientTableFeatures, DataTable } from "@/components/data-table";
import { RelativeTime } from "@/components/relative-time";
import { formatCount } from "@/lib/ui/format";
import { relatedActorsQuery } from "@/lib/ui/groups/queries";
import type { TRelatedActors } from "@/lib/ui/types";

type RelatedPerson = Extract<TRelatedActors[number], { type: "person" }>;

const helper = createColumnHelper<typeof clientTableFeatures, RelatedPerson>();
const none: RelatedPerson[] = [];

function columnsOf(projectId: number) {
  return helper.columns([
    helper.display({
      id: "person",
      header: "Person",
      cell: ({ row }) => <PersonLink projectId={projectId} person={row.original} />,
    }),
    helper.display({
      id: "distinct_id",
      header: "Distinct ID",
      cell: ({ row }) => <span className="block max-w-64 truncate font-mono text-xs">{row.original.distinct_ids[0] ?? "—"}</span>,
    }),
    helper.display({
      id: "created_at",
      header: "First seen",
      cell: ({ row }) => <RelativeTime iso={row.original.created_at} />,
      meta: { className: "text-muted-foreground" },
    }),
  ]);
}

/** A group's persons: those whose events of the last 90 days carried it, most recently active first (at most 100). */
export function RelatedPersons({ projectId, groupTypeIndex, groupKey }: { projectId: number; groupTypeIndex: number; groupKey: string }) {
  const related = useQuery(relatedActorsQuery(projectId, groupTypeIndex, groupKey));
  const data = useMemo(() => related.data?.filter((actor): actor is RelatedPerson => actor.type === "person") ?? none, [related.data]);
  const columns = useMemo(() => columnsOf(projectId), [projectId]);
  const table = useTable({
    features: clientTableFeatures,
    columns,
    data,
    getRowId: (person) => person.id,
    state: { pagination: { pageIndex: 0, pageSize: Math.max(data.length, 1) } },
    manualPagination: true,
    rowCount: data.length,
    enableSorting: false,
  });
  return (
    <section className="grid gap-3" aria-labelledby="related-persons">
      <div className="grid gap-1">
        <h2 id="related-persons" className="text-lg font-semibold">
          Persons
        </h2>
        <p className="text-sm text-muted-foreground">
          {related.data
            ? `${formatCount(data.length)} ${data.length === 1 ? "person" : "persons"} with events in this group over the last 90 days.`
            : "Persons with events in this group over the last 90 days."}
        </p>
      </div>
      <DataTable
        table={table}
        label="Persons in this group"
        isPending={related.isPending}
        error={related.error}
        empty="No person sent events with this group in the last 90 days."
      />
    </section>
  );
}
