import type { Metadata } from "next";
import { EventDefinitionsList } from "@/components/data-management/event-definitions-list";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Events" };

export default async function EventDefinitionsListPage({ params }: { params: Promise<{ projectId: string }> }) {
  return <EventDefinitionsList projectId={await projectIdOf(params)} />;
}
