import type { Metadata } from "next";
import { BatchExportsPage } from "@/components/batch-exports/batch-exports-page";

export const metadata: Metadata = { title: "Batch exports" };

export default function OrganizationBatchExportsPage() {
  return <BatchExportsPage />;
}
