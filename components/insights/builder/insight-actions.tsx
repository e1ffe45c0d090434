"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { BellIcon, CopyIcon, HistoryIcon, MailIcon, MoreHorizontalIcon, Share2Icon, StarIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { AlertsDialog, SharingDialog, SubscriptionsDialog } from "@/components/lazy-dialogs";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/ui/api-client";
import { formatRelative, fullName } from "@/lib/ui/format";
import { insightPath } from "@/lib/ui/paths";
import { createInsightMutation, updateInsightMutation } from "@/lib/ui/insights/mutations";
import { insightActivityQuery } from "@/lib/ui/insights/queries";
import { toast } from "@/lib/ui/toast";
import type { TInsight } from "@/lib/ui/types";
import { cn } from "@/lib/ui/utils";

/** What a saved insight offers beside Edit: favourite, share, history, duplicate and delete (with undo). */
export function InsightActions({ projectId, insight, title }: { projectId: number; insight: TInsight; title: string }) {
  const router = useRouter();
  const [sharing, setSharing] = useState(false);
  const [history, setHistory] = useState(false);
  const [alerts, setAlerts] = useState(false);
  const [subscriptions, setSubscriptions] = useState(false);
  const update = useMutation({ ...updateInsightMutation(projectId), onError: (error) => toast.error(errorMessage(error)) });
  const duplicate = useMutation({
    ...createInsightMutation(projectId),
    onSuccess: (copy) => {
      toast.success("Insight duplicated");
      router.push(insightPath(projectId, copy.short_id));
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const remove = () =>
    update.mutate(
      { id: insight.id, deleted: true },
      {
        onSuccess: () => {
          router.push(`/project/${projectId}/insights`);
          toast.success(`“${title}” deleted`, {
            // The list it lands on shows the insight back once restored.
            action: { label: "Undo", onClick: () => update.mutate({ id: insight.id, deleted: false }) },
          });
        },
      },
    );

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={insight.favorited ? "Remove from favourites" : "Add to favourites"}
        aria-pressed={insight.favorited}
        onClick={() => update.mutate({ id: insight.id, favorited: !insight.favorited })}
      >
        <StarIcon className={cn(insight.favorited && "fill-amber-400 text-amber-500")} />
      </Button>
      <Button variant="outline" onClick={() => setSharing(true)}>
        <Share2Icon /> Share
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label="More actions">
            <MoreHorizontalIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setAlerts(true)}>
            <BellIcon /> Alerts
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setSubscriptions(true)}>
            <MailIcon /> Subscribe
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setHistory(true)}>
            <HistoryIcon /> History
          </DropdownMenuItem>
          <DropdownMenuItem
            disabled={duplicate.isPending}
            onSelect={() =>
              duplicate.mutate({
                name: `${title} (copy)`,
                description: insight.description,
                filters: insight.filters,
                tags: insight.tags,
                saved: true,
              })
            }
          >
            <CopyIcon /> Duplicate
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={remove}>
            <Trash2Icon /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <SharingDialog
        title={title}
        sharingPath={`/api/projects/${projectId}/insights/${insight.id}/sharing/`}
        open={sharing}
        onOpenChange={setSharing}
      />
      <HistoryDialog projectId={projectId} insightId={insight.id} open={history} onOpenChange={setHistory} />
      <AlertsDialog projectId={projectId} insightId={insight.id} open={alerts} onOpenChange={setAlerts} />
      <SubscriptionsDialog
        projectId={projectId}
        resource={{ kind: "insight", id: insight.id }}
        open={subscriptions}
        onOpenChange={setSubscriptions}
      />
    </>
  );
}

const ACTIVITY_VERBS: Record<string, string> = {
  created: "created it",
  updated: "changed",
  deleted: "deleted it",
  exported: "exported it",
};

function HistoryDialog({
  projectId,
  insightId,
  open,
  onOpenChange,
}: {
  projectId: number;
  insightId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const activity = useQuery({ ...insightActivityQuery(projectId, insightId), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[80vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>History</DialogTitle>
          <DialogDescription>Who changed this insight, and what.</DialogDescription>
        </DialogHeader>
        {activity.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : activity.isError ? (
          <p role="alert" className="text-sm">
            {errorMessage(activity.error)}
          </p>
        ) : activity.data.results.length === 0 ? (
          <p className="text-sm text-muted-foreground">No changes recorded yet.</p>
        ) : (
          <ol className="grid gap-3">
            {activity.data.results.map((item) => {
              const changes = (item.detail.changes as { field?: string }[] | null | undefined) ?? [];
              const fields = [...new Set(changes.map((change) => change.field).filter(Boolean))];
              return (
                <li key={item.id} className="grid gap-0.5 text-sm">
                  <span>
                    <span className="font-medium">{item.user ? fullName(item.user) : "Someone"}</span>{" "}
                    {ACTIVITY_VERBS[item.activity] ?? item.activity}
                    {item.activity === "updated" && fields.length ? ` ${fields.join(", ")}` : ""}
                  </span>
                  <time className="text-xs text-muted-foreground" dateTime={item.created_at} title={item.created_at}>
                    {formatRelative(item.created_at)}
                  </time>
                </li>
              );
            })}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
