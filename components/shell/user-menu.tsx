"use client";

import { ChevronsUpDownIcon } from "lucide-react";
import { lazyMenu } from "@/components/lazy-menu";
import { InitialsAvatar } from "@/components/ui/avatar";
import { fullName } from "@/lib/ui/format";
import { useMe } from "@/lib/ui/use-me";

const UserMenuDropdown = lazyMenu(() => import("@/components/shell/user-menu-dropdown").then((m) => m.UserMenuDropdown));

export function UserMenu() {
  const me = useMe();
  const name = fullName(me);
  return (
    <UserMenuDropdown
      triggerClassName="flex w-full items-center gap-2 rounded-md p-2 text-left outline-none hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-sidebar-accent"
      trigger={
        <>
          <span className="sr-only">Account menu: </span>
          <InitialsAvatar name={name} decorative />
          <span className="grid min-w-0 flex-1 leading-tight">
            <span className="truncate text-sm font-medium">{name}</span>
            <span className="truncate text-xs text-muted-foreground">{me.email}</span>
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" />
        </>
      }
    />
  );
}
