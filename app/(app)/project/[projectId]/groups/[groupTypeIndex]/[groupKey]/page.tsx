import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GroupPage } from "@/components/groups/group-page";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Group" };

export default async function GroupDetailPage({
  params,
}: {
  params: Promise<{ projectId: string; groupTypeIndex: string; groupKey: string }>;
}) {
  const { groupTypeIndex, groupKey } = await params;
  if (!/^[0-4]$/.test(groupTypeIndex)) notFound();
  return (
    <GroupPage projectId={await projectIdOf(params)} groupTypeIndex={Number(groupTypeIndex)} groupKey={decodeURIComponent(groupKey)} />
  );
}
