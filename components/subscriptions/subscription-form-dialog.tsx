"use client";

import { useMutation } from "@tanstack/react-query";
import { FormDialog } from "@/components/form-dialog";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { TSubscription } from "@/lib/subscriptions/schemas";
import type { SubscriptionResource } from "@/lib/ui/query-keys";
import { createSubscriptionMutation, updateSubscriptionMutation } from "@/lib/ui/subscriptions/mutations";
import { toast } from "@/lib/ui/toast";
import { FrequencyChoice, WeekdayToggles } from "./schedule-fields";
import { nextDeliveryText } from "./subscription-words";
import { formValuesOf, subscriptionBodyOf, ZSubscriptionForm } from "./subscription-form";

interface Props {
  projectId: number;
  resource: SubscriptionResource;
  /** The subscription edited, or null for a new one. */
  subscription: TSubscription | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const FIELDS = ["title", "target_value", "frequency", "interval", "byweekday", "start", "until"];

/** Creates or edits a subscription: who gets it, how often, from when and until when. */
export function SubscriptionFormDialog({ projectId, resource, subscription, open, onOpenChange }: Props) {
  const done = (saved: TSubscription) => {
    onOpenChange(false);
    toast.success(`Subscription saved: ${saved.summary}; ${nextDeliveryText(saved)}.`);
  };
  const create = useMutation({ ...createSubscriptionMutation(projectId), onSuccess: done });
  const update = useMutation({ ...updateSubscriptionMutation(projectId, subscription?.id ?? 0), onSuccess: done });
  const invalid = (message: string | undefined, id: string) =>
    message ? { "aria-invalid": true, "aria-describedby": fieldMessageId(id) } : {};
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={subscription ? "Edit subscription" : "New subscription"}
      description="Its numbers are e-mailed on this schedule, with a link back to it. Times are in your time zone."
      schema={ZSubscriptionForm}
      defaultValues={formValuesOf(subscription)}
      fields={FIELDS}
      onSubmit={(values) => (subscription ? update : create).mutateAsync(subscriptionBodyOf(values, subscription ? null : resource))}
      submitLabel={subscription ? "Save" : "Subscribe"}
      pendingLabel="Saving…"
    >
      {({ register, control, watch, formState: { errors } }) => (
        <>
          <Field
            label="Recipients"
            htmlFor="subscription-recipients"
            description="E-mail addresses, separated by commas."
            error={errors.target_value?.message}
          >
            <Input
              id="subscription-recipients"
              type="text"
              autoComplete="off"
              {...invalid(errors.target_value?.message, "subscription-recipients")}
              {...register("target_value")}
            />
          </Field>
          <Field label="Subject (optional)" htmlFor="subscription-title" error={errors.title?.message}>
            <Input id="subscription-title" autoComplete="off" {...register("title")} />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Every" htmlFor="subscription-interval" error={errors.interval?.message}>
              <Input id="subscription-interval" inputMode="numeric" {...register("interval")} />
            </Field>
            <FrequencyChoice control={control} />
          </div>
          {watch("frequency") === "weekly" && <WeekdayToggles control={control} error={errors.byweekday?.message} />}
          <div className="grid grid-cols-2 gap-3">
            <Field label="First delivery" htmlFor="subscription-start" error={errors.start?.message}>
              <Input id="subscription-start" type="datetime-local" {...register("start")} />
            </Field>
            <Field label="Until (optional)" htmlFor="subscription-until" error={errors.until?.message}>
              <Input id="subscription-until" type="date" {...register("until")} />
            </Field>
          </div>
        </>
      )}
    </FormDialog>
  );
}
