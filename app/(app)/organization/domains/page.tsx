import type { Metadata } from "next";
import { DomainsPage } from "@/components/organization/domains/domains-page";

export const metadata: Metadata = { title: "Verified domains" };

export default function OrganizationDomainsPage() {
  return <DomainsPage />;
}
