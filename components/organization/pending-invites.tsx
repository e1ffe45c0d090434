"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { RotateCwIcon } from "lucide-react";
import { useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { LEVEL_NAMES } from "@/lib/organizations/levels";
import { errorMessage } from "@/lib/ui/api-client";
import { formatRelative, fullName } from "@/lib/ui/format";
import { cancelInviteMutation, resendInviteMutation } from "@/lib/ui/organization/mutations";
import { inviteLink } from "@/lib/ui/paths";
import { invitesQuery } from "@/lib/ui/organization/queries";
import { toast } from "@/lib/ui/toast";
import type { TInvite } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

export function PendingInvites() {
  const { organization } = useMe();
  const invites = useQuery(invitesQuery(organization.id));
  const [cancelling, setCancelling] = useState<TInvite | null>(null);
  const resend = useMutation({
    ...resendInviteMutation(organization.id),
    onSuccess: (sent) =>
      toast.success(
        sent.emailing_attempt_made
          ? `A new invite was emailed to ${sent.target_email}. The earlier link no longer works.`
          : `${sent.target_email} has a new invite link, valid for 3 days. The earlier link no longer works.`,
      ),
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <section className="grid gap-3" aria-labelledby="invites-heading">
      <div className="grid gap-1">
        <h2 id="invites-heading" className="text-lg font-semibold">
          Pending invites
        </h2>
        <p className="text-sm text-muted-foreground">
          Invites are valid for 3 days. Copy a link to share it again, or resend an invite for a new link and 3 more days.
        </p>
      </div>
      {invites.isError ? (
        <FormAlert>{errorMessage(invites.error)}</FormAlert>
      ) : invites.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : invites.data.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">No pending invites.</p>
      ) : (
        <div className="overflow-hidden rounded-lg border bg-card">
          <Table aria-label="Pending invites">
            <TableHeader className="bg-muted/40">
              <TableRow className="hover:bg-transparent">
                <TableHead>Invitee</TableHead>
                <TableHead>Level</TableHead>
                <TableHead>Invited by</TableHead>
                <TableHead>Sent</TableHead>
                <TableHead className="w-0">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {invites.data.map((invite) => (
                <TableRow key={invite.id}>
                  <TableCell>
                    <div className="grid">
                      <span className="font-medium">{invite.target_email}</span>
                      {invite.first_name && <span className="text-xs text-muted-foreground">{invite.first_name}</span>}
                    </div>
                  </TableCell>
                  <TableCell>
                    <Badge variant="secondary" className="capitalize">
                      {LEVEL_NAMES[invite.level]}
                    </Badge>
                  </TableCell>
                  <TableCell className="text-muted-foreground">{invite.created_by ? fullName(invite.created_by) : "—"}</TableCell>
                  <TableCell className="text-muted-foreground">
                    {invite.is_expired ? <Badge variant="destructive">Expired – please recreate</Badge> : formatRelative(invite.created_at)}
                  </TableCell>
                  <TableCell>
                    <div className="flex items-center justify-end gap-1">
                      {!invite.is_expired && (
                        <CopyButton value={inviteLink(invite)} label={`Copy invite link for ${invite.target_email}`} />
                      )}
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={resend.isPending && resend.variables?.id === invite.id}
                        onClick={() => resend.mutate(invite)}
                        aria-label={`Resend the invite for ${invite.target_email}`}
                      >
                        <RotateCwIcon /> Resend
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setCancelling(invite)}
                        className="text-muted-foreground hover:text-destructive"
                      >
                        {invite.is_expired ? "Delete" : "Cancel invite"}
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <CancelInviteDialog invite={cancelling} onClose={() => setCancelling(null)} />
    </section>
  );
}

function CancelInviteDialog({ invite, onClose }: { invite: TInvite | null; onClose: () => void }) {
  const { organization } = useMe();
  const cancel = useMutation({
    ...cancelInviteMutation(organization.id),
    onSuccess: (_, target) => {
      toast.success(`The invite for ${target.target_email} was cancelled.`);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={!!invite}
      onClose={onClose}
      title={`Cancel the invite for ${invite?.target_email}?`}
      description="The link they received stops working. You can invite them again later."
      action={cancel}
      onConfirm={() => invite && cancel.mutate(invite)}
      confirmLabel="Yes, cancel invite"
      pendingLabel="Cancelling…"
      cancelLabel="No, keep invite"
    />
  );
}
