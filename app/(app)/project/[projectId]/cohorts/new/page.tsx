import type { Metadata } from "next";
import { CohortEditor } from "@/components/cohorts/cohort-editor";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "New cohort" };

export default async function NewCohortPage({ params }: { params: Promise<{ projectId: string }> }) {
  return <CohortEditor projectId={await projectIdOf(params)} />;
}
