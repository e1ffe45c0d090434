"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, fieldMessageId, FormAlert } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ZOrganizationCreate, type TOrganization } from "@/lib/organizations/schemas";
import { ZProjectCreate } from "@/lib/projects/schemas";
import { api } from "@/lib/ui/api-client";
import { applyApiError } from "@/lib/ui/forms";
import { userKeys } from "@/lib/ui/query-keys";
import type { TUser } from "@/lib/ui/types";

const ZNames = z.object({ name: ZOrganizationCreate.shape.name, project_name: ZProjectCreate.shape.name });
type TNames = z.infer<typeof ZNames>;

const nameError = (error: { type?: string; message?: string } | undefined, what: string, max: number) =>
  error && (error.type === "server" ? error.message : `Give your ${what} a name of at most ${max} characters.`);

/**
 * The step after sign-up: confirm or change the names of the organization and project sign-up created.
 * Someone who belongs to no organization (they left or deleted theirs) creates one here instead.
 */
export function OnboardingForm({ me }: { me: TUser }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const organization = me.organization;
  const project = me.team;
  const form = useForm<TNames>({
    resolver: zodResolver(ZNames),
    defaultValues: { name: organization?.name ?? "", project_name: project?.name ?? "Default project" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, project_name }) => {
    setFailure(null);
    try {
      if (!organization) {
        const created = await api.post<TOrganization>("/api/organizations/", { name });
        const firstProject = created.teams[0];
        if (firstProject && project_name !== firstProject.name)
          await api.patch(`/api/projects/${firstProject.id}/`, { name: project_name });
      } else {
        if (name !== organization.name) await api.patch(`/api/organizations/${organization.id}/`, { name });
        if (project && project_name !== project.name) await api.patch(`/api/projects/${project.id}/`, { name: project_name });
      }
    } catch (error) {
      setFailure(applyApiError(form, error, ["name"]));
      return;
    }
    // The app shell must start from the server's fresh answer, not a cached one from before.
    queryClient.removeQueries({ queryKey: userKeys.all });
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
        error={nameError(errors.name, "organization", 64)}
      >
        <Input id="name" autoFocus aria-invalid={!!errors.name} aria-describedby={fieldMessageId("name")} {...form.register("name")} />
      </Field>
      <Field
        label="Project name"
        htmlFor="project_name"
        description="A project holds the events of one product or website."
        error={nameError(errors.project_name, "project", 200)}
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
