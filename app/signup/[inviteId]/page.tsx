import type { Metadata } from "next";
import { InviteAccept } from "@/components/auth/invite-accept";
import { currentUser } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Accept invite" };

export default async function InvitePage({ params }: { params: Promise<{ inviteId: string }> }) {
  const { inviteId } = await params;
  const me = await currentUser();
  return <InviteAccept inviteId={inviteId} signedInEmail={me?.email ?? null} />;
}
