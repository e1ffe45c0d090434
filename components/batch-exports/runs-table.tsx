"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { createColumnHelper, useTable } from "@tanstack/react-table";
import { BanIcon, RotateCwIcon, ScrollTextIcon } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { createContext, useContext, useEffect, useMemo, useState } from "react";
import { formatRunInterval, RUN_STATUSES, RunStatusBadge, runStatusLabel } from "@/components/batch-exports/labels";
import { clientTableFeatures, DataTable, pagedOnServer } from "@/components/data-table";
import { canCancelRun } from "@/lib/batch-exports/rules";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { errorMessage } from "@/lib/ui/api-client";
import { formatCount, formatDuration } from "@/lib/ui/format";
import { cancelBatchExportRunMutation, retryBatchExportRunMutation } from "@/lib/ui/batch-exports/mutations";
import { batchExportRunsQuery, isRunActive } from "@/lib/ui/batch-exports/queries";
import { toast } from "@/lib/ui/toast";
import type { TBatchExport, TBatchExportRun } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";
import { useTableUrlState } from "@/lib/ui/use-table-url-state";

const PAGE_SIZE = 20;
const ANY = "any";

interface RunsContext {
  retry: (run: TBatchExportRun) => void;
  cancel: (run: TBatchExportRun) => void;
  /** Whether a retry or a cancel of this run is on its way. */
  busy: (run: TBatchExportRun) => boolean;
  showLogs: (run: TBatchExportRun) => void;
}
const Context = createContext<RunsContext | null>(null);

const helper = createColumnHelper<typeof clientTableFeatures, TBatchExportRun>();
const columns = helper.columns([
  helper.accessor("status", { header: "Status", cell: ({ getValue }) => <RunStatusBadge status={getValue()} /> }),
  helper.display({
    id: "interval",
    header: "Data interval",
    cell: ({ row }) => <span className="tabular-nums">{formatRunInterval(row.original)}</span>,
  }),
  helper.display({
    id: "records",
    header: "Records",
    meta: { className: "text-right" },
    cell: ({ row }) => <Records run={row.original} />,
  }),
  helper.display({ id: "duration", header: "Duration", cell: ({ row }) => <Duration run={row.original} /> }),
  helper.accessor("latest_error", {
    header: "Error",
    meta: { className: "max-w-72 whitespace-normal" },
    cell: ({ getValue }) =>
      getValue() ? (
        <span className="line-clamp-3 text-destructive" title={getValue() ?? undefined}>
          {getValue()}
        </span>
      ) : null,
  }),
  helper.display({
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    meta: { className: "w-0 text-right" },
    cell: ({ row }) => <RunActions run={row.original} />,
  }),
]);

const noRuns: TBatchExportRun[] = [];

/** The export's runs, newest first, filtered by status (in the URL); refreshed on its own while a run is under way. */
export function RunsTable({ batchExport }: { batchExport: TBatchExport }) {
  const { organization } = useMe();
  const url = useTableUrlState({ sortable: [], defaultSort: { id: "created_at", desc: true }, pageSize: PAGE_SIZE, filters: ["status"] });
  const status = url.filters.status ?? undefined;
  const runs = useQuery(
    batchExportRunsQuery(organization.id, batchExport.id, { status, offset: url.pagination.pageIndex * PAGE_SIZE, limit: PAGE_SIZE }),
  );
  const showLogs = useShowLogs();

  const retry = useMutation({
    ...retryBatchExportRunMutation(organization.id),
    onSuccess: () => toast.success("The interval will be exported again."),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const cancel = useMutation({
    ...cancelBatchExportRunMutation(organization.id),
    onSuccess: () => toast.success("Run cancelled."),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const { mutate: retryRun, isPending: retrying, variables: retried } = retry;
  const { mutate: cancelRun, isPending: cancelling, variables: cancelled } = cancel;
  const context = useMemo<RunsContext>(
    () => ({
      retry: (run) => retryRun(run),
      cancel: (run) => cancelRun(run),
      busy: (run) => (retrying && retried?.id === run.id) || (cancelling && cancelled?.id === run.id),
      showLogs,
    }),
    [retryRun, cancelRun, retrying, retried, cancelling, cancelled, showLogs],
  );

  const table = useTable({
    features: clientTableFeatures,
    columns,
    data: runs.data?.results ?? noRuns,
    getRowId: (run) => run.id,
    ...pagedOnServer(url, runs.data?.count ?? 0),
  });

  return (
    <Context.Provider value={context}>
      <section className="grid gap-3" aria-labelledby="runs-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <h2 id="runs-title" className="text-lg font-semibold">
              Runs
            </h2>
            <p className="text-sm text-muted-foreground">
              One per interval: scheduled ones as each interval ends, and those of backfills and retries.
            </p>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="run-status">Status</Label>
            <Select value={status ?? ANY} onValueChange={(value) => url.setFilter("status", value === ANY ? null : value)}>
              <SelectTrigger id="run-status" className="w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Any status</SelectItem>
                {RUN_STATUSES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {runStatusLabel(value)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        <DataTable
          table={table}
          label={`Runs of ${batchExport.name}`}
          isPending={runs.isPending}
          error={runs.error}
          empty={
            status
              ? `No run is ${runStatusLabel(status as TBatchExportRun["status"]).toLowerCase()}.`
              : "No runs yet. The first one starts when its interval ends; a backfill starts runs for past intervals now."
          }
        />
      </section>
    </Context.Provider>
  );
}

function Records({ run }: { run: TBatchExportRun }) {
  if (run.records_completed === null && run.records_total_count === null) return <span className="text-muted-foreground">—</span>;
  const done = formatCount(run.records_completed ?? 0);
  return (
    <span className="tabular-nums">
      {run.records_total_count !== null && run.records_total_count !== run.records_completed
        ? `${done} of ${formatCount(run.records_total_count)}`
        : done}
    </span>
  );
}

/** How long the run took, or has been going; ticks while it is under way. */
function Duration({ run }: { run: TBatchExportRun }) {
  const active = isRunActive(run);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  const end = run.finished_at ? new Date(run.finished_at).getTime() : active ? now : null;
  if (end === null) return <span className="text-muted-foreground">—</span>;
  return <span className="tabular-nums">{formatDuration(Math.max(0, end - new Date(run.created_at).getTime()) / 1000)}</span>;
}

function RunActions({ run }: { run: TBatchExportRun }) {
  const { retry, cancel, busy, showLogs } = useContext(Context)!;
  const label = formatRunInterval(run);
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={() => showLogs(run)} aria-label={`Logs of the run for ${label}`}>
        <ScrollTextIcon /> Logs
      </Button>
      {canCancelRun(run.status) ? (
        <Button variant="ghost" size="sm" disabled={busy(run)} onClick={() => cancel(run)} aria-label={`Cancel the run for ${label}`}>
          <BanIcon /> Cancel
        </Button>
      ) : (
        <Button variant="ghost" size="sm" disabled={busy(run)} onClick={() => retry(run)} aria-label={`Retry the run for ${label}`}>
          <RotateCwIcon /> Retry
        </Button>
      )}
    </div>
  );
}

/** The logs viewer below reads its run from the URL (`?run=`): a run's "Logs" sets it and brings the viewer into view. */
export const LOGS_RUN_PARAM = "run";
export const LOGS_SECTION_ID = "logs";

function useShowLogs() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  return useMemo(
    () => (run: TBatchExportRun) => {
      const next = new URLSearchParams(params.toString());
      next.set(LOGS_RUN_PARAM, run.id);
      next.delete("logs_page");
      router.replace(`${pathname}?${next.toString()}#${LOGS_SECTION_ID}`, { scroll: false });
      document.getElementById(LOGS_SECTION_ID)?.scrollIntoView({ behavior: "smooth", block: "start" });
    },
    [params, router, pathname],
  );
}
