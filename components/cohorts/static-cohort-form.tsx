"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, FormAlert, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { staticCohortMutation } from "@/lib/ui/cohorts/queries";
import { type TStaticCohortForm, ZStaticCohortForm } from "@/lib/ui/cohorts/criteria";
import { applyApiError } from "@/lib/ui/forms";
import { toast } from "@/lib/ui/toast";

/** A static cohort from an uploaded CSV: one column of distinct ids, or a `distinct_id`, `person_id` or `email` header. */
export function StaticCohortForm({ projectId }: { projectId: number }) {
  const router = useRouter();
  const form = useForm<TStaticCohortForm>({ resolver: zodResolver(ZStaticCohortForm), defaultValues: { name: "" } });
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useMutation(staticCohortMutation(projectId));
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const created = await upload.mutateAsync(values);
      toast.success(`${created.name} was created from the file.`);
      router.push(`/project/${projectId}/cohorts/${created.id}`);
    } catch (error) {
      setFailure(applyApiError(form, error, ["name", "csv"]));
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form className="grid max-w-xl gap-4" onSubmit={submit} noValidate aria-label="New static cohort">
      <FormAlert>{failure}</FormAlert>
      <Field label="Name" htmlFor="static-name" error={errors.name?.message}>
        <Input
          id="static-name"
          autoFocus
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? fieldMessageId("static-name") : undefined}
          {...form.register("name")}
        />
      </Field>
      <Field
        label="CSV file"
        htmlFor="static-csv"
        error={errors.csv?.message}
        description="One distinct id a line, or a first line naming the column: distinct_id, person_id or email."
      >
        <Controller
          control={form.control}
          name="csv"
          render={({ field }) => (
            <Input
              id="static-csv"
              type="file"
              accept=".csv,text/csv"
              aria-invalid={!!errors.csv}
              aria-describedby={fieldMessageId("static-csv")}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.files?.[0])}
            />
          )}
        />
      </Field>
      <Button type="submit" className="justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? "Uploading…" : "Create static cohort"}
      </Button>
    </form>
  );
}
