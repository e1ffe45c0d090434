"use client";

import { DetailPageError, DetailPageLoading } from "@/components/detail-page-state";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, HistoryIcon, PauseIcon, PencilIcon, PlayIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { BackfillDialog, DeleteBatchExportDialog, UnpauseDialog } from "@/components/batch-exports/batch-export-dialogs";
import { BatchExportFormDialog } from "@/components/batch-exports/batch-export-form";
import { DestinationLabel, DESTINATIONS, INTERVALS, MODELS } from "@/components/batch-exports/labels";
import { LogsViewer } from "@/components/batch-exports/logs-viewer";
import { RunsTable } from "@/components/batch-exports/runs-table";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/ui/api-client";
import { formatRelative } from "@/lib/ui/format";
import { pauseBatchExportMutation } from "@/lib/ui/batch-exports/mutations";
import { batchExportQuery } from "@/lib/ui/batch-exports/queries";
import { toast } from "@/lib/ui/toast";
import type { TBatchExport } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

type Dialog = "edit" | "backfill" | "unpause" | "delete" | null;

/** One batch export: its settings (edit, pause or resume, backfill, delete), its runs and its logs. */
export function BatchExportPage({ exportId }: { exportId: string }) {
  const { organization } = useMe();
  const batchExport = useQuery(batchExportQuery(organization.id, exportId));
  const [dialog, setDialog] = useState<Dialog>(null);
  const pause = useMutation({
    ...pauseBatchExportMutation(organization.id),
    onSuccess: () => toast.success("Export paused. No runs are scheduled until you resume it."),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const back = (
    <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit text-muted-foreground">
      <Link href="/organization/batch-exports">
        <ArrowLeftIcon /> All batch exports
      </Link>
    </Button>
  );

  if (batchExport.isPending)
    return <DetailPageLoading label="Loading the batch export" blocks={["h-9 w-64", "h-40 w-full", "h-64 w-full"]} />;
  if (batchExport.isError)
    return (
      <DetailPageError
        error={batchExport.error}
        back={back}
        notFound={{
          title: "Batch export not found",
          description: `${organization.name} has no batch export with this ID. It may have been deleted.`,
        }}
      />
    );

  const item = batchExport.data;
  const close = () => setDialog(null);
  return (
    <div className="grid gap-2">
      {back}
      <PageHeader
        title={item.name}
        description={<Summary batchExport={item} />}
        actions={
          <>
            <Button variant="outline" onClick={() => setDialog("edit")}>
              <PencilIcon /> Edit
            </Button>
            {item.paused ? (
              <Button variant="outline" onClick={() => setDialog("unpause")}>
                <PlayIcon /> Resume
              </Button>
            ) : (
              <Button variant="outline" disabled={pause.isPending} onClick={() => pause.mutate(item)}>
                <PauseIcon /> {pause.isPending ? "Pausing…" : "Pause"}
              </Button>
            )}
            <Button variant="outline" onClick={() => setDialog("backfill")}>
              <HistoryIcon /> Backfill
            </Button>
            <Button variant="ghost" className="text-muted-foreground hover:text-destructive" onClick={() => setDialog("delete")}>
              <Trash2Icon /> Delete
            </Button>
          </>
        }
      />
      <div className="grid gap-6">
        {item.paused && (
          <div
            role="status"
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-warning/60 bg-warning/10 px-4 py-3 text-sm"
          >
            <PauseIcon className="size-4 shrink-0" aria-hidden />
            <span className="flex-1">
              Paused{item.last_paused_at ? ` ${formatRelative(item.last_paused_at)}` : ""}: no runs are scheduled. Backfills still run.
            </span>
            <Button size="sm" onClick={() => setDialog("unpause")}>
              Resume
            </Button>
          </div>
        )}
        <SettingsCard batchExport={item} />
        <RunsTable batchExport={item} />
        <LogsViewer batchExport={item} />
      </div>
      <BatchExportFormDialog open={dialog === "edit"} onOpenChange={(open) => setDialog(open ? "edit" : null)} batchExport={item} />
      <BackfillDialog open={dialog === "backfill"} onClose={close} batchExport={item} />
      <UnpauseDialog open={dialog === "unpause"} onClose={close} batchExport={item} />
      <DeleteBatchExportDialog open={dialog === "delete"} onClose={close} batchExport={item} />
    </div>
  );
}

function Summary({ batchExport }: { batchExport: TBatchExport }) {
  const { organization } = useMe();
  const project = organization.teams.find((team) => team.id === batchExport.team_id)?.name ?? `Project ${batchExport.team_id}`;
  const model = MODELS[batchExport.model ?? "events"].toLowerCase();
  return (
    <>
      {project}&apos;s {model} to {DESTINATIONS[batchExport.destination.type]?.label ?? batchExport.destination.type},{" "}
      {(INTERVALS[batchExport.interval] ?? batchExport.interval).toLowerCase()}.
    </>
  );
}

const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });
const formatDateTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : null);

/** What the export is set to; secrets are never sent back by the API, so they cannot show here. */
function SettingsCard({ batchExport }: { batchExport: TBatchExport }) {
  const config = Object.entries(batchExport.destination.config).filter(
    ([, value]) => value !== null && value !== undefined && value !== "",
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Settings</CardTitle>
        <CardDescription>Passwords, tokens and access keys are kept but never shown.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <Setting term="Destination">
            <DestinationLabel type={batchExport.destination.type} />
          </Setting>
          {config.map(([key, value]) => (
            <Setting key={key} term={<span className="font-mono text-xs">{key}</span>}>
              <span className="font-mono text-xs break-all">{Array.isArray(value) ? value.join(", ") : String(value)}</span>
            </Setting>
          ))}
          <Setting term="Model">{MODELS[batchExport.model ?? "events"]}</Setting>
          <Setting term="Interval">{INTERVALS[batchExport.interval] ?? batchExport.interval}</Setting>
          <Setting term="Starts">{formatDateTime(batchExport.start_at) ?? "As soon as it is created"}</Setting>
          <Setting term="Ends">{formatDateTime(batchExport.end_at) ?? "Never"}</Setting>
          {batchExport.hogql_query && (
            <Setting term="Query">
              <code className="font-mono text-xs break-all whitespace-pre-wrap">{batchExport.hogql_query}</code>
            </Setting>
          )}
          <Setting term="Created">{formatDateTime(batchExport.created_at)}</Setting>
        </dl>
      </CardContent>
    </Card>
  );
}

function Setting({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
