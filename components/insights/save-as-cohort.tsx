"use client";

import { useMutation } from "@tanstack/react-query";
import { UsersRoundIcon } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { FormDialog } from "@/components/form-dialog";
import { Button } from "@/components/ui/button";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { apiPath } from "@/lib/ui/api-client";
import { saveInsightPersonsMutation } from "@/lib/ui/cohorts/queries";
import { toast } from "@/lib/ui/toast";

const ZName = z.object({ name: z.string().trim().min(1, "Name the cohort.").max(400, "At most 400 characters.") });

/**
 * "Save as cohort": the persons behind a data point (all of `url`'s, found by the API) become a new static cohort.
 * A legacy `/api/person/…` URL is the current project's: the page's.
 */
export function SaveAsCohortButton({ url }: { url: string }) {
  const pathname = usePathname();
  const projectId = Number(
    (/\/api\/(?:projects|environments)\/(\d+)\//.exec(apiPath(url)) ?? /^\/project\/(\d+)\//.exec(pathname ?? ""))?.[1],
  );
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const save = useMutation(saveInsightPersonsMutation(projectId, url));
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
        description="Everyone listed here, on every page, becomes a cohort that does not change."
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
            <Input
              id="save-cohort-name"
              autoComplete="off"
              aria-invalid={!!errors.name}
              aria-describedby={errors.name ? fieldMessageId("save-cohort-name") : undefined}
              {...register("name")}
            />
          </Field>
        )}
      </FormDialog>
    </>
  );
}
