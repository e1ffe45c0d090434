"use client";

import { useMutation } from "@tanstack/react-query";
import { ChevronsUpDownIcon, FolderIcon, PlusIcon } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useState } from "react";
import { CreateOrganizationDialog } from "@/components/lazy-dialogs";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { LEVEL_NAMES, type MembershipLevel } from "@/lib/organizations/levels";
import { errorMessage } from "@/lib/ui/api-client";
import { switchWorkspaceMutation } from "@/lib/ui/mutations";
import { homePath } from "@/lib/ui/paths";
import { toast } from "@/lib/ui/toast";
import { useMe } from "@/lib/ui/use-me";

const triggerClassName =
  "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-sidebar-accent";

function useSwitchWorkspace() {
  const router = useRouter();
  const pathname = usePathname();
  return useMutation({
    ...switchWorkspaceMutation(),
    onSuccess: (me) => {
      // Project pages belong to one project; organization and account pages show the new current one.
      if (pathname.startsWith("/project/")) router.push(homePath(me));
      router.refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

export function OrganizationSwitcher() {
  const me = useMe();
  const switchTo = useSwitchWorkspace();
  const [creating, setCreating] = useState(false);
  const organization = me.organization;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger className={triggerClassName}>
          {/* Named by its visible text (WCAG 2.5.3), with what it switches said to screen readers first. */}
          <span className="sr-only">Organization: </span>
          <span aria-hidden className="flex size-6 shrink-0 items-center justify-center rounded bg-primary/15 text-xs font-semibold text-primary">
            {organization.name.charAt(0).toUpperCase()}
          </span>
          <span className="min-w-0 flex-1 truncate font-medium" data-testid="current-organization">
            {organization.name}
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel>Organizations</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={organization.id}
            onValueChange={(id) => id !== organization.id && switchTo.mutate({ set_current_organization: id })}
          >
            {me.organizations.map((o) => (
              <DropdownMenuRadioItem key={o.id} value={o.id} disabled={switchTo.isPending}>
                <span className="min-w-0 flex-1 truncate">{o.name}</span>
                <span className="text-xs text-muted-foreground">{LEVEL_NAMES[o.membership_level as MembershipLevel]}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <PlusIcon />
            New organization
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}

export function ProjectSwitcher() {
  const me = useMe();
  const switchTo = useSwitchWorkspace();
  const projects = me.organization.teams;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={triggerClassName}>
        <span className="sr-only">Project: </span>
        <FolderIcon aria-hidden className="mx-1 size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1 truncate" data-testid="current-project">
          {me.team?.name ?? "No project"}
        </span>
        <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel>Projects in {me.organization.name}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={String(me.team?.id ?? "")}
          onValueChange={(id) => Number(id) !== me.team?.id && switchTo.mutate({ set_current_team: Number(id) })}
        >
          {projects.map((project) => (
            <DropdownMenuRadioItem key={project.id} value={String(project.id)} disabled={switchTo.isPending}>
              <span className="truncate">{project.name}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
