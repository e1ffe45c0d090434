import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ActionPage } from "@/components/data-management/action-page";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Action" };

/** An action by id, or `new` for a new one. */
export default async function ActionDetailPage({ params }: { params: Promise<{ projectId: string; actionId: string }> }) {
  const { actionId } = await params;
  if (actionId !== "new" && !/^[1-9]\d{0,9}$/.test(actionId)) notFound();
  return <ActionPage projectId={await projectIdOf(params)} actionId={actionId === "new" ? null : Number(actionId)} />;
}
