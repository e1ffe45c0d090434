import type { Metadata } from "next";
import { AppsPage } from "@/components/organization/apps/apps-page";

export const metadata: Metadata = { title: "Pipeline apps" };

export default function OrganizationAppsPage() {
  return <AppsPage />;
}
