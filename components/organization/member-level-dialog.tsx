"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { Level, LEVEL_NAMES, type MembershipLevel } from "@/lib/organizations/levels";
import { api, errorMessage } from "@/lib/ui/api-client";
import { fullName } from "@/lib/ui/format";
import { memberKeys, userKeys } from "@/lib/ui/query-keys";
import type { TMember } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

const WHAT_LEVELS_MAY_DO: Record<MembershipLevel, string> = {
  [Level.MEMBER]: "Members use the organization's projects, but can't manage members or organization settings.",
  [Level.ADMIN]: "Administrators can invite people, manage members up to their own level, and change organization settings.",
  [Level.OWNER]: "Owners have full control, including deleting the organization and all its data.",
};

/** Confirms a level change, naming the person, the organization and what the new level allows. */
export function MemberLevelDialog({ change, onClose }: { change: { member: TMember; level: MembershipLevel } | null; onClose: () => void }) {
  const { organization } = useMe();
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: ({ member, level }: { member: TMember; level: MembershipLevel }) =>
      api.patch<TMember>(`/api/organizations/${organization.id}/members/${member.user.uuid}/`, { level }),
    onSuccess: async (updated) => {
      toast.success(`${fullName(updated.user)} is now ${article(updated.level)} ${LEVEL_NAMES[updated.level]}.`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.list(organization.id) }),
        queryClient.invalidateQueries({ queryKey: userKeys.me() }),
      ]);
      onClose();
    },
  });

  const close = (open: boolean) => {
    if (open) return;
    update.reset();
    onClose();
  };

  return (
    <Dialog open={!!change} onOpenChange={close}>
      <DialogContent>
        {change && (
          <>
            <DialogHeader>
              <DialogTitle>
                {change.level > change.member.level ? "Upgrade" : "Downgrade"} {fullName(change.member.user)} to {LEVEL_NAMES[change.level]}?
              </DialogTitle>
              <DialogDescription>
                {fullName(change.member.user)} will be {article(change.level)} {LEVEL_NAMES[change.level]} of {organization.name} instead of{" "}
                {article(change.member.level)} {LEVEL_NAMES[change.member.level]}. {WHAT_LEVELS_MAY_DO[change.level]}
              </DialogDescription>
            </DialogHeader>
            <FormAlert>{update.isError && errorMessage(update.error)}</FormAlert>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button onClick={() => update.mutate(change)} disabled={update.isPending}>
                {update.isPending ? "Saving…" : `Make ${LEVEL_NAMES[change.level]}`}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

const article = (level: MembershipLevel) => (level === Level.ADMIN ? "an" : "a");
