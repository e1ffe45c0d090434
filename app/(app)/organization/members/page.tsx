import type { Metadata } from "next";
import { MembersPage } from "@/components/organization/members-page";

export const metadata: Metadata = { title: "Members" };

export default function OrganizationMembersPage() {
  return <MembersPage />;
}
