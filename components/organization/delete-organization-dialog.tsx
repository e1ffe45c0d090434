"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { TypedConfirmationDialog } from "@/components/typed-confirmation-dialog";
import { deleteOrganizationMutation } from "@/lib/ui/organization/mutations";
import { toast } from "@/lib/ui/toast";
import { useMe } from "@/lib/ui/use-me";

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
    <TypedConfirmationDialog
      open={open}
      onOpenChange={onOpenChange}
      name={organization.name}
      title={`Delete ${organization.name}?`}
      description="This permanently deletes the organization, its projects, and all their events and insights. Members lose access immediately. This cannot be undone."
      onConfirm={() => remove.mutateAsync()}
      confirmLabel="Delete organization"
    />
  );
}
