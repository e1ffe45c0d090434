import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { BatchExportPage } from "@/components/batch-exports/batch-export-page";

export const metadata: Metadata = { title: "Batch export" };

export default async function OrganizationBatchExportPage({ params }: { params: Promise<{ exportId: string }> }) {
  const exportId = z.uuid().safeParse((await params).exportId);
  if (!exportId.success) notFound();
  return <BatchExportPage exportId={exportId.data} />;
}
