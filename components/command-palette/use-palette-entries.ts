"use client";

import { useQuery } from "@tanstack/react-query";
import {
  ChartLineIcon,
  FilePlus2Icon,
  LayoutGridIcon,
  LayoutTemplateIcon,
  type LucideIcon,
  UserRoundIcon,
  UsersRoundIcon,
  ZapIcon,
} from "lucide-react";
import { navSections } from "@/components/shell/nav-sections";
import { groupTypesQuery } from "@/lib/ui/groups/queries";
import { useSearchResults } from "@/lib/ui/search/use-search-results";

/** One line of the palette: what it shows and what Enter does. */
interface PaletteEntry {
  value: string;
  label: string;
  detail?: string;
  icon: LucideIcon;
  run: () => void;
}

export interface PaletteSection {
  heading: string;
  entries: PaletteEntry[];
}

const KIND_ICONS: Record<string, LucideIcon> = {
  Insights: ChartLineIcon,
  Dashboards: LayoutGridIcon,
  Cohorts: UsersRoundIcon,
  Actions: ZapIcon,
  Persons: UserRoundIcon,
};

const matches = (label: string, query: string) => label.toLowerCase().includes(query.toLowerCase());

/**
 * The palette's sections for what was typed: the commands and pages whose names match (all of them before one
 * types), then what the project's searches found for the settled `search`. `waiting`: a search is still under way.
 */
export function usePaletteEntries(
  projectId: number | undefined,
  query: string,
  search: string,
  actions: { go: (href: string) => void; newDashboard: () => void },
): { sections: PaletteSection[]; waiting: boolean; failed: string[] } {
  const groupTypes = useQuery({ ...groupTypesQuery(projectId ?? 0), enabled: projectId !== undefined });
  const groups = useSearchResults(projectId, search);
  const commands: PaletteEntry[] = projectId
    ? [
        {
          value: "command:new-insight",
          label: "New insight",
          icon: FilePlus2Icon,
          run: () => actions.go(`/project/${projectId}/insights/new`),
        },
        { value: "command:new-dashboard", label: "New dashboard", icon: LayoutTemplateIcon, run: actions.newDashboard },
      ]
    : [];
  const pages: PaletteEntry[] = navSections(projectId, groupTypes.data).flatMap((section) =>
    section.items.map(({ href, label, icon }) => ({
      value: `page:${href}`,
      label,
      detail: section.title,
      icon,
      run: () => actions.go(href),
    })),
  );
  const found: PaletteSection[] = groups.map((group) => ({
    heading: group.heading,
    entries: group.results.map(({ href, ...result }) => ({ ...result, icon: KIND_ICONS[group.heading], run: () => actions.go(href) })),
  }));
  return {
    sections: [
      { heading: "Commands", entries: commands.filter((entry) => matches(entry.label, query)) },
      { heading: "Pages", entries: pages.filter((entry) => matches(`${entry.label} ${entry.detail}`, query)) },
      ...(query ? found : []),
    ].filter((section) => section.entries.length > 0),
    waiting: query !== "" && (query !== search || groups.some((group) => group.loading)),
    failed: query ? groups.filter((group) => group.failed).map((group) => group.heading) : [],
  };
}
