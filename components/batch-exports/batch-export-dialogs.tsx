"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { DateTimeInput } from "@/components/batch-exports/date-time-input";
import { FormDialog } from "@/components/form-dialog";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { backfillRangeReason, type BackfillRangeReason, OPEN_ENDED_BACKFILL_TYPES } from "@/lib/batch-exports/rules";
import { formatRelative } from "@/lib/ui/format";
import { fieldErrorText } from "@/lib/ui/forms";
import { backfillBatchExportMutation, deleteBatchExportMutation, unpauseBatchExportMutation } from "@/lib/ui/batch-exports/mutations";
import { toast } from "@/lib/ui/toast";
import type { TBatchExport } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

/** The API's refusals in the words of the dialog's fields (the API's own name its `start_at` and `end_at`). */
const BACKFILL_RANGE_WORDS: Record<BackfillRangeReason, string> = {
  start_not_before_end: "The end must be after the start.",
  end_too_far: "The end can be at most one interval from now: later data does not exist yet.",
  end_required: "Pick an end: this destination is backfilled over a closed range only.",
};

/** The range checked by the API's own rule before anything is sent. */
function backfillSchema(batchExport: TBatchExport) {
  return z
    .object({ start_at: z.string({ error: "Pick the start of the range." }), end_at: z.string().nullable() })
    .superRefine(({ start_at, end_at }, context) => {
      const reason = backfillRangeReason(
        new Date(start_at),
        end_at ? new Date(end_at) : null,
        batchExport.destination.type,
        batchExport.interval,
        new Date(),
      );
      if (reason) context.addIssue({ code: "custom", path: ["end_at"], message: BACKFILL_RANGE_WORDS[reason] });
    });
}

/** Exports a past range again, one run per interval of it. */
export function BackfillDialog({ open, onClose, batchExport }: { open: boolean; onClose: () => void; batchExport: TBatchExport }) {
  const { organization } = useMe();
  const backfill = useMutation({
    ...backfillBatchExportMutation(organization.id),
    onSuccess: () => {
      toast.success("Backfill started: its runs are listed below.");
      onClose();
    },
  });
  const openEnded = OPEN_ENDED_BACKFILL_TYPES.includes(batchExport.destination.type);
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Backfill"
      description={`One run per interval of the range exports ${batchExport.name}'s data again; what it already wrote is replaced, not repeated. Times are in your time zone.`}
      schema={backfillSchema(batchExport)}
      defaultValues={{ start_at: undefined, end_at: null }}
      onSubmit={(values) => backfill.mutateAsync({ batchExport, start_at: values.start_at, end_at: values.end_at ?? undefined })}
      submitLabel="Start backfill"
      pendingLabel="Starting…"
    >
      {({ control, formState: { errors } }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="From" htmlFor="backfill-start" error={fieldErrorText(errors.start_at)}>
            <Controller
              control={control}
              name="start_at"
              render={({ field }) => (
                <DateTimeInput
                  id="backfill-start"
                  value={field.value}
                  onChange={field.onChange}
                  aria-invalid={!!errors.start_at}
                  aria-describedby={fieldMessageId("backfill-start")}
                />
              )}
            />
          </Field>
          <Field
            label={openEnded ? "To (optional)" : "To"}
            htmlFor="backfill-end"
            description={openEnded ? "Empty: up to now, then on with the schedule." : undefined}
            error={fieldErrorText(errors.end_at)}
          >
            <Controller
              control={control}
              name="end_at"
              render={({ field }) => (
                <DateTimeInput
                  id="backfill-end"
                  value={field.value}
                  onChange={field.onChange}
                  aria-invalid={!!errors.end_at}
                  aria-describedby={fieldMessageId("backfill-end")}
                />
              )}
            />
          </Field>
        </div>
      )}
    </FormDialog>
  );
}

const ZUnpause = z.object({ backfill: z.boolean() });

/** Resumes the schedule, offering to export the intervals that passed while the export was paused. */
export function UnpauseDialog({ open, onClose, batchExport }: { open: boolean; onClose: () => void; batchExport: TBatchExport }) {
  const { organization } = useMe();
  const unpause = useMutation({
    ...unpauseBatchExportMutation(organization.id),
    onSuccess: (_, { backfill }) => {
      toast.success(backfill ? "Export resumed; the paused time is being backfilled." : "Export resumed.");
      onClose();
    },
  });
  const since = batchExport.last_paused_at ? formatRelative(batchExport.last_paused_at) : null;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={`Resume ${batchExport.name}?`}
      description="Runs are scheduled again from the next interval."
      schema={ZUnpause}
      defaultValues={{ backfill: false }}
      onSubmit={(values) => unpause.mutateAsync({ batchExport, backfill: values.backfill })}
      submitLabel="Resume"
      pendingLabel="Resuming…"
    >
      {({ control }) => (
        <div className="flex items-start gap-2">
          <Controller
            control={control}
            name="backfill"
            render={({ field }) => (
              <Checkbox
                id="unpause-backfill"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                aria-describedby="unpause-backfill-hint"
                className="mt-0.5"
              />
            )}
          />
          <div className="grid gap-1">
            <Label htmlFor="unpause-backfill">Backfill the paused gap</Label>
            <p id="unpause-backfill-hint" className="text-sm text-muted-foreground">
              Also export the intervals that passed while it was paused{since ? ` (since ${since})` : ""}.
            </p>
          </div>
        </div>
      )}
    </FormDialog>
  );
}

/** Deletes the export after a confirmation; its runs stop and its page goes with it. */
export function DeleteBatchExportDialog({ open, onClose, batchExport }: { open: boolean; onClose: () => void; batchExport: TBatchExport }) {
  const { organization } = useMe();
  const router = useRouter();
  const [deleted, setDeleted] = useState(false);
  const remove = useMutation({
    ...deleteBatchExportMutation(organization.id),
    onSuccess: () => {
      setDeleted(true);
      toast.success(`${batchExport.name} was deleted.`);
      router.replace("/organization/batch-exports");
    },
  });
  return (
    <ConfirmDialog
      open={open && !deleted}
      onClose={onClose}
      title={`Delete ${batchExport.name}?`}
      description="No more runs will start, and runs under way are cancelled. What it has already exported stays where it is. This cannot be undone."
      action={remove}
      onConfirm={() => remove.mutate(batchExport)}
      confirmLabel="Delete export"
      pendingLabel="Deleting…"
    />
  );
}
