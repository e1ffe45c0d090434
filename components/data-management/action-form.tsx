"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { ActionStepsEditor } from "@/components/data-management/action-steps-editor";
import { MatchingCount } from "@/components/data-management/matching-count";
import { draftOf, emptyStep, type StepDraft, stepOf } from "@/components/data-management/steps";
import { Button } from "@/components/ui/button";
import { Field, FormAlert, fieldMessageId } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { createActionMutation, updateActionMutation } from "@/lib/ui/data-management/mutations";
import { applyApiError } from "@/lib/ui/forms";
import { toast } from "@/lib/ui/toast";
import type { TAction } from "@/lib/ui/types";

const ZActionForm = z.object({
  name: z.string().trim().min(1, "Name the action.").max(400),
  description: z.string(),
  steps: z.array(z.custom<StepDraft>()).min(1, "An action needs a step."),
});
type TActionForm = z.infer<typeof ZActionForm>;
const FIELDS = ["name", "description", "steps"] as const;

/** An action's name, description and steps, with the events they match: creates one (then opens it), or saves `action`. */
export function ActionForm({ projectId, action }: { projectId: number; action?: TAction }) {
  const router = useRouter();
  const form = useForm<TActionForm>({
    resolver: zodResolver(ZActionForm),
    defaultValues: {
      name: action?.name ?? "",
      description: action?.description ?? "",
      steps: action ? action.steps.map(draftOf) : [emptyStep()],
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const create = useMutation(createActionMutation(projectId));
  const update = useMutation(updateActionMutation(projectId, action?.id ?? 0));
  const steps = useWatch({ control: form.control, name: "steps" });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const body = { name: values.name.trim(), description: values.description, steps: values.steps.map(stepOf) };
    try {
      if (!action) {
        const created = await create.mutateAsync(body);
        toast.success(`${created.name} was created.`);
        router.push(`/project/${projectId}/data-management/actions/${created.id}`);
      } else {
        await update.mutateAsync(body);
        toast.success(`${body.name} was saved.`);
        form.reset(values);
      }
    } catch (error) {
      setFailure(applyApiError(form, error, [...FIELDS]));
    }
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  return (
    <form className="grid max-w-4xl gap-4" onSubmit={submit} noValidate aria-label={action ? "Edit action" : "New action"}>
      <FormAlert>{failure}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" htmlFor="action-name" error={errors.name?.message}>
          <Input
            id="action-name"
            autoFocus={!action}
            aria-invalid={!!errors.name}
            aria-describedby={errors.name ? fieldMessageId("action-name") : undefined}
            {...form.register("name")}
          />
        </Field>
        <Field label="Description" htmlFor="action-description" error={errors.description?.message}>
          <Textarea id="action-description" rows={1} className="min-h-9" {...form.register("description")} />
        </Field>
      </div>
      <section className="grid gap-2" aria-labelledby="action-steps-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="action-steps-heading" className="text-sm font-medium">
            Events matching any of these steps
          </h2>
          <MatchingCount projectId={projectId} steps={steps.map(stepOf)} />
        </div>
        <Controller
          control={form.control}
          name="steps"
          render={({ field }) => <ActionStepsEditor projectId={projectId} value={field.value} onChange={field.onChange} />}
        />
        {errors.steps?.message || errors.steps?.root?.message ? (
          <p className="text-sm text-destructive" role="alert">
            {errors.steps?.message ?? errors.steps?.root?.message}
          </p>
        ) : null}
      </section>
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting || (action && !isDirty)}>
          {isSubmitting ? "Saving…" : action ? "Save action" : "Create action"}
        </Button>
      </div>
    </form>
  );
}
