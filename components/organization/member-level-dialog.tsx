"use client";

import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { FormDialog } from "@/components/form-dialog";
import { Level, LEVEL_NAMES, type MembershipLevel } from "@/lib/organizations/levels";
import { fullName } from "@/lib/ui/format";
import { updateMemberMutation } from "@/lib/ui/organization/mutations";
import { toast } from "@/lib/ui/toast";
import type { TMember } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

const WHAT_LEVELS_MAY_DO: Record<MembershipLevel, string> = {
  [Level.MEMBER]: "Members use the organization's projects, but can't manage members or organization settings.",
  [Level.ADMIN]: "Administrators can invite people, manage members up to their own level, and change organization settings.",
  [Level.OWNER]: "Owners have full control, including deleting the organization and all its data.",
};

const ZNoFields = z.object({});

/** Confirms a level change, naming the person, the organization and what the new level allows. */
export function MemberLevelDialog({
  change,
  onClose,
}: {
  change: { member: TMember; level: MembershipLevel } | null;
  onClose: () => void;
}) {
  const { organization } = useMe();
  const update = useMutation({
    ...updateMemberMutation(organization.id),
    onSuccess: (updated) => {
      toast.success(`${fullName(updated.user)} is now ${article(updated.level)} ${LEVEL_NAMES[updated.level]}.`);
      onClose();
    },
  });
  if (!change) return null;
  const { member, level } = change;
  const name = fullName(member.user);

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${level > member.level ? "Upgrade" : "Downgrade"} ${name} to ${LEVEL_NAMES[level]}?`}
      description={`${name} will be ${article(level)} ${LEVEL_NAMES[level]} of ${organization.name} instead of ${article(member.level)} ${LEVEL_NAMES[member.level]}. ${WHAT_LEVELS_MAY_DO[level]}`}
      schema={ZNoFields}
      defaultValues={{}}
      onSubmit={() => update.mutateAsync({ member, level })}
      submitLabel={`Make ${LEVEL_NAMES[level]}`}
      pendingLabel="Saving…"
    />
  );
}

const article = (level: MembershipLevel) => (level === Level.ADMIN ? "an" : "a");
