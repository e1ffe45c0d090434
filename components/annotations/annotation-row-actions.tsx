"use client";

import { useMutation } from "@tanstack/react-query";
import { PencilIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { AnnotationDialog } from "@/components/annotations/annotation-dialog";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { deleteAnnotationMutation } from "@/lib/ui/annotations/mutations";
import type { TAnnotation } from "@/lib/ui/annotations/queries";
import { inputWallTime, wallTime } from "@/lib/ui/annotations/time";
import { toast } from "@/lib/ui/toast";

/** A row's Edit (the same dialog as New) and Delete (soft, confirmed). */
export function AnnotationRowActions({
  projectId,
  timeZone,
  annotation,
}: {
  projectId: number;
  timeZone: string;
  annotation: TAnnotation;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    ...deleteAnnotationMutation(projectId),
    onSuccess: () => {
      toast.success("The annotation was deleted.");
      setConfirming(false);
    },
  });
  const label = annotation.content || "annotation";
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${label}`}>
        <PencilIcon /> Edit
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete ${label}`}>
        <Trash2Icon /> Delete
      </Button>
      <AnnotationDialog
        projectId={projectId}
        timeZone={timeZone}
        open={editing}
        onOpenChange={setEditing}
        annotation={annotation}
        defaultDate={annotation.date_marker ? inputWallTime(wallTime(new Date(annotation.date_marker), timeZone)) : undefined}
      />
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete this annotation?"
        description={`“${label}” leaves the list and every chart.`}
        action={remove}
        onConfirm={() => remove.mutate(annotation.id)}
        confirmLabel="Delete annotation"
        pendingLabel="Deleting…"
      />
    </div>
  );
}
