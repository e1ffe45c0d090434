import type { Metadata } from "next";
import { OrganizationSettings } from "@/components/organization/organization-settings";

export const metadata: Metadata = { title: "Organization settings" };

export default function OrganizationSettingsPage() {
  return <OrganizationSettings />;
}
