import type { Metadata } from "next";
import { GroupsList } from "@/components/groups/groups-list";
import { projectIdOf } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Groups" };

/** `/project/:id/groups`: the first group type's groups (or how to send groups, when there are none). */
export default async function GroupsPage({ params }: { params: Promise<{ projectId: string }> }) {
  return <GroupsList projectId={await projectIdOf(params)} groupTypeIndex={0} />;
}
