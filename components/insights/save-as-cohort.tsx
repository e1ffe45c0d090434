"use client";

import { useMutation } from "@tanstack/react-query";
import { UsersRoundIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { FormDialog } from "@/components/form-dialog";
import { Button } from "@/components/ui/button";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { apiPath } from "@/lib/ui/api-client";
import { MAX_SAVED_PERSONS, savePersonsAsCohortMutation } from "@/lib/ui/cohorts/queries";
import { fetchPersonsPage } from "@/lib/ui/insights/queries";
import { toast } from "@/lib/ui/toast";

const ZName = z.object({ name: z.string().trim().min(1, "Name the cohort.").max(400, "At most 400 characters.") });


/** The first distinct id of each person of a persons list, page after page from its first page. */
async function* distinctIdPages(url: string, shape: "actors" | "retention"): AsyncIterable<string[]> {
  let next: string | null = apiPath(url);
  while (next) {
    const page = await fetchPersonsPage(next, shape);
    yield page.people.flatMap((actor) => ("distinct_ids" in actor ? actor.distinct_ids.slice(0, 1) : []));
    next = page.next ? apiPath(page.next) : null;
  }
}

/** "Save as cohort": the persons behind a data point (every page of `url`) become a new static cohort. */
export function SaveAsCohortButton({ url, shape }: { url: string; shape: "actors" | "retention" }) {
  const projectId = Number(/\/api\/(?:projects|environments)\/(\d+)\//.exec(apiPath(url))?.[1]);
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const save = useMutation(savePersonsAsCohortMutation(projectId, () => distinctIdPages(url, shape)));
  if (!projectId) return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <UsersRoundIcon /> Save as cohort
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Save as a static cohort"
        description={`The persons listed here (at most ${MAX_SAVED_PERSONS.toLocaleString("en-US")}) become a cohort that does not change.`}
        schema={ZName}
        defaultValues={{ name: "" }}
        submitLabel="Save cohort"
        pendingLabel="Saving…"
        onSubmit={async ({ name }) => {
          const cohort = await save.mutateAsync(name);
          setOpen(false);
          toast.success(`${cohort.name} was saved as a cohort.`, {
            action: { label: "Open", onClick: () => router.push(`/project/${projectId}/cohorts/${cohort.id}`) },
          });
        }}
      >
        {({ register, formState: { errors } }) => (
          <Field label="Cohort name" htmlFor="save-cohort-name" error={errors.name?.message}>
            <Input id="save-cohort-name" autoComplete="off" aria-invalid={!!errors.name} aria-describedby={errors.name ? fieldMessageId("save-cohort-name") : undefined} {...register("name")} />
          </Field>
        )}
      </FormDialog>
    </>
  );
}
