import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProjectHome } from "@/components/project/project-home";
import { currentProject, currentUser, siteOrigin } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Project home" };

export default async function ProjectPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const me = await currentUser();
  const project = await currentProject(projectId);
  if (!me?.organization || !project) notFound();
  return <ProjectHome project={project} organizationName={me.organization.name} origin={await siteOrigin()} />;
}
