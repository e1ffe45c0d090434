import type { ReactNode } from "react";
import { DataManagementTabs } from "@/components/data-management/data-management-tabs";
import { projectIdOf } from "@/lib/ui/server";

/** Every data management page: its tabs above, the tab's own page below. */
export default async function DataManagementLayout({ params, children }: { params: Promise<{ projectId: string }>; children: ReactNode }) {
  return (
    <>
      <DataManagementTabs projectId={await projectIdOf(params)} />
      {children}
    </>
  );
}
