"use client";

import { useQuery } from "@tanstack/react-query";
import { BookOpenIcon, MenuIcon, SearchIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { SearchButton, useCommandPalette } from "@/components/command-palette/search-button";
import { MobileNavDialog } from "@/components/lazy-dialogs";
import { Logo } from "@/components/logo";
import { navSections } from "@/components/shell/nav-sections";
import { OrganizationSwitcher, ProjectSwitcher } from "@/components/shell/switchers";
import { UserMenu } from "@/components/shell/user-menu";
import { Button } from "@/components/ui/button";
import { groupTypesQuery } from "@/lib/ui/groups/queries";
import { meQuery } from "@/lib/ui/account/queries";
import { useMe } from "@/lib/ui/use-me";
import { cn } from "@/lib/ui/utils";

function SidebarContent({ onNavigate, onSearch }: { onNavigate?: () => void; onSearch: () => void }) {
  const me = useMe();
  const pathname = usePathname();
  const groupTypes = useQuery({ ...groupTypesQuery(me.team?.id ?? 0), enabled: Boolean(me.team) });
  return (
    <div className="flex h-full flex-col gap-4 p-3">
      <Link href="/" className="px-2 pt-1" onClick={onNavigate}>
        <Logo />
      </Link>
      <div className="grid gap-1">
        <OrganizationSwitcher />
        <ProjectSwitcher />
      </div>
      <SearchButton onOpen={onSearch} />
      <nav aria-label="Main" className="grid flex-1 content-start gap-4 overflow-y-auto">
        {navSections(me.team?.id, groupTypes.data).map((section) =>
          section.items.length ? (
            <div key={section.title} className="grid gap-0.5">
              <p className="px-2 pb-1 text-xs font-medium text-muted-foreground">{section.title}</p>
              {section.items.map(({ href, label, icon: Icon, exact }) => {
                const active = pathname === href || (!exact && pathname.startsWith(`${href}/`));
                return (
                  <Link
                    key={href}
                    href={href}
                    onClick={onNavigate}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm transition-colors hover:bg-sidebar-accent",
                      active ? "bg-sidebar-accent font-medium text-foreground" : "text-sidebar-foreground/80",
                    )}
                  >
                    <Icon className="size-4 shrink-0" />
                    {label}
                  </Link>
                );
              })}
            </div>
          ) : null,
        )}
      </nav>
      <Link
        href="/docs/api"
        className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm text-sidebar-foreground/80 transition-colors hover:bg-sidebar-accent"
      >
        <BookOpenIcon className="size-4 shrink-0" />
        API reference
      </Link>
      <UserMenu />
    </div>
  );
}

export function AppShell({ children }: { children: ReactNode }) {
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const { data: me } = useQuery(meQuery());
  const palette = useCommandPalette(me?.team?.id);
  // Signing out, leaving or deleting the organization empties the cache just before navigating away:
  // render nothing meanwhile rather than pages that need a current organization.
  if (!me?.organization) return null;
  return (
    <div className="flex min-h-svh">
      {/* The first Tab stop: keyboard users pass the sidebar's links to reach the page. */}
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow-md ring-2 ring-ring focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {/* The outer box paints the sidebar down the whole page; the inner one stays in view while it scrolls. */}
      <div className="hidden w-64 shrink-0 border-r border-sidebar-border bg-sidebar text-sidebar-foreground md:block">
        <aside className="sticky top-0 h-svh">
          <SidebarContent onSearch={palette.onOpen} />
        </aside>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur md:hidden">
          <Button variant="ghost" size="icon-sm" aria-label="Open navigation" onClick={() => setMobileNavOpen(true)}>
            <MenuIcon />
          </Button>
          <Logo />
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Search"
            aria-keyshortcuts="Control+K Meta+K"
            className="ml-auto"
            onClick={palette.onOpen}
          >
            <SearchIcon />
          </Button>
        </header>
        <MobileNavDialog open={mobileNavOpen} onOpenChange={setMobileNavOpen}>
          <SidebarContent
            onNavigate={() => setMobileNavOpen(false)}
            onSearch={() => {
              setMobileNavOpen(false);
              palette.onOpen();
            }}
          />
        </MobileNavDialog>
        <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-8 sm:py-8">
          {children}
        </main>
      </div>
      {palette.dialogs}
    </div>
  );
}
