"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, fieldMessageId, FormAlert } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ZOrganizationCreate } from "@/lib/organizations/schemas";
import { ZProjectCreate } from "@/lib/projects/schemas";
import { applyApiError, fieldErrorText } from "@/lib/ui/forms";
import { createOrganizationMutation, updateOrganizationMutation, updateProjectMutation } from "@/lib/ui/organization/mutations";
import type { TUser } from "@/lib/ui/types";

const ZNames = z.object({ name: ZOrganizationCreate.shape.name, project_name: ZProjectCreate.shape.name });
type TNames = z.infer<typeof ZNames>;

/**
 * The step after sign-up: confirm or change the names of the organization and project sign-up created.
 * Someone who belongs to no organization (they left or deleted theirs) creates one here instead.
 */
export function OnboardingForm({ me }: { me: TUser }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const organization = me.organization;
  const project = me.team;
  const createOrganization = useMutation(createOrganizationMutation());
  const renameOrganization = useMutation(updateOrganizationMutation());
  const renameProject = useMutation(updateProjectMutation());
  const form = useForm<TNames>({
    resolver: zodResolver(ZNames),
    defaultValues: { name: organization?.name ?? "", project_name: project?.name ?? "Default project" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, project_name }) => {
    setFailure(null);
    try {
      if (!organization) {
        const created = await createOrganization.mutateAsync({ name });
        const firstProject = created.teams[0];
        if (firstProject && project_name !== firstProject.name)
          await renameProject.mutateAsync({ id: firstProject.id, name: project_name });
      } else {
        if (name !== organization.name) await renameOrganization.mutateAsync({ id: organization.id, name });
        if (project && project_name !== project.name) await renameProject.mutateAsync({ id: project.id, name: project_name });
      }
    } catch (error) {
      setFailure(applyApiError(form, error, ["name"]));
      return;
    }
    router.push("/");
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <FormAlert>{failure}</FormAlert>
      <Field
        label="Organization name"
        htmlFor="name"
        description="Everyone you invite joins this organization."
        error={fieldErrorText(errors.name, "Give your organization a name of at most 64 characters.")}
      >
        <Input id="name" autoFocus aria-invalid={!!errors.name} aria-describedby={fieldMessageId("name")} {...form.register("name")} />
      </Field>
      <Field
        label="Project name"
        htmlFor="project_name"
        description="A project holds the events of one product or website."
        error={fieldErrorText(errors.project_name, "Give your project a name of at most 200 characters.")}
      >
        <Input
          id="project_name"
          aria-invalid={!!errors.project_name}
          aria-describedby={fieldMessageId("project_name")}
          {...form.register("project_name")}
        />
      </Field>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {organization && (
          <Button asChild variant="ghost">
            <Link href="/">Skip for now</Link>
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : organization ? "Continue" : "Create organization"}
        </Button>
      </div>
    </form>
  );
}
