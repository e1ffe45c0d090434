import type { Metadata } from "next";
import { AnnotationsPage } from "@/components/annotations/annotations-page";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Annotations" };

export default async function Annotations({ params }: { params: Promise<{ projectId: string }> }) {
  return <AnnotationsPage projectId={await projectIdOf(params)} />;
}
