"use client";

import { useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { AnnotationDialog, SCOPE_LABELS } from "@/components/annotations/annotation-dialog";
import { AnnotationRowActions } from "@/components/annotations/annotation-row-actions";
import { useProjectTimeZone } from "@/components/annotations/use-project-time-zone";
import { clientTableFeatures, DataTable, searchedInBrowser } from "@/components/data-table";
import { ACTIONS_COLUMN } from "@/components/data-table-columns";
import { PageHeader } from "@/components/page-header";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { annotationsQuery, type TAnnotation } from "@/lib/ui/annotations/queries";
import { fullName } from "@/lib/ui/format";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

const helper = createColumnHelper<typeof clientTableFeatures, TAnnotation>();

/** Where an annotation shows, naming its insight or dashboard. */
const scopeText = (a: TAnnotation) =>
  a.scope === "dashboard_item"
    ? `Insight: ${a.insight_name || a.insight_derived_name || a.insight_short_id || "none"}`
    : a.scope === "dashboard"
      ? `Dashboard: ${a.dashboard_name || a.dashboard_id || "none"}`
      : SCOPE_LABELS[a.scope];

const columnsOf = (projectId: number, timeZone: string) => {
  const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone });
  return helper.columns([
    helper.accessor("date_marker", {
      header: "Date",
      sortFn: "basic",
      sortDescFirst: true,
      cell: ({ getValue }) => (getValue() ? dateFormat.format(new Date(getValue()!)) : "—"),
      meta: { className: "whitespace-nowrap text-muted-foreground" },
    }),
    helper.accessor("content", {
      header: "Note",
      sortFn: "alphanumeric",
      cell: ({ getValue }) => <span className="block max-w-md truncate font-medium">{getValue() || "—"}</span>,
    }),
    helper.accessor(scopeText, { id: "scope", header: "Shown on", sortFn: "alphanumeric" }),
    helper.accessor((a) => (a.created_by ? fullName(a.created_by) : "—"), {
      id: "created_by",
      header: "Created by",
      sortFn: "alphanumeric",
      meta: { className: "text-muted-foreground" },
    }),
    helper.display({
      ...ACTIONS_COLUMN,
      cell: ({ row }) => <AnnotationRowActions projectId={projectId} timeZone={timeZone} annotation={row.original} />,
    }),
  ]);
};

const SORTABLE = ["date_marker", "content", "scope", "created_by"] as const;
const SEARCHABLE = new Set(["content"]);
const none: TAnnotation[] = [];

/** `/project/:id/data-management/annotations`: the notes charts show at their dates, made, edited and deleted here. */
export function AnnotationsPage({ projectId }: { projectId: number }) {
  const timeZone = useProjectTimeZone(projectId);
  const annotations = useQuery(annotationsQuery(projectId));
  const url = useTableUrlState({ sortable: SORTABLE, defaultSort: { id: "date_marker", desc: true } });
  const [creating, setCreating] = useState(false);
  const [columns] = useState(() => columnsOf(projectId, timeZone));
  const table = useTable({
    features: clientTableFeatures,
    columns,
    data: annotations.data ?? none,
    getRowId: (a) => String(a.id),
    ...searchedInBrowser(url, SEARCHABLE),
  });
  return (
    <>
      <PageHeader
        title="Annotations"
        description="Dated notes (a release, a campaign, an outage) drawn as markers on trend charts."
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon /> New annotation
          </Button>
        }
      />
      <section className="grid gap-3" aria-label="Annotations">
        <SearchInput value={url.search} onChange={url.setSearch} placeholder="Search notes" className="w-full sm:w-96" />
        <DataTable
          table={table}
          label="Annotations"
          isPending={annotations.isPending}
          error={annotations.error}
          empty={url.search ? `No annotation matches “${url.search}”.` : "No annotations yet. Add one to mark a date on charts."}
        />
      </section>
      <AnnotationDialog projectId={projectId} timeZone={timeZone} open={creating} onOpenChange={setCreating} />
    </>
  );
}
