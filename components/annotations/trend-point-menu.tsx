"use client";

import { MessageSquarePlusIcon, UsersIcon } from "lucide-react";
import { useRef, useState } from "react";
import { AnnotationDialog } from "@/components/annotations/annotation-dialog";
import { useProjectTimeZone } from "@/components/annotations/use-project-time-zone";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { inputWallTime } from "@/lib/ui/annotations/time";

/**
 * What a click on a trend's point offers, in a menu where the pointer was: the persons behind it (when the
 * point has them) and a new annotation at its bucket's start, for the insight (or the project, when unsaved).
 */
export function TrendPointMenu({
  projectId,
  insightId,
  at,
  day,
  dayLabel,
  onPersons,
  onClose,
}: {
  projectId: number;
  insightId: number | null;
  at: { x: number; y: number };
  /** The bucket's start, in the project's wall time. */
  day: string;
  dayLabel: string;
  onPersons: (() => void) | null;
  onClose: () => void;
}) {
  const timeZone = useProjectTimeZone(projectId);
  const [annotating, setAnnotating] = useState(false);
  // Choosing "Add annotation" closes the menu too: that closing must not end the whole interaction.
  const choseAnnotation = useRef(false);
  if (annotating)
    return (
      <AnnotationDialog
        projectId={projectId}
        timeZone={timeZone}
        open
        onOpenChange={(open) => (open ? null : onClose())}
        defaultDate={inputWallTime(day)}
        place={{ insightId }}
      />
    );
  return (
    // Not modal: a modal menu hides the page (aria-hidden) around the focusable plot it was opened from (axe).
    <DropdownMenu modal={false} open onOpenChange={(open) => (open || choseAnnotation.current ? null : onClose())}>
      <DropdownMenuTrigger asChild>
        <span aria-hidden className="pointer-events-none fixed size-0" style={{ left: at.x, top: at.y }} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" aria-label={`Point of ${dayLabel}`}>
        {onPersons ? (
          <DropdownMenuItem onSelect={onPersons}>
            <UsersIcon /> See the persons
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem
          onSelect={() => {
            choseAnnotation.current = true;
            setAnnotating(true);
          }}
        >
          <MessageSquarePlusIcon /> Add annotation on {dayLabel}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
