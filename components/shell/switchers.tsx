"use client";

import { ChevronsUpDownIcon, FolderIcon } from "lucide-react";
import { useState } from "react";
import { CreateOrganizationDialog } from "@/components/lazy-dialogs";
import { lazyMenu } from "@/components/lazy-menu";
import { useMe } from "@/lib/ui/use-me";

const OrganizationMenu = lazyMenu<{ onCreate: () => void }>(() =>
  import("@/components/shell/switcher-menus").then((m) => m.OrganizationMenu),
);
const ProjectMenu = lazyMenu(() => import("@/components/shell/switcher-menus").then((m) => m.ProjectMenu));

const triggerClassName =
  "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-sidebar-accent";

export function OrganizationSwitcher() {
  const me = useMe();
  const [creating, setCreating] = useState(false);
  const organization = me.organization;
  return (
    <>
      <OrganizationMenu
        onCreate={() => setCreating(true)}
        triggerClassName={triggerClassName}
        trigger={
          <>
            {/* Named by its visible text (WCAG 2.5.3), with what it switches said to screen readers first. */}
            <span className="sr-only">Organization: </span>
            <span
              aria-hidden
              className="flex size-6 shrink-0 items-center justify-center rounded bg-primary/15 text-xs font-semibold text-primary"
            >
              {organization.name.charAt(0).toUpperCase()}
            </span>
            <span className="min-w-0 flex-1 truncate font-medium" data-testid="current-organization">
              {organization.name}
            </span>
            <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" />
          </>
        }
      />
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}

export function ProjectSwitcher() {
  const me = useMe();
  return (
    <ProjectMenu
      triggerClassName={triggerClassName}
      trigger={
        <>
          <span className="sr-only">Project: </span>
          <FolderIcon aria-hidden className="mx-1 size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1 truncate" data-testid="current-project">
            {me.team?.name ?? "No project"}
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" />
        </>
      }
    />
  );
}
