"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/ui/utils";

/** The tabs of data management, each a folder under `/project/:id/data-management/`: one more tab is one more line. */
const TABS = [
  { segment: "events", label: "Events" },
  { segment: "properties", label: "Properties" },
  { segment: "actions", label: "Actions" },
  { segment: "annotations", label: "Annotations" },
] as const;

/** The tabs as links; the one whose pages are open (its list or one of its items) is current. */
export function DataManagementTabs({ projectId }: { projectId: number }) {
  const pathname = usePathname();
  const base = `/project/${projectId}/data-management`;
  return (
    <nav aria-label="Data management" className="mb-4 flex flex-wrap gap-1 border-b">
      {TABS.map(({ segment, label }) => {
        const href = `${base}/${segment}`;
        const current = pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link
            key={segment}
            href={href}
            aria-current={current ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground",
              current ? "border-primary text-foreground" : "border-transparent",
            )}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
