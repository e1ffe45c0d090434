"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { CriteriaBuilder } from "@/components/cohorts/criteria-builder";
import { Button } from "@/components/ui/button";
import { Field, FormAlert, fieldMessageId } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { createCohortMutation, updateCohortMutation } from "@/lib/ui/cohorts/queries";
import { addGroup, type TCohort, type TCohortForm, toCriteria, ZCohortForm } from "@/lib/ui/cohorts/criteria";
import { applyApiError } from "@/lib/ui/forms";
import { toast } from "@/lib/ui/toast";

const FIELDS = ["name", "description", "criteria"] as const;

/** A dynamic cohort's name, description and criteria: creates one (then opens it), or saves `cohort` (recalculated). */
export function DynamicCohortForm({ projectId, cohort }: { projectId: number; cohort?: TCohort }) {
  const router = useRouter();
  const form = useForm<TCohortForm>({
    resolver: zodResolver(ZCohortForm),
    defaultValues: {
      name: cohort?.name ?? "",
      description: cohort?.description ?? "",
      criteria: cohort ? toCriteria(cohort.filters?.properties) : addGroup({ type: "AND", values: [] }),
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const create = useMutation(createCohortMutation(projectId));
  const update = useMutation(updateCohortMutation(projectId, cohort?.id ?? 0));
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (!cohort) {
        const created = await create.mutateAsync(values);
        toast.success(`${created.name} was created; its persons are being calculated.`);
        router.push(`/project/${projectId}/cohorts/${created.id}`);
      } else {
        await update.mutateAsync(values);
        toast.success(`${values.name.trim()} was saved; its persons are being recalculated.`);
        form.reset(values);
      }
    } catch (error) {
      setFailure(applyApiError(form, error, [...FIELDS]));
    }
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  return (
    <form className="grid max-w-4xl gap-4" onSubmit={submit} noValidate aria-label={cohort ? "Edit cohort" : "New dynamic cohort"}>
      <FormAlert>{failure}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" htmlFor="cohort-name" error={errors.name?.message}>
          <Input
            id="cohort-name"
            autoFocus={!cohort}
            aria-invalid={!!errors.name}
            aria-describedby={errors.name ? fieldMessageId("cohort-name") : undefined}
            {...form.register("name")}
          />
        </Field>
        <Field label="Description" htmlFor="cohort-description" error={errors.description?.message}>
          <Textarea id="cohort-description" rows={1} className="min-h-9" {...form.register("description")} />
        </Field>
      </div>
      <section className="grid gap-2" aria-label="Criteria">
        <h2 className="text-sm font-medium">Persons who match</h2>
        <Controller
          control={form.control}
          name="criteria"
          render={({ field }) => (
            <CriteriaBuilder
              projectId={projectId}
              cohortId={cohort?.id}
              value={field.value}
              onChange={field.onChange}
              errors={errors.criteria?.values}
            />
          )}
        />
        {errors.criteria?.root?.message || errors.criteria?.message ? (
          <p className="text-sm text-destructive" role="alert">
            {errors.criteria?.root?.message ?? errors.criteria?.message}
          </p>
        ) : null}
      </section>
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting || (cohort && !isDirty)}>
          {isSubmitting ? "Saving…" : cohort ? "Save and recalculate" : "Create cohort"}
        </Button>
      </div>
    </form>
  );
}
