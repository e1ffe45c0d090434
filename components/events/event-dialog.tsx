"use client";

import { UserIcon } from "lucide-react";
import Link from "next/link";
import { CopyButton } from "@/components/copy-button";
import { PropertiesTable } from "@/components/properties-table";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { personName } from "@/lib/persons/schemas";
import { formatDateTime } from "@/lib/ui/format";
import type { TEvent } from "@/lib/ui/types";

/** One event in full: its time, distinct id and person, and every property (searchable, each copyable). */
export function EventDialog({ projectId, event, onClose }: { projectId: number; event: TEvent | null; onClose: () => void }) {
  return (
    <Dialog open={event !== null} onOpenChange={(open) => !open && onClose()}>
      {event && (
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle className="break-all">{event.event}</DialogTitle>
            <DialogDescription>
              <time dateTime={event.timestamp}>{formatDateTime(event.timestamp)}</time> · distinct ID{" "}
              <span className="font-mono break-all">{event.distinct_id}</span>
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-wrap items-center gap-2">
            {event.person && (
              <Button asChild variant="outline" size="sm">
                <Link href={`/project/${projectId}/persons/${event.person.id}`}>
                  <UserIcon /> {personName(event.person.properties, event.person.distinct_ids, event.person.id)}
                </Link>
              </Button>
            )}
            <span className="ml-auto flex items-center gap-2 text-sm text-muted-foreground">
              Event as JSON
              <CopyButton value={JSON.stringify(event, null, 2)} label="Copy the event as JSON" />
            </span>
          </div>
          <PropertiesTable properties={event.properties} label="Event properties" />
        </DialogContent>
      )}
    </Dialog>
  );
}
