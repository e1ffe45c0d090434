import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GroupsList } from "@/components/groups/groups-list";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Groups" };

export default async function GroupTypePage({ params }: { params: Promise<{ projectId: string; groupTypeIndex: string }> }) {
  const { groupTypeIndex } = await params;
  if (!/^[0-4]$/.test(groupTypeIndex)) notFound();
  return <GroupsList projectId={await projectIdOf(params)} groupTypeIndex={Number(groupTypeIndex)} />;
}
