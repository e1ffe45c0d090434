"use client";

import { useMe } from "@/lib/ui/use-me";

/** The time zone a project's charts are drawn in (its own, when it is the member's current project), else UTC. */
export function useProjectTimeZone(projectId: number): string {
  const { team } = useMe();
  return team?.id === projectId ? (team.timezone ?? "UTC") : "UTC";
}
