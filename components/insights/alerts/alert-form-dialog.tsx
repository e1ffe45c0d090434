"use client";

import { useMutation } from "@tanstack/react-query";
import { FormDialog } from "@/components/form-dialog";
import { Field } from "@/components/ui/field";
import { FormCheckbox } from "@/components/ui/form-checkbox";
import { FormChoice } from "@/components/ui/form-choice";
import { Input } from "@/components/ui/input";
import type { TAlert } from "@/lib/alerts/schemas";
import { createAlertMutation, updateAlertMutation } from "@/lib/ui/alerts/mutations";
import { toast } from "@/lib/ui/toast";
import { useMe } from "@/lib/ui/use-me";
import { alertBodyOf, CONDITION_LABELS, formValuesOf, INTERVAL_LABELS, ZAlertForm } from "./alert-form";

interface Props {
  projectId: number;
  insightId: number;
  /** The alert edited, or null for a new one. */
  alert: TAlert | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Creates or edits an alert: its condition, bounds, series, schedule and who is told. */
export function AlertFormDialog({ projectId, insightId, alert, open, onOpenChange }: Props) {
  const me = useMe();
  const done = (saved: TAlert) => {
    onOpenChange(false);
    toast.success(`Alert “${saved.name}” saved; it is checked now, then ${INTERVAL_LABELS[saved.calculation_interval].toLowerCase()}.`);
  };
  const create = useMutation({ ...createAlertMutation(projectId), onSuccess: done });
  const update = useMutation({ ...updateAlertMutation(projectId, alert?.id ?? ""), onSuccess: done });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={alert ? `Edit ${alert.name || "alert"}` : "New alert"}
      description="Checked on the insight's series; you are told when it starts firing and when it stops."
      schema={ZAlertForm}
      defaultValues={formValuesOf(alert, me.id)}
      fields={["name", "lower", "upper", "series", "webhook_url"]}
      onSubmit={(values) => (alert ? update : create).mutateAsync(alertBodyOf(values, alert, me.id, insightId))}
      submitLabel={alert ? "Save" : "Create alert"}
      pendingLabel="Saving…"
    >
      {({ register, control, watch, formState: { errors } }) => (
        <>
          <Field label="Name" htmlFor="alert-name" error={errors.name?.message}>
            <Input id="alert-name" autoComplete="off" {...register("name")} />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <FormChoice
              control={control}
              name="condition"
              id="alert-condition"
              label="When"
              options={CONDITION_LABELS}
              className={watch("condition") === "absolute_value" ? "col-span-2" : undefined}
            />
            {watch("condition") !== "absolute_value" && (
              <FormChoice
                control={control}
                name="unit"
                id="alert-unit"
                label="Measured as"
                options={{ absolute: "A count", percentage: "A percentage" }}
              />
            )}
            <Field label="Lower bound" htmlFor="alert-lower" error={errors.lower?.message}>
              <Input id="alert-lower" inputMode="decimal" {...register("lower")} />
            </Field>
            <Field label="Upper bound" htmlFor="alert-upper" error={errors.upper?.message}>
              <Input id="alert-upper" inputMode="decimal" {...register("upper")} />
            </Field>
            <Field label="Series" htmlFor="alert-series" error={errors.series?.message}>
              <Input id="alert-series" inputMode="numeric" {...register("series")} />
            </Field>
            <FormChoice
              control={control}
              name="calculation_interval"
              id="alert-calculation_interval"
              label="Check"
              options={INTERVAL_LABELS}
            />
          </div>
          <Field label="Webhook URL (optional)" htmlFor="alert-webhook" error={errors.webhook_url?.message}>
            <Input id="alert-webhook" type="url" placeholder="https://" {...register("webhook_url")} />
          </Field>
          <FormCheckbox
            control={control}
            name="skip_weekend"
            id="alert-skip-weekend"
            label="Skip checks on weekends (project's timezone)"
          />
          <FormCheckbox control={control} name="email_me" id="alert-email-me" label={`E-mail me (${me.email})`} />
        </>
      )}
    </FormDialog>
  );
}
