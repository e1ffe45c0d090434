"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { FormDialog } from "@/components/form-dialog";
import { Field, fieldMessageId } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ZOrganizationCreate } from "@/lib/organizations/schemas";
import { fieldErrorText } from "@/lib/ui/forms";
import { createOrganizationMutation } from "@/lib/ui/organization/mutations";

const ZNewOrganization = ZOrganizationCreate.pick({ name: true });

/** Creates an organization; the API makes the creator its owner and moves them into it. */
export function CreateOrganizationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const create = useMutation({
    ...createOrganizationMutation(),
    onSuccess: () => {
      onOpenChange(false);
      router.push("/");
      router.refresh();
    },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New organization"
      description="You will be its owner. It starts with one project."
      schema={ZNewOrganization}
      defaultValues={{ name: "" }}
      onSubmit={create.mutateAsync}
      submitLabel="Create organization"
      pendingLabel="Creating…"
    >
      {({ register, formState: { errors } }) => (
        <Field
          label="Name"
          htmlFor="new-organization-name"
          error={fieldErrorText(errors.name, "Give the organization a name of at most 64 characters.")}
        >
          <Input
            id="new-organization-name"
            aria-invalid={!!errors.name}
            aria-describedby={fieldMessageId("new-organization-name")}
            {...register("name")}
          />
        </Field>
      )}
    </FormDialog>
  );
}
