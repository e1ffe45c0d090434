"use client";

import { useMutation } from "@tanstack/react-query";
import { KeyRoundIcon, LogOutIcon, UserCogIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTheme } from "next-themes";
import type { MenuTriggerProps } from "@/components/lazy-menu";
import { THEME_OPTIONS } from "@/components/theme-options";
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
import { errorMessage } from "@/lib/ui/api-client";
import { logoutMutation } from "@/lib/ui/account/mutations";
import { toast } from "@/lib/ui/toast";

/** The account menu: theme, account settings, personal API keys, sign out (loaded after the page, see `UserMenu`). */
export function UserMenuDropdown({ trigger, triggerClassName, autoFocus }: MenuTriggerProps) {
  const router = useRouter();
  const { theme, setTheme } = useTheme();
  const signOut = useMutation({
    ...logoutMutation(),
    onSuccess: () => {
      router.push("/login");
      router.refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    // Mounted when its stand-in is clicked (see `lazyMenu`): it opens as it mounts.
    <DropdownMenu defaultOpen>
      {/* autoFocus: keeps the focus the stand-in trigger had when the menu's code arrived */}
      <DropdownMenuTrigger className={triggerClassName} autoFocus={autoFocus}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-56">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={setTheme}>
          {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
            <DropdownMenuRadioItem key={value} value={value}>
              <Icon /> {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/settings/user">
            <UserCogIcon /> Account settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/settings/api-keys">
            <KeyRoundIcon /> Personal API keys
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOutIcon /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
