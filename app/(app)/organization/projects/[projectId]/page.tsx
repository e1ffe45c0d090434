import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProjectSettings } from "@/components/project/project-settings";
import { ZIntegerIdText } from "@/lib/db/integers";
import { siteOrigin } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Project settings" };

export default async function ProjectSettingsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const projectId = ZIntegerIdText.safeParse((await params).projectId);
  if (!projectId.success) notFound();
  return <ProjectSettings projectId={projectId.data} origin={await siteOrigin()} />;
}
