"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { CopyField } from "@/components/copy-button";
import { DeleteOrganizationDialog } from "@/components/lazy-dialogs";
import type { TRename } from "@/components/organization/rename-resolver";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { DangerZoneCard } from "@/components/danger-zone-card";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, fieldMessageId, FormAlert } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { canDeleteOrganization, canEditOrganization, LEVEL_NAMES, type MembershipLevel } from "@/lib/organizations/levels";
import { formatDate } from "@/lib/ui/format";
import { applyApiError, fieldErrorText, lazyResolver } from "@/lib/ui/forms";
import { updateOrganizationMutation } from "@/lib/ui/organization/mutations";
import { toast } from "@/lib/ui/toast";
import { useMe } from "@/lib/ui/use-me";

const renameResolver = lazyResolver<TRename>(() => import("@/components/organization/rename-resolver").then((m) => m.renameResolver));

export function OrganizationSettings() {
  const { organization } = useMe();
  const level = organization.membership_level ?? 0;
  return (
    <>
      <PageHeader title="Organization settings" description={`Settings of ${organization.name}, shared by all its members.`} />
      <div className="grid gap-6">
        {/* Keyed by organization so switching organizations starts a fresh form. */}
        <RenameCard key={organization.id} canEdit={canEditOrganization(level)} />
        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
            <CardDescription>Use the ID when you call the API for this organization.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-2">
              <p className="text-sm font-medium">Organization ID</p>
              <CopyField value={organization.id} label="Copy organization ID" />
            </div>
            <dl className="grid gap-4 text-sm sm:grid-cols-3">
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Created</dt>
                <dd>{formatDate(organization.created_at)}</dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Members</dt>
                <dd>{organization.member_count}</dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Your level</dt>
                <dd className="capitalize">{LEVEL_NAMES[level as MembershipLevel] ?? "—"}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        {canDeleteOrganization(level) && <DangerZone />}
      </div>
    </>
  );
}

function RenameCard({ canEdit }: { canEdit: boolean }) {
  const { organization } = useMe();
  const rename = useMutation(updateOrganizationMutation());
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TRename>({ resolver: renameResolver, defaultValues: { name: organization.name } });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      await rename.mutateAsync({ id: organization.id, name });
    } catch (error) {
      setFailure(applyApiError(form, error, ["name"]));
      return;
    }
    form.reset({ name });
    router.refresh();
    toast.success("Organization renamed.");
  });

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate className="contents">
        <CardHeader>
          <CardTitle>Display name</CardTitle>
          <CardDescription>
            {canEdit
              ? "How the organization appears to its members and in invites."
              : "Only administrators and owners can rename the organization."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormAlert>{failure}</FormAlert>
          <Field
            label="Name"
            htmlFor="organization-name"
            className="max-w-md"
            error={fieldErrorText(errors.name, "Enter a name of at most 64 characters.")}
          >
            <Input
              id="organization-name"
              disabled={!canEdit}
              aria-invalid={!!errors.name}
              aria-describedby={fieldMessageId("organization-name")}
              {...form.register("name")}
            />
          </Field>
        </CardContent>
        {canEdit && (
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

function DangerZone() {
  const { organization } = useMe();
  const [open, setOpen] = useState(false);
  return (
    <DangerZoneCard
      title="Delete this organization"
      description={`Deletes ${organization.name}, its ${organization.teams.length === 1 ? "project" : `${organization.teams.length} projects`} and all their data. Every member loses access.`}
      action={
        <Button variant="destructive" onClick={() => setOpen(true)} className="shrink-0">
          Delete organization
        </Button>
      }
    >
      <DeleteOrganizationDialog open={open} onOpenChange={setOpen} />
    </DangerZoneCard>
  );
}
