import type { Metadata } from "next";
import { CohortsList } from "@/components/cohorts/cohorts-list";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Cohorts" };

export default async function CohortsPage({ params }: { params: Promise<{ projectId: string }> }) {
  return <CohortsList projectId={await projectIdOf(params)} />;
}
