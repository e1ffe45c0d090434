"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { errorMessage } from "@/lib/ui/api-client";
import { fullName } from "@/lib/ui/format";
import { leaveOrganizationMutation, removeMemberMutation } from "@/lib/ui/organization/mutations";
import { toast } from "@/lib/ui/toast";
import type { TMember } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

/** Removing someone (or leaving) names who and which organization, and what stops working. */
export function RemoveMemberDialog({ member, onClose }: { member: TMember | null; onClose: () => void }) {
  const me = useMe();
  const { organization } = me;
  const router = useRouter();
  const isSelf = member?.user.id === me.id;
  const remove = useMutation(
    isSelf
      ? {
          ...leaveOrganizationMutation(organization.id),
          onSuccess: () => {
            toast.success(`You left ${organization.name}.`);
            router.push("/");
            router.refresh();
          },
        }
      : {
          ...removeMemberMutation(organization.id),
          onSuccess: (_, target) => {
            toast.success(`${fullName(target.user)} was removed from ${organization.name}.`);
            router.refresh();
            onClose();
          },
        },
  );

  const close = (open: boolean) => {
    if (open) return;
    remove.reset();
    onClose();
  };

  return (
    <AlertDialog open={!!member} onOpenChange={close}>
      <AlertDialogContent>
        {member && (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>
                {isSelf ? `Leave ${organization.name}?` : `Remove ${fullName(member.user)} from ${organization.name}?`}
              </AlertDialogTitle>
              <AlertDialogDescription>
                {isSelf
                  ? `You will lose access to ${organization.name} and its projects at once. To come back you'll need a new invite.`
                  : `${fullName(member.user)} (${member.user.email}) loses access to ${organization.name} and its projects at once, and their personal API keys stop working here. They can rejoin only with a new invite.`}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <FormAlert>{remove.isError && errorMessage(remove.error)}</FormAlert>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              {/* A plain button, not an auto-closing action: the dialog stays open to show a refusal. */}
              <Button variant="destructive" onClick={() => remove.mutate(member)} disabled={remove.isPending}>
                {remove.isPending ? "Removing…" : isSelf ? "Leave organization" : "Remove member"}
              </Button>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
