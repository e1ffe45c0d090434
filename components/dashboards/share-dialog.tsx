"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { GlobeIcon } from "lucide-react";
import { CopyField } from "@/components/copy-button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/ui/api-client";
import { updateDashboardSharingMutation } from "@/lib/ui/mutations";
import { dashboardSharingQuery } from "@/lib/ui/queries";

/** The public link of a shared page (insight or dashboard). */
export const publicLink = (accessToken: string) => `${window.location.origin}/shared/${accessToken}`;

/** Sharing a dashboard publicly: a toggle, and the read-only link anyone can open without signing in. */
export function ShareDialog({
  projectId,
  dashboardId,
  canEdit,
  open,
  onOpenChange,
}: {
  projectId: number;
  dashboardId: number;
  canEdit: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const sharing = useQuery({ ...dashboardSharingQuery(projectId, dashboardId), enabled: open });
  const update = useMutation(updateDashboardSharingMutation(projectId, dashboardId));
  const enabled = sharing.data?.enabled ?? false;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share dashboard</DialogTitle>
          <DialogDescription>A shared dashboard can be seen by anyone with its link, without signing in. It is read-only.</DialogDescription>
        </DialogHeader>
        {sharing.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : sharing.error ? (
          <FormAlert>{errorMessage(sharing.error)}</FormAlert>
        ) : (
          <div className="grid gap-4">
            <div className="flex items-center gap-3">
              <Checkbox
                id="share-publicly"
                checked={enabled}
                disabled={!canEdit || update.isPending}
                onCheckedChange={(checked) => update.mutate({ enabled: checked === true })}
              />
              <Label htmlFor="share-publicly" className="flex items-center gap-2">
                <GlobeIcon className="size-4" /> Share publicly
              </Label>
            </div>
            {!canEdit && <p className="text-sm text-muted-foreground">Only those who can edit this dashboard can change its sharing.</p>}
            <FormAlert>{update.error ? errorMessage(update.error) : null}</FormAlert>
            {enabled && sharing.data?.access_token && <CopyField value={publicLink(sharing.data.access_token)} label="Copy public link" />}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
