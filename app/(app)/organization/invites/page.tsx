import type { Metadata } from "next";
import { InvitesPage } from "@/components/organization/invites-page";

export const metadata: Metadata = { title: "Invites" };

export default function OrganizationInvitesPage() {
  return <InvitesPage />;
}
