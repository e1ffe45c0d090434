import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DefinitionPage } from "@/components/data-management/definition-page";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Event" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function EventDefinitionPage({ params }: { params: Promise<{ projectId: string; definitionId: string }> }) {
  const { definitionId } = await params;
  if (!UUID.test(definitionId)) notFound();
  return <DefinitionPage projectId={await projectIdOf(params)} kind="event" id={definitionId} />;
}
