"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { FormDialog } from "@/components/form-dialog";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ZDashboardCreate } from "@/lib/dashboards/schemas";
import { dashboardTitle } from "@/lib/ui/dashboards/labels";
import { createDashboardMutation } from "@/lib/ui/dashboards/mutations";
import { dashboardsQuery } from "@/lib/ui/dashboards/queries";
import { fieldErrorText } from "@/lib/ui/forms";
import { toast } from "@/lib/ui/toast";

const BLANK = "blank";
const ZCreateForm = ZDashboardCreate.pick({ name: true, description: true }).required().extend({ start: z.string() });

/** A new dashboard: blank, or starting as a copy of one of the project's (its tiles and filters); then opened. */
export function CreateDashboardDialog({
  projectId,
  open,
  onOpenChange,
}: {
  projectId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const router = useRouter();
  const dashboards = useQuery(dashboardsQuery(projectId)).data ?? [];
  const create = useMutation(createDashboardMutation(projectId));
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New dashboard"
      schema={ZCreateForm}
      fields={["name", "description"]}
      defaultValues={{ name: "", description: "", start: BLANK }}
      onSubmit={async ({ start, ...values }) => {
        const created = await create.mutateAsync({ ...values, ...(start === BLANK ? {} : { use_dashboard: Number(start) }) });
        toast.success(`${dashboardTitle(created)} was created.`);
        onOpenChange(false);
        router.push(`/project/${projectId}/dashboard/${created.id}`);
      }}
      submitLabel="Create dashboard"
      pendingLabel="Creating…"
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <Field label="Name" htmlFor="new-dashboard-name" error={fieldErrorText(errors.name, "Use at most 400 characters.")}>
            <Input
              id="new-dashboard-name"
              aria-invalid={!!errors.name}
              aria-describedby={fieldMessageId("new-dashboard-name")}
              {...register("name")}
            />
          </Field>
          <Field label="Description (optional)" htmlFor="new-dashboard-description" error={fieldErrorText(errors.description)}>
            <Textarea
              id="new-dashboard-description"
              rows={2}
              aria-describedby={fieldMessageId("new-dashboard-description")}
              {...register("description")}
            />
          </Field>
          <Field
            label="Start from"
            htmlFor="new-dashboard-start"
            description="A copy shows the same insights, laid out and filtered the same way."
          >
            <Controller
              control={control}
              name="start"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="new-dashboard-start" aria-describedby={fieldMessageId("new-dashboard-start")}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={BLANK}>Blank dashboard</SelectItem>
                    {dashboards.map((dashboard) => (
                      <SelectItem key={dashboard.id} value={String(dashboard.id)}>
                        Copy of {dashboardTitle(dashboard)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
