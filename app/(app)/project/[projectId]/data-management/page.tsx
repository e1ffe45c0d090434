import { redirect } from "next/navigation";
import { projectIdOf } from "@/lib/ui/server";

/** The sidebar's entry opens the first tab. */
export default async function DataManagementPage({ params }: { params: Promise<{ projectId: string }> }) {
  redirect(`/project/${await projectIdOf(params)}/data-management/events`);
}
