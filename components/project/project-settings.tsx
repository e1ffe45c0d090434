"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { CopyField } from "@/components/copy-button";
import { DisabledReason } from "@/components/disabled-reason";
import { TypedConfirmationDialog } from "@/components/lazy-dialogs";
import { PageHeader } from "@/components/page-header";
import { CaptureSnippets } from "@/components/project/capture-snippets";
import { DangerZoneCard } from "@/components/danger-zone-card";
import { ClientSettingsCard } from "@/components/project/client-settings-card";
import { IpAddressesCard } from "@/components/project/ip-addresses-card";
import { projectManagementProhibition } from "@/components/project/project-permissions";
import { TestAccountsCard } from "@/components/project/test-accounts-card";
import { TimezoneSelect } from "@/components/timezone-select";
import { Button } from "@/components/ui/button";
import { CleaningRules } from "@/components/insights/controls/cleaning-rules";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, fieldMessageId, FormAlert } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { ZProjectUpdate } from "@/lib/projects/schemas";
import { errorMessage } from "@/lib/ui/api-client";
import { formatDate } from "@/lib/ui/format";
import { applyApiError, fieldErrorText } from "@/lib/ui/forms";
import { deleteProjectMutation, updateProjectMutation } from "@/lib/ui/organization/mutations";
import { projectsQuery } from "@/lib/ui/organization/queries";
import { toast } from "@/lib/ui/toast";
import type { TProject } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

const ZGeneral = ZProjectUpdate.pick({ name: true, timezone: true }).required();
type TGeneral = z.input<typeof ZGeneral>;

/** One project's settings: name and time zone, its API key with capture snippets, and deleting it. */
export function ProjectSettings({ projectId, origin }: { projectId: number; origin: string }) {
  const { organization } = useMe();
  const projects = useQuery(projectsQuery(organization.id));
  const project = projects.data?.find((candidate) => candidate.id === projectId);
  const back = (
    <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit text-muted-foreground">
      <Link href="/organization/projects">
        <ArrowLeftIcon /> All projects
      </Link>
    </Button>
  );

  if (projects.isPending)
    return (
      <div className="grid gap-6" role="status" aria-busy="true" aria-label="Loading the project">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (projects.isError)
    return (
      <div className="grid gap-4">
        {back}
        <FormAlert>{errorMessage(projects.error)}</FormAlert>
      </div>
    );
  if (!project)
    return (
      <div className="grid gap-4">
        {back}
        <PageHeader
          title="Project not found"
          description={`${organization.name} has no project with this ID. It may have been deleted, or belong to another organization.`}
        />
      </div>
    );

  const prohibition = projectManagementProhibition(organization.membership_level);
  return (
    <div className="grid gap-2">
      {back}
      <PageHeader title={project.name} description={`A project of ${organization.name}, created ${formatDate(project.created_at)}.`} />
      <div className="grid gap-6">
        {/* Keyed by the saved values, so a save (or another tab's) starts the form from them. */}
        <GeneralCard key={`${project.id}:${project.name}:${project.timezone}`} project={project} prohibition={prohibition} />
        <Card>
          <CardHeader>
            <CardTitle>Project API key</CardTitle>
            <CardDescription>
              Your apps send events with this key. It can only write events, so it is safe to ship in web pages and mobile apps. Any PostHog
              client library works with Hedgerow.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <CopyField value={project.api_token} label="Copy project API key" />
            <CaptureSnippets origin={origin} token={project.api_token} />
          </CardContent>
        </Card>
        <ClientSettingsCard project={project} prohibition={prohibition} />
        <IpAddressesCard project={project} prohibition={prohibition} />
        {/* Keyed by the saved filters, so a save starts the list from what the server kept. */}
        <TestAccountsCard key={JSON.stringify(project.test_account_filters)} project={project} prohibition={prohibition} />
        <PathCleaningCard project={project} prohibition={prohibition} />
        <DangerZone project={project} prohibition={prohibition} />
      </div>
    </div>
  );
}

function GeneralCard({ project, prohibition }: { project: TProject; prohibition: string | null }) {
  const update = useMutation(updateProjectMutation());
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TGeneral>({ resolver: zodResolver(ZGeneral), defaultValues: { name: project.name, timezone: project.timezone } });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync({ id: project.id, ...values });
    } catch (error) {
      setFailure(applyApiError(form, error, ["name", "timezone"]));
      return;
    }
    // The page's header and the switcher name the project from the server's render too.
    router.refresh();
    toast.success("Project saved.");
  });

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate className="contents">
        <CardHeader>
          <CardTitle>General</CardTitle>
          <CardDescription>{prohibition ?? "The project's name, and the time zone its insights count days in."}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormAlert className="sm:col-span-2">{failure}</FormAlert>
          <Field label="Name" htmlFor="project-name" error={fieldErrorText(errors.name, "Enter a name of at most 200 characters.")}>
            <Input
              id="project-name"
              disabled={!!prohibition}
              aria-invalid={!!errors.name}
              aria-describedby={fieldMessageId("project-name")}
              {...form.register("name")}
            />
          </Field>
          <Field label="Time zone" htmlFor="project-timezone" error={fieldErrorText(errors.timezone)}>
            <Controller
              control={form.control}
              name="timezone"
              render={({ field }) => (
                <TimezoneSelect
                  id="project-timezone"
                  value={field.value}
                  onChange={(timezone) => field.onChange(timezone)}
                  disabled={!!prohibition}
                  aria-invalid={!!errors.timezone}
                  aria-describedby={fieldMessageId("project-timezone")}
                />
              )}
            />
          </Field>
        </CardContent>
        {!prohibition && (
          <CardFooter className="justify-end border-t pt-5">
            <Button type="submit" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? "Saving…" : "Save"}
            </Button>
          </CardFooter>
        )}
      </form>
    </Card>
  );
}

/** PostHog's project path cleaning rules: paths insights apply them first when asked to ("Apply the project's rules"). */
function PathCleaningCard({ project, prohibition }: { project: TProject; prohibition: string | null }) {
  const update = useMutation({
    ...updateProjectMutation(),
    onSuccess: () => toast.success("Path cleaning rules saved."),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Card id="path-cleaning">
      <CardHeader>
        <CardTitle>Path cleaning rules</CardTitle>
        <CardDescription>
          Each regular expression is replaced by its alias in every path item, in order: /product/\d+ → /product/:id counts every product
          page as one. Paths insights apply them when “Apply the project&apos;s rules first” is on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {prohibition ? (
          <div className="grid gap-2 text-sm">
            {project.path_cleaning_filters.length ? (
              <ul className="grid gap-1 font-mono">
                {project.path_cleaning_filters.map((rule, index) => (
                  <li key={index}>
                    {rule.regex} → {rule.alias}
                  </li>
                ))}
              </ul>
            ) : (
              <p>No rules.</p>
            )}
            <p className="text-muted-foreground">Only administrators and owners can change them.</p>
          </div>
        ) : (
          <CleaningRules
            rules={project.path_cleaning_filters}
            onChange={(rules) => update.mutate({ id: project.id, path_cleaning_filters: rules })}
          />
        )}
      </CardContent>
    </Card>
  );
}

function DangerZone({ project, prohibition }: { project: TProject; prohibition: string | null }) {
  const { organization } = useMe();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    ...deleteProjectMutation(organization.id),
    onSuccess: () => {
      toast.success(`${project.name} was deleted.`);
      router.push("/organization/projects");
      router.refresh();
    },
  });
  return (
    <DangerZoneCard
      title="Delete this project"
      description={`Deletes ${project.name} with its persons, insights and dashboards; its events can no longer be read, and its API key stops accepting new ones.`}
      action={
        <DisabledReason reason={prohibition}>
          <Button variant="destructive" onClick={() => setOpen(true)} disabled={!!prohibition} className="shrink-0">
            Delete project
          </Button>
        </DisabledReason>
      }
    >
      <TypedConfirmationDialog
        open={open}
        onOpenChange={setOpen}
        name={project.name}
        title={`Delete ${project.name}?`}
        description={`This permanently deletes the project and all its data. Everyone working in it moves to another project of ${organization.name}. This cannot be undone.`}
        onConfirm={() => remove.mutateAsync(project)}
        confirmLabel="Delete project"
      />
    </DangerZoneCard>
  );
}
