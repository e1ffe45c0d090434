import Link from "next/link";
import { CopyButton } from "@/components/copy-button";
import { PageHeader } from "@/components/page-header";
import { groupTypeLabel } from "@/lib/ui/groups/queries";
import type { TGroupType } from "@/lib/ui/types";
import { cn } from "@/lib/ui/utils";

/** The project's group types as links, the current one marked. */
export function GroupTypeTabs({ projectId, types, current }: { projectId: number; types: TGroupType[]; current: number }) {
  return (
    <nav aria-label="Group types" className="mb-4 flex flex-wrap gap-1 border-b">
      {types.map((type) => (
        <Link
          key={type.group_type_index}
          href={`/project/${projectId}/groups/${type.group_type_index}`}
          aria-current={type.group_type_index === current ? "page" : undefined}
          className={cn(
            "-mb-px border-b-2 px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground",
            type.group_type_index === current ? "border-primary text-foreground" : "border-transparent",
          )}
        >
          {groupTypeLabel(type)}
        </Link>
      ))}
    </nav>
  );
}

const SNIPPET = `posthog.group("company", "acme", { name: "Acme Inc." })`;

/** No group type yet: what groups are and how a site sends them. */
export function GroupsEmpty() {
  return (
    <>
      <PageHeader title="Groups" description="Companies, teams or projects your persons belong to." />
      <div className="grid max-w-2xl gap-3 rounded-lg border border-dashed p-6 text-sm">
        <p>
          No group has been seen yet. Events name their groups in <code>$groups</code>, and <code>$groupidentify</code> sets a group's
          properties; with posthog-js, one call does both:
        </p>
        <div className="flex items-center gap-2">
          <code className="min-w-0 flex-1 rounded-md border bg-muted px-2 py-1 font-mono text-xs break-all">{SNIPPET}</code>
          <CopyButton value={SNIPPET} label="Copy the snippet" />
        </div>
        <p className="text-muted-foreground">Each group type a project names gets a tab here (at most five types).</p>
      </div>
    </>
  );
}
