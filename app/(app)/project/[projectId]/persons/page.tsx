import type { Metadata } from "next";
import { PersonsList } from "@/components/persons/persons-list";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Persons" };

export default async function PersonsPage({ params }: { params: Promise<{ projectId: string }> }) {
  return <PersonsList projectId={await projectIdOf(params)} />;
}
