"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { z } from "zod";
import { FormDialog } from "@/components/form-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { deleteOrganizationMutation } from "@/lib/ui/mutations";
import { useMe } from "@/lib/ui/use-me";

const ZConfirmation = z.object({ typed_name: z.string() });

/** Deleting is irreversible, so the owner types the organization's name to enable it. */
export function DeleteOrganizationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { organization } = useMe();
  const router = useRouter();
  const remove = useMutation({
    ...deleteOrganizationMutation(organization.id),
    onSuccess: () => {
      toast.success(`${organization.name} was deleted.`);
      router.push("/");
      router.refresh();
    },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${organization.name}?`}
      description="This permanently deletes the organization, its projects, and all their events and insights. Members lose access immediately. This cannot be undone."
      schema={ZConfirmation}
      defaultValues={{ typed_name: "" }}
      canSubmit={({ typed_name }) => typed_name === organization.name}
      onSubmit={() => remove.mutateAsync()}
      submitLabel="Delete organization"
      pendingLabel="Deleting…"
      submitVariant="destructive"
    >
      {({ register }) => (
        <Field
          label={
            <span>
              Type <strong className="font-semibold">{organization.name}</strong> to confirm
            </span>
          }
          htmlFor="confirm-organization-name"
        >
          <Input id="confirm-organization-name" autoComplete="off" {...register("typed_name")} />
        </Field>
      )}
    </FormDialog>
  );
}
