"use client";

import { UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { BulkInviteDialog } from "@/components/lazy-dialogs";
import { PendingInvites } from "@/components/organization/pending-invites";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { useMe } from "@/lib/ui/use-me";

export function InvitesPage() {
  const { organization } = useMe();
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <PageHeader
        title="Invites"
        description={`People invited to ${organization.name} who haven't joined yet.`}
        actions={
          <Button onClick={() => setInviting(true)}>
            <UserPlusIcon /> Invite people
          </Button>
        }
      />
      <PendingInvites />
      <BulkInviteDialog open={inviting} onOpenChange={setInviting} />
    </>
  );
}
