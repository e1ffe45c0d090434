"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Controller } from "react-hook-form";
import { FormDialog } from "@/components/form-dialog";
import { TimezoneSelect } from "@/components/timezone-select";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ZProjectCreate } from "@/lib/projects/schemas";
import { DEFAULT_TIMEZONE, TIMEZONES } from "@/lib/projects/timezones";
import { fieldErrorText } from "@/lib/ui/forms";
import { createProjectMutation } from "@/lib/ui/mutations";
import { toast } from "@/lib/ui/toast";
import { useMe } from "@/lib/ui/use-me";

const ZProjectForm = ZProjectCreate.required();

/** The browser's own time zone when the API knows it, as most projects report in their team's local time. */
function browserTimezone() {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return TIMEZONES.includes(own) ? own : DEFAULT_TIMEZONE;
}

/** Creates a project in the current organization; its creator then works in it, on its settings page. */
export function CreateProjectDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { organization } = useMe();
  const router = useRouter();
  const create = useMutation({
    ...createProjectMutation(organization.id),
    onSuccess: (project) => {
      toast.success(`${project.name} was created. Send it events with the snippets below.`);
      onOpenChange(false);
      router.push(`/organization/projects/${project.id}`);
      router.refresh();
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`New project in ${organization.name}`}
      description="A project has its own events, persons, insights and API key. You switch to it once it is created."
      schema={ZProjectForm}
      defaultValues={{ name: "", timezone: browserTimezone() }}
      onSubmit={(values) => create.mutateAsync(values)}
      submitLabel="Create project"
      pendingLabel="Creating…"
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <Field label="Name" htmlFor="project-name" error={fieldErrorText(errors.name, "Enter a name of at most 200 characters.")}>
            <Input id="project-name" placeholder="Web app" aria-invalid={!!errors.name} aria-describedby={fieldMessageId("project-name")} {...register("name")} />
          </Field>
          <Field
            label="Time zone"
            htmlFor="project-timezone"
            description="Days and weeks in insights start at midnight here."
            error={fieldErrorText(errors.timezone)}
          >
            <Controller
              control={control}
              name="timezone"
              render={({ field }) => (
                <TimezoneSelect
                  id="project-timezone"
                  value={field.value}
                  onChange={field.onChange}
                  aria-invalid={!!errors.timezone}
                  aria-describedby={fieldMessageId("project-timezone")}
                />
              )}
            />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
