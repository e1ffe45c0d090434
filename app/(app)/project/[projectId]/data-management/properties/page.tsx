import type { Metadata } from "next";
import { PropertyDefinitionsList } from "@/components/data-management/property-definitions-list";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Properties" };

export default async function PropertyDefinitionsListPage({ params }: { params: Promise<{ projectId: string }> }) {
  return <PropertyDefinitionsList projectId={await projectIdOf(params)} />;
}
