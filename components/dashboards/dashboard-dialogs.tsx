"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { FormDialog } from "@/components/form-dialog";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { ZDashboardUpdate } from "@/lib/dashboards/schemas";
import { fieldErrorText } from "@/lib/ui/forms";
import { updateDashboardMutation } from "@/lib/ui/dashboards/mutations";
import { toast } from "@/lib/ui/toast";
import type { TDashboardBasic } from "@/lib/ui/types";

const ZAboutForm = ZDashboardUpdate.pick({ name: true, description: true }).required();

/** Renames a dashboard and describes it. */
export function AboutDashboardDialog({
  projectId,
  dashboard,
  open,
  onOpenChange,
}: {
  projectId: number;
  dashboard: Pick<TDashboardBasic, "id" | "name" | "description">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useMutation(updateDashboardMutation(projectId));
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rename dashboard"
      schema={ZAboutForm}
      defaultValues={{ name: dashboard.name ?? "", description: dashboard.description }}
      onSubmit={async (values) => {
        await update.mutateAsync({ id: dashboard.id, ...values });
        toast.success("Dashboard saved.");
        onOpenChange(false);
      }}
      submitLabel="Save"
      pendingLabel="Saving…"
    >
      {({ register, formState: { errors } }) => (
        <>
          <Field label="Name" htmlFor="dashboard-name" error={fieldErrorText(errors.name, "Use at most 400 characters.")}>
            <Input
              id="dashboard-name"
              aria-invalid={!!errors.name}
              aria-describedby={fieldMessageId("dashboard-name")}
              {...register("name")}
            />
          </Field>
          <Field label="Description" htmlFor="dashboard-description" error={fieldErrorText(errors.description)}>
            <Textarea
              id="dashboard-description"
              rows={3}
              aria-invalid={!!errors.description}
              aria-describedby={fieldMessageId("dashboard-description")}
              {...register("description")}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}

/** Deleting a dashboard (softly, as PostHog: its insights stay); then back to the list. */
export function DeleteDashboardDialog({
  projectId,
  dashboard,
  onClose,
  leaveTo,
}: {
  projectId: number;
  dashboard: Pick<TDashboardBasic, "id" | "name"> | null;
  onClose: () => void;
  /** Where to go once it is deleted (from the dashboard's own page). */
  leaveTo?: string;
}) {
  const router = useRouter();
  const remove = useMutation({
    ...updateDashboardMutation(projectId),
    onSuccess: () => {
      toast.success(`${dashboard?.name || "The dashboard"} was deleted.`);
      if (leaveTo) router.push(leaveTo);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={!!dashboard}
      onClose={onClose}
      title={`Delete ${dashboard?.name || "this dashboard"}?`}
      description="The dashboard and its layout go away, and its public link stops working. The insights on it stay saved."
      action={remove}
      onConfirm={() => dashboard && remove.mutate({ id: dashboard.id, deleted: true })}
      confirmLabel="Delete dashboard"
      pendingLabel="Deleting…"
    />
  );
}
