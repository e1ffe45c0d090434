"use client";

import { useMutation } from "@tanstack/react-query";
import { FormDialog } from "@/components/form-dialog";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ZInsightWrite } from "@/lib/insights/schemas";
import { fieldErrorText } from "@/lib/ui/forms";
import { insightTitle } from "@/lib/ui/insights/labels";
import { updateInsightMutation } from "@/lib/ui/insights/mutations";
import { toast } from "@/lib/ui/toast";
import type { TInsightBasic } from "@/lib/ui/types";

const ZRenameForm = ZInsightWrite.pick({ name: true }).required();

export function RenameInsightDialog({
  projectId,
  insight,
  onClose,
}: {
  projectId: number;
  insight: TInsightBasic | null;
  onClose: () => void;
}) {
  const update = useMutation(updateInsightMutation(projectId));
  return (
    <FormDialog
      open={!!insight}
      onOpenChange={(open) => !open && onClose()}
      title="Rename insight"
      schema={ZRenameForm}
      defaultValues={{ name: insight ? insightTitle(insight) : "" }}
      onSubmit={async (values) => {
        if (!insight) return;
        await update.mutateAsync({ id: insight.id, ...values });
        toast.success("Insight renamed.");
        onClose();
      }}
      submitLabel="Save"
      pendingLabel="Saving…"
    >
      {({ register, formState: { errors } }) => (
        <Field label="Name" htmlFor="insight-name" error={fieldErrorText(errors.name, "Use at most 400 characters.")}>
          <Input id="insight-name" aria-invalid={!!errors.name} aria-describedby={fieldMessageId("insight-name")} {...register("name")} />
        </Field>
      )}
    </FormDialog>
  );
}
