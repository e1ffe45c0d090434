import {
  ActivityIcon,
  BlocksIcon,
  Building2Icon,
  ChartLineIcon,
  CodeIcon,
  CloudUploadIcon,
  DatabaseIcon,
  FolderKanbanIcon,
  GlobeIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  LayoutGridIcon,
  MailIcon,
  SettingsIcon,
  UserCogIcon,
  UserRoundIcon,
  UsersIcon,
  UsersRoundIcon,
  type LucideIcon,
} from "lucide-react";
import { groupTypeLabel } from "@/lib/ui/groups/queries";
import type { TGroupType } from "@/lib/ui/types";

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

/** The sidebar's sections and entries; the command palette offers the same pages. */
export function navSections(projectId: number | undefined, groupTypes: TGroupType[] | undefined): { title: string; items: NavItem[] }[] {
  return [
    {
      title: "Project",
      items: projectId
        ? [
            { href: `/project/${projectId}`, label: "Home", icon: LayoutDashboardIcon, exact: true },
            { href: `/project/${projectId}/dashboard`, label: "Dashboards", icon: LayoutGridIcon },
            { href: `/project/${projectId}/insights`, label: "Insights", icon: ChartLineIcon },
            { href: `/project/${projectId}/sql`, label: "SQL editor", icon: CodeIcon },
            { href: `/project/${projectId}/web`, label: "Web analytics", icon: GlobeIcon },
            { href: `/project/${projectId}/events`, label: "Events", icon: ActivityIcon },
            { href: `/project/${projectId}/persons`, label: "Persons", icon: UserRoundIcon },
            { href: `/project/${projectId}/cohorts`, label: "Cohorts", icon: UsersRoundIcon },
            { href: `/project/${projectId}/data-management`, label: "Data management", icon: DatabaseIcon },
            ...groupItems(projectId, groupTypes),
          ]
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
    {
      title: "Account",
      items: [
        { href: "/settings/user", label: "Account settings", icon: UserCogIcon },
        { href: "/settings/api-keys", label: "Personal API keys", icon: KeyRoundIcon },
      ],
    },
  ];
}
