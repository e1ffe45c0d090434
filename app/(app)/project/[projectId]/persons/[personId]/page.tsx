import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PersonPage } from "@/components/persons/person-page";
import { ZPersonParams } from "@/lib/persons/schemas";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Person" };

export default async function PersonRoute({ params }: { params: Promise<{ projectId: string; personId: string }> }) {
  const projectId = await projectIdOf(params);
  const { personId } = await params;
  if (!ZPersonParams.shape.personId.safeParse(personId).success) notFound();
  return <PersonPage projectId={projectId} personId={personId} />;
}
