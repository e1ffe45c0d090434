"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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

  return (
    <ConfirmDialog
      open={!!member}
      onClose={onClose}
      title={isSelf ? `Leave ${organization.name}?` : `Remove ${member && fullName(member.user)} from ${organization.name}?`}
      description={
        isSelf
          ? `You will lose access to ${organization.name} and its projects at once. To come back you'll need a new invite.`
          : `${member && fullName(member.user)} (${member?.user.email}) loses access to ${organization.name} and its projects at once, and their personal API keys stop working here. They can rejoin only with a new invite.`
      }
      action={remove}
      onConfirm={() => member && remove.mutate(member)}
      confirmLabel={isSelf ? "Leave organization" : "Remove member"}
      pendingLabel="Removing…"
    />
  );
}
