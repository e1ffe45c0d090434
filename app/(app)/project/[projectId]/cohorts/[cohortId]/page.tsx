import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CohortPage } from "@/components/cohorts/cohort-page";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Cohort" };

export default async function CohortDetailPage({ params }: { params: Promise<{ projectId: string; cohortId: string }> }) {
  const { cohortId } = await params;
  if (!/^[1-9]\d{0,9}$/.test(cohortId)) notFound();
  return <CohortPage projectId={await projectIdOf(params)} cohortId={Number(cohortId)} />;
}
