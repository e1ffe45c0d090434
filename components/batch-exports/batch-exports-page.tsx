"use client";

import { useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { PauseIcon, PlayIcon, PlusIcon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { BatchExportFormDialog } from "@/components/batch-exports/batch-export-form";
import { DestinationLabel, formatRunInterval, INTERVALS, RunStatusBadge, runStatusLabel } from "@/components/batch-exports/labels";
import { clientTableFeatures, DataTable } from "@/components/data-table";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { batchExportsQuery } from "@/lib/ui/batch-exports/queries";
import type { TBatchExport } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

/** How many of an export's latest runs the list shows (the API sends up to 10). */
const RUNS_SHOWN = 6;

const helper = createColumnHelper<typeof clientTableFeatures, TBatchExport>();
const columns = helper.columns([
  helper.accessor("name", {
    header: "Name",
    sortFn: "alphanumeric",
    cell: ({ row }) => (
      <Link href={`/organization/batch-exports/${row.original.id}`} className="font-medium hover:underline focus-visible:underline">
        {row.original.name}
      </Link>
    ),
  }),
  helper.display({ id: "project", header: "Project", cell: ({ row }) => <ProjectName projectId={row.original.team_id} /> }),
  helper.display({
    id: "destination",
    header: "Destination",
    cell: ({ row }) => <DestinationLabel type={row.original.destination.type} />,
  }),
  helper.accessor("interval", { header: "Interval", enableSorting: false, cell: ({ getValue }) => INTERVALS[getValue()] ?? getValue() }),
  helper.accessor("paused", {
    header: "State",
    enableSorting: false,
    cell: ({ getValue }) =>
      getValue() ? (
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <PauseIcon className="size-3.5" aria-hidden /> Paused
        </span>
      ) : (
        <span className="inline-flex items-center gap-1.5">
          <PlayIcon className="size-3.5 text-primary" aria-hidden /> Active
        </span>
      ),
  }),
  helper.display({ id: "runs", header: "Latest runs", cell: ({ row }) => <LatestRuns batchExport={row.original} /> }),
]);

const noExports: TBatchExport[] = [];

/** The organization's batch exports, each with its destination, schedule, state and how its latest runs went. */
export function BatchExportsPage() {
  const { organization } = useMe();
  const exports = useQuery(batchExportsQuery(organization.id));
  const url = useTableUrlState({ sortable: ["name"], defaultSort: { id: "created_at", desc: true } });
  const [creating, setCreating] = useState(false);

  const table = useTable({
    features: clientTableFeatures,
    columns,
    data: exports.data ?? noExports,
    getRowId: (item) => item.id,
    // Unsorted, the API's order stands: newest first.
    state: { sorting: url.sorting.filter((sort) => sort.id === "name"), pagination: url.pagination },
    onSortingChange: url.onSortingChange,
    onPaginationChange: url.onPaginationChange,
    autoResetPageIndex: false,
  });
  const create = (
    <Button onClick={() => setCreating(true)}>
      <PlusIcon /> New export
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Batch exports"
        description={`Events or persons of ${organization.name}'s projects, sent to a destination on a schedule.`}
        actions={create}
      />
      <DataTable
        table={table}
        label="Batch exports"
        isPending={exports.isPending}
        error={exports.error}
        empty={
          <div className="grid justify-items-center gap-3 py-6">
            <p>
              No batch exports yet. An export sends a project&apos;s events or persons to S3, PostgreSQL, Redshift or an HTTP endpoint,
              every hour or day.
            </p>
            {create}
          </div>
        }
      />
      <BatchExportFormDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}

function ProjectName({ projectId }: { projectId: number }) {
  const { organization } = useMe();
  return organization.teams.find((team) => team.id === projectId)?.name ?? `Project ${projectId}`;
}

/** The latest runs, oldest to newest as a timeline reads, each a pill saying its status and covering its interval. */
function LatestRuns({ batchExport }: { batchExport: TBatchExport }) {
  const runs = batchExport.latest_runs.slice(0, RUNS_SHOWN).reverse();
  if (!runs.length) return <span className="text-muted-foreground">No runs yet</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={`Latest runs of ${batchExport.name}`}>
      {runs.map((run) => (
        <li key={run.id}>
          <RunStatusBadge compact status={run.status} title={`${runStatusLabel(run.status)}: ${formatRunInterval(run)}`} />
        </li>
      ))}
    </ul>
  );
}
