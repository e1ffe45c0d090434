"use client";

import Link from "next/link";
import { useProject } from "@/components/project/use-project";

/** Beside a "Filter out internal and test users" switch: when the project has no filters, the switch leaves nothing out. */
export function TestAccountsHint({ projectId }: { projectId: number }) {
  const project = useProject(projectId);
  if (!project || project.test_account_filters.length > 0) return null;
  return (
    <p className="text-xs text-muted-foreground">
      No test account filters are set yet, so this leaves nothing out.{" "}
      <Link href={`/organization/projects/${projectId}#test-accounts`} className="underline underline-offset-2 hover:text-foreground">
        Set them up
      </Link>
    </p>
  );
}
