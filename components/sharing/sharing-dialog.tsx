"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { SharingLinks } from "@/components/sharing/sharing-links";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/ui/api-client";
import { resetSharingLinkMutation, updateSharingMutation } from "@/lib/ui/sharing";
import { sharingQuery } from "@/lib/ui/sharing";
import { toast } from "@/lib/ui/toast";

/**
 * Public sharing of an insight or a dashboard: a switch that turns the public, read-only link on or off, the
 * link to copy or open, the `<iframe>` that embeds it, and a reset that replaces both (every copy handed out stops
 * working).
 */
export function SharingDialog({
  title,
  sharingPath,
  open,
  onOpenChange,
  canEdit = true,
}: {
  /** Viewers who may not change it see the state, with the reason. */
  canEdit?: boolean;
  /** What is shared, e.g. "Weekly signups". */
  title: string;
  /** The API path of its sharing configuration, ending in `sharing/`. */
  sharingPath: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const switchId = useId();
  const config = useQuery({ ...sharingQuery(sharingPath), enabled: open });
  const update = useMutation({ ...updateSharingMutation(sharingPath), onError: (error) => toast.error(errorMessage(error)) });
  const reset = useMutation({
    ...resetSharingLinkMutation(sharingPath),
    onSuccess: () => toast.success("New link created. The old one no longer works."),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share “{title}”</DialogTitle>
          <DialogDescription>Anyone with the link can see it, read-only, without signing in.</DialogDescription>
        </DialogHeader>
        {config.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : config.isError ? (
          <div role="alert" className="flex items-center justify-between gap-3 text-sm">
            {errorMessage(config.error)}
            <Button variant="outline" size="sm" onClick={() => config.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="grid gap-4">
            <div className="flex items-center justify-between gap-4 rounded-md border p-3">
              <label htmlFor={switchId} className="grid gap-0.5 text-sm">
                <span className="font-medium">Share publicly</span>
                <span className="text-muted-foreground">
                  {config.data.enabled ? "On: the link below works." : "Off: nobody outside the organization can see it."}
                </span>
              </label>
              <Switch
                id={switchId}
                checked={config.data.enabled}
                disabled={!canEdit || update.isPending}
                onCheckedChange={(enabled) => update.mutate({ enabled })}
              />
            </div>
            {canEdit ? null : <p className="text-sm text-muted-foreground">Only those who can edit it can change its sharing.</p>}
            {config.data.enabled && config.data.access_token ? (
              <SharingLinks
                accessToken={config.data.access_token}
                title={title}
                canReset={canEdit && !reset.isPending}
                onReset={() => reset.mutate()}
              />
            ) : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
