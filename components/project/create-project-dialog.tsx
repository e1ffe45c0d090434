"use client";

import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { useRouter } from "next/navigation";
import { Controller } from "react-hook-form";
import { FormDialog } from "@/components/form-dialog";
import { TimezoneSelect } from "@/components/timezone-select";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ZProjectCreate } from "@/lib/projects/schemas";
import { DEFAULT_TIMEZONE, TIMEZONES } from "@/lib/projects/timezones";
import { fieldErrorText } from "@/lib/ui/forms";
import { switchWorkspaceMutation } from "@/lib/ui/account/mutations";
import { createProjectMutation } from "@/lib/ui/organization/mutations";
import { toast } from "@/lib/ui/toast";
import { useMe } from "@/lib/ui/use-me";

/** The API's body, and whether its creator moves into the new project (the API moves them; staying moves them back). */
const ZProjectForm = ZProjectCreate.required().extend({ switch_to: z.boolean() });

/** The browser's own time zone when the API knows it, as most projects report in their team's local time. */
function browserTimezone() {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return TIMEZONES.includes(own) ? own : DEFAULT_TIMEZONE;
}

/**
 * Creates a project in the current organization and opens its settings (its snippets). Its creator chooses whether
 * to work in it now or to stay in the current project.
 */
export function CreateProjectDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { organization, team } = useMe();
  const router = useRouter();
  const create = useMutation(createProjectMutation(organization.id));
  const switchBack = useMutation(switchWorkspaceMutation());
  const submit = async ({ switch_to, ...body }: z.output<typeof ZProjectForm>) => {
    const project = await create.mutateAsync(body);
    // The project exists now: a failed move back is told, not shown on a form that would create it again.
    const stayed =
      !switch_to &&
      team &&
      (await switchBack.mutateAsync({ set_current_team: team.id }).then(
        () => true,
        () => false,
      ));
    toast.success(`${project.name} was created. ${stayed ? `You are still working in ${team.name}.` : "You are now working in it."}`);
    onOpenChange(false);
    router.push(`/organization/projects/${project.id}`);
    router.refresh();
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`New project in ${organization.name}`}
      description="A project has its own events, persons, insights and API key."
      schema={ZProjectForm}
      defaultValues={{ name: "", timezone: browserTimezone(), switch_to: true }}
      onSubmit={submit}
      submitLabel="Create project"
      pendingLabel="Creating…"
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <Field label="Name" htmlFor="project-name" error={fieldErrorText(errors.name, "Enter a name of at most 200 characters.")}>
            <Input
              id="project-name"
              placeholder="Web app"
              aria-invalid={!!errors.name}
              aria-describedby={fieldMessageId("project-name")}
              {...register("name")}
            />
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
          {team ? (
            <div className="flex items-start gap-2">
              <Controller
                control={control}
                name="switch_to"
                render={({ field }) => (
                  <Checkbox
                    id="project-switch-to"
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    aria-describedby="project-switch-to-hint"
                    className="mt-0.5"
                  />
                )}
              />
              <div className="grid gap-1">
                <Label htmlFor="project-switch-to">Switch to it now</Label>
                <p id="project-switch-to-hint" className="text-sm text-muted-foreground">
                  Otherwise you keep working in {team.name}.
                </p>
              </div>
            </div>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}
