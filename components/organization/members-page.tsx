"use client";

import { UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { InviteDialog } from "@/components/organization/invite-dialog";
import { MembersTable } from "@/components/organization/members-table";
import { PendingInvites } from "@/components/organization/pending-invites";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { useMe } from "@/lib/ui/use-me";

export function MembersPage() {
  const { organization } = useMe();
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <PageHeader
        title="Members"
        description={`Everyone in ${organization.name}, and the invites waiting for an answer.`}
        actions={
          <Button onClick={() => setInviting(true)}>
            <UserPlusIcon /> Invite member
          </Button>
        }
      />
      <div className="grid gap-8">
        <MembersTable key={organization.id} />
        <PendingInvites />
      </div>
      <InviteDialog open={inviting} onOpenChange={setInviting} />
    </>
  );
}
