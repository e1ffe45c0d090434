"use client";

import { useQuery } from "@tanstack/react-query";
import { projectsQuery } from "@/lib/ui/organization/queries";
import type { TProject } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";

/** A project of the current organization with its settings; undefined while they load. */
export function useProject(projectId: number): TProject | undefined {
  const { organization } = useMe();
  return useQuery(projectsQuery(organization.id)).data?.find((project) => project.id === projectId);
}
