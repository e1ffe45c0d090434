"use client";

import { useQuery } from "@tanstack/react-query";
import { ChevronRightIcon, MailIcon, UserPlusIcon } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { InviteDialog } from "@/components/lazy-dialogs";
import { MembersTable } from "@/components/organization/members-table";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/ui/format";
import { invitesQuery } from "@/lib/ui/organization/queries";
import { useMe } from "@/lib/ui/use-me";

export function MembersPage() {
  const { organization } = useMe();
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <PageHeader
        title="Members"
        description={`Everyone in ${organization.name}.`}
        actions={
          <Button onClick={() => setInviting(true)}>
            <UserPlusIcon /> Invite people
          </Button>
        }
      />
      <div className="grid gap-8">
        <MembersTable key={organization.id} />
        <PendingInvitesLink />
      </div>
      <InviteDialog open={inviting} onOpenChange={setInviting} />
    </>
  );
}

/** The invites waiting for an answer live on their own page; this says how many, and leads there. */
function PendingInvitesLink() {
  const { organization } = useMe();
  const invites = useQuery(invitesQuery(organization.id));
  const count = invites.data?.length;
  return (
    <Link
      href="/organization/invites"
      className="flex items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <MailIcon className="size-4 text-muted-foreground" />
      <span className="flex-1">
        <span className="font-medium">Pending invites</span>
        <span className="text-muted-foreground">
          {count === undefined ? "" : count === 0 ? " · none waiting" : ` · ${formatCount(count)} waiting for an answer`}
        </span>
      </span>
      <ChevronRightIcon className="size-4 text-muted-foreground" />
    </Link>
  );
}
