"use client";

import { useMutation } from "@tanstack/react-query";
import { PlusIcon } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import type { MenuTriggerProps } from "@/components/lazy-menu";
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
import { switchWorkspaceMutation } from "@/lib/ui/account/mutations";
import { homePath } from "@/lib/ui/paths";
import { toast } from "@/lib/ui/toast";
import { useMe } from "@/lib/ui/use-me";

// The menus of the sidebar's switchers, loaded after the page and mounted open when their stand-in is clicked
// (see `switchers.tsx` and `lazyMenu`).

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

function SwitcherTrigger({ trigger, triggerClassName, autoFocus }: MenuTriggerProps) {
  return (
    // autoFocus: keeps the focus the stand-in trigger had when the menu's code arrived
    <DropdownMenuTrigger className={triggerClassName} autoFocus={autoFocus}>
      {trigger}
    </DropdownMenuTrigger>
  );
}

export function OrganizationMenu({ onCreate, ...trigger }: MenuTriggerProps & { onCreate: () => void }) {
  const me = useMe();
  const switchTo = useSwitchWorkspace();
  const organization = me.organization;
  return (
    <DropdownMenu defaultOpen>
      <SwitcherTrigger {...trigger} />
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
        <DropdownMenuItem onSelect={onCreate}>
          <PlusIcon />
          New organization
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function ProjectMenu(trigger: MenuTriggerProps) {
  const me = useMe();
  const switchTo = useSwitchWorkspace();
  return (
    <DropdownMenu defaultOpen>
      <SwitcherTrigger {...trigger} />
      <DropdownMenuContent align="start" className="w-64">
        <DropdownMenuLabel>Projects in {me.organization.name}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={String(me.team?.id ?? "")}
          onValueChange={(id) => Number(id) !== me.team?.id && switchTo.mutate({ set_current_team: Number(id) })}
        >
          {me.organization.teams.map((project) => (
            <DropdownMenuRadioItem key={project.id} value={String(project.id)} disabled={switchTo.isPending}>
              <span className="truncate">{project.name}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
