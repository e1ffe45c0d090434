import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DefinitionPage } from "@/components/data-management/definition-page";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Property" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?type=person` (from the list of person properties): its events are those of persons who have it. */
export default async function PropertyDefinitionPage({
  params,
  searchParams,
}: {
  params: Promise<{ projectId: string; definitionId: string }>;
  searchParams: Promise<{ type?: string }>;
}) {
  const { definitionId } = await params;
  if (!UUID.test(definitionId)) notFound();
  const { type } = await searchParams;
  return (
    <DefinitionPage
      projectId={await projectIdOf(params)}
      kind="property"
      id={definitionId}
      propertyOf={type === "person" ? "person" : "event"}
    />
  );
}
