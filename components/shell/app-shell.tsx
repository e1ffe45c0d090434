"use client";

import { useQuery } from "@tanstack/react-query";
import {
  ActivityIcon,
  BlocksIcon,
  Building2Icon,
  BookOpenIcon,
  CloudUploadIcon,
  ChartLineIcon,
  FolderKanbanIcon,
  GlobeIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  LayoutGridIcon,
  MailIcon,
  MenuIcon,
  MessageSquareTextIcon,
  SettingsIcon,
  UserRoundIcon,
  UsersRoundIcon,
  UsersIcon,
  type LucideIcon,
} from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { MobileNavDialog } from "@/components/lazy-dialogs";
import { Logo } from "@/components/logo";
import { OrganizationSwitcher, ProjectSwitcher } from "@/components/shell/switchers";
import { UserMenu } from "@/components/shell/user-menu";
import { Button } from "@/components/ui/button";
import { groupTypeLabel, groupTypesQuery } from "@/lib/ui/groups/queries";
import { meQuery } from "@/lib/ui/account/queries";
import type { TGroupType } from "@/lib/ui/types";
import { useMe } from "@/lib/ui/use-me";
import { cn } from "@/lib/ui/utils";

interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Current only on this very path, not on the pages below it (the project home, whose pages have their own items). */
  exact?: boolean;
}

/** One entry per group type (named by its plural), or one "Groups" entry that says how to send them. */
function groupItems(projectId: number, types: TGroupType[] | undefined): NavItem[] {
  if (!types?.length) return [{ href: `/project/${projectId}/groups`, label: "Groups", icon: Building2Icon }];
  return types.map((type) => ({
    href: `/project/${projectId}/groups/${type.group_type_index}`,
    label: groupTypeLabel(type),
    icon: Building2Icon,
  }));
}

function navSections(projectId: number | undefined, groupTypes: TGroupType[] | undefined): { title: string; items: NavItem[] }[] {
  return [
    {
      title: "Project",
      items: projectId
        ? [
            { href: `/project/${projectId}`, label: "Home", icon: LayoutDashboardIcon, exact: true },
            { href: `/project/${projectId}/dashboard`, label: "Dashboards", icon: LayoutGridIcon },
            { href: `/project/${projectId}/insights`, label: "Insights", icon: ChartLineIcon },
            { href: `/project/${projectId}/events`, label: "Events", icon: ActivityIcon },
            { href: `/project/${projectId}/persons`, label: "Persons", icon: UserRoundIcon },
            { href: `/project/${projectId}/cohorts`, label: "Cohorts", icon: UsersRoundIcon },
            ...groupItems(projectId, groupTypes),
          ]
        : [],
    },
    {
      title: "Data management",
      items: projectId
        ? [{ href: `/project/${projectId}/data-management/annotations`, label: "Annotations", icon: MessageSquareTextIcon }]
        : [],
    },
    {
      title: "Organization",
      items: [
        { href: "/organization/members", label: "Members", icon: UsersIcon },
        { href: "/organization/invites", label: "Invites", icon: MailIcon },
        { href: "/organization/projects", label: "Projects", icon: FolderKanbanIcon },
        { href: "/organization/domains", label: "Verified domains", icon: GlobeIcon },
        { href: "/organization/batch-exports", label: "Batch exports", icon: CloudUploadIcon },
        { href: "/organization/apps", label: "Pipeline apps", icon: BlocksIcon },
        { href: "/organization/settings", label: "Settings", icon: SettingsIcon },
      ],
    },
    { title: "Account", items: [{ href: "/settings/api-keys", label: "Personal API keys", icon: KeyRoundIcon }] },
  ];
}

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
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
          <SidebarContent />
        </aside>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur md:hidden">
          <Button variant="ghost" size="icon-sm" aria-label="Open navigation" onClick={() => setMobileNavOpen(true)}>
            <MenuIcon />
          </Button>
          <Logo />
        </header>
        <MobileNavDialog open={mobileNavOpen} onOpenChange={setMobileNavOpen}>
          <SidebarContent onNavigate={() => setMobileNavOpen(false)} />
        </MobileNavDialog>
        <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-8 sm:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
