"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, FormAlert, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ZStaticCohortForm, type TCohort } from "@/lib/ui/cohorts/criteria";
import { updateCohortMutation } from "@/lib/ui/cohorts/queries";
import { applyApiError } from "@/lib/ui/forms";
import { toast } from "@/lib/ui/toast";

const ZName = ZStaticCohortForm.pick({ name: true });

/** A static cohort's name: its list does not change, its name can. */
export function StaticCohortRename({ projectId, cohort }: { projectId: number; cohort: TCohort }) {
  const form = useForm<{ name: string }>({ resolver: zodResolver(ZName), defaultValues: { name: cohort.name } });
  const [failure, setFailure] = useState<string | null>(null);
  const rename = useMutation(updateCohortMutation(projectId, cohort.id));
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await rename.mutateAsync(values);
      toast.success(`The cohort is now ${values.name.trim()}.`);
      form.reset(values);
    } catch (error) {
      setFailure(applyApiError(form, error, ["name"]));
    }
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  return (
    <form className="grid max-w-xl gap-3" onSubmit={submit} noValidate aria-label="Rename cohort">
      <FormAlert>{failure}</FormAlert>
      <Field label="Name" htmlFor="static-cohort-name" error={errors.name?.message}>
        <Input
          id="static-cohort-name"
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? fieldMessageId("static-cohort-name") : undefined}
          {...form.register("name")}
        />
      </Field>
      <div>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? "Saving…" : "Rename"}
        </Button>
      </div>
    </form>
  );
}
