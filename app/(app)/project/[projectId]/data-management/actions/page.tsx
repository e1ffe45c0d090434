import type { Metadata } from "next";
import { ActionsList } from "@/components/data-management/actions-list";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Actions" };

export default async function ActionsPage({ params }: { params: Promise<{ projectId: string }> }) {
  return <ActionsList projectId={await projectIdOf(params)} />;
}
