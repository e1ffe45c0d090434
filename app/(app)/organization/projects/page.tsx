import type { Metadata } from "next";
import { ProjectsPage } from "@/components/project/projects-page";

export const metadata: Metadata = { title: "Projects" };

export default function OrganizationProjectsPage() {
  return <ProjectsPage />;
}
