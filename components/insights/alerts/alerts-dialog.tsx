"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import type { TAlert } from "@/lib/alerts/schemas";
import { deleteAlertMutation } from "@/lib/ui/alerts/mutations";
import { insightAlertsQuery } from "@/lib/ui/alerts/queries";
import { errorMessage } from "@/lib/ui/api-client";
import { formatDateTime, formatRelative } from "@/lib/ui/format";
import { toast } from "@/lib/ui/toast";
import { AlertChecks, AlertStateBadge } from "./alert-checks";
import { CONDITION_LABELS, INTERVAL_LABELS } from "./alert-form";
import { AlertFormDialog } from "./alert-form-dialog";
import { AlertSnooze } from "./alert-snooze";

interface Props {
  projectId: number;
  insightId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The insight's alerts: their state and checks, and a way to add, edit or delete them. */
export function AlertsDialog({ projectId, insightId, open, onOpenChange }: Props) {
  const alerts = useQuery({ ...insightAlertsQuery(projectId, insightId), enabled: open, refetchInterval: open ? 10_000 : false });
  const [editing, setEditing] = useState<TAlert | null | undefined>(undefined);
  const remove = useMutation({
    ...deleteAlertMutation(projectId),
    onSuccess: () => toast.success("Alert deleted"),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Alerts</DialogTitle>
            <DialogDescription>Checked on a schedule; subscribers are e-mailed when an alert fires or resolves.</DialogDescription>
          </DialogHeader>
          {alerts.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : alerts.isError ? (
            <p role="alert" className="text-sm">
              {errorMessage(alerts.error)}
            </p>
          ) : alerts.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No alerts on this insight yet.</p>
          ) : (
            <ul className="grid gap-4">
              {alerts.data.map((alert) => (
                <li key={alert.id} className="grid gap-2 rounded-md border p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-medium">{alert.name || "Untitled alert"}</h3>
                    <AlertStateBadge state={alert.state} />
                    <span className="text-xs text-muted-foreground">
                      {CONDITION_LABELS[alert.condition.type]} · {INTERVAL_LABELS[alert.calculation_interval]} · checked{" "}
                      {alert.last_checked_at ? formatRelative(alert.last_checked_at) : "soon"}
                      {alert.snoozed_until && ` · snoozed until ${formatDateTime(alert.snoozed_until)}`}
                      {alert.skip_weekend && " · not on weekends"}
                    </span>
                    <span className="ml-auto flex flex-wrap justify-end gap-2">
                      <AlertSnooze projectId={projectId} alert={alert} />
                      <Button size="sm" variant="outline" onClick={() => setEditing(alert)}>
                        Edit<span className="sr-only"> {alert.name}</span>
                      </Button>
                      <Button size="sm" variant="outline" disabled={remove.isPending} onClick={() => remove.mutate(alert.id)}>
                        Delete<span className="sr-only"> {alert.name}</span>
                      </Button>
                    </span>
                  </div>
                  <AlertChecks alert={alert} />
                </li>
              ))}
            </ul>
          )}
          <div>
            <Button onClick={() => setEditing(null)}>
              <PlusIcon /> New alert
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      {editing !== undefined && (
        <AlertFormDialog
          projectId={projectId}
          insightId={insightId}
          alert={editing}
          open
          onOpenChange={(next) => !next && setEditing(undefined)}
        />
      )}
    </>
  );
}
