"use client";

import { ACTIONS_COLUMN } from "@/components/data-table-columns";
import { createColumnHelper } from "@tanstack/react-table";
import { MoreHorizontalIcon, StarIcon } from "lucide-react";
import Link from "next/link";
import { createContext, useContext } from "react";
import type { clientTableFeatures } from "@/components/data-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { insightKind } from "@/lib/insights/query-node";
import { formatRelative, fullName } from "@/lib/ui/format";
import { insightTitle, KIND_LABELS } from "@/lib/ui/insights/labels";
import type { TInsightBasic } from "@/lib/ui/types";

/** The saved-insights table's columns; the cells reach the list's actions through `InsightsContext`. */

export interface InsightListActions {
  projectId: number;
  toggleFavorite: (insight: TInsightBasic) => void;
  duplicate: (insight: TInsightBasic) => void;
  rename: (insight: TInsightBasic) => void;
  remove: (insight: TInsightBasic) => void;
}

export const InsightsContext = createContext<InsightListActions | null>(null);
const useInsightsContext = () => useContext(InsightsContext)!;
const insightPath = (projectId: number, insight: Pick<TInsightBasic, "short_id">) => `/project/${projectId}/insights/${insight.short_id}`;

const helper = createColumnHelper<typeof clientTableFeatures, TInsightBasic>();
export const columns = helper.columns([
  helper.display({
    id: "favorited",
    header: () => <span className="sr-only">Favourite</span>,
    cell: ({ row }) => <FavoriteCell insight={row.original} />,
    meta: { className: "w-0" },
  }),
  helper.display({ id: "name", header: "Name", cell: ({ row }) => <NameCell insight={row.original} /> }),
  helper.display({
    id: "type",
    header: "Type",
    cell: ({ row }) => KIND_LABELS[insightKind(row.original) ?? ""] ?? "—",
    meta: { className: "text-muted-foreground" },
  }),
  helper.display({
    id: "tags",
    header: "Tags",
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        {row.original.tags.map((tag) => (
          <Badge key={tag} variant="secondary">
            {tag}
          </Badge>
        ))}
      </span>
    ),
  }),
  helper.display({
    id: "created_by",
    header: "Created by",
    cell: ({ row }) => (row.original.created_by ? fullName(row.original.created_by) : "—"),
    meta: { className: "text-muted-foreground" },
  }),
  helper.display({
    id: "last_modified_at",
    header: "Last modified",
    cell: ({ row }) => <time dateTime={row.original.last_modified_at}>{formatRelative(row.original.last_modified_at)}</time>,
    meta: { className: "text-muted-foreground" },
  }),
  helper.display({ ...ACTIONS_COLUMN, cell: ({ row }) => <ActionsCell insight={row.original} /> }),
]);

function FavoriteCell({ insight }: { insight: TInsightBasic }) {
  const { toggleFavorite } = useInsightsContext();
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`Favourite ${insightTitle(insight)}`}
      aria-pressed={insight.favorited}
      onClick={() => toggleFavorite(insight)}
    >
      <StarIcon className={insight.favorited ? "fill-amber-400 text-amber-500" : "text-muted-foreground"} />
    </Button>
  );
}

function NameCell({ insight }: { insight: TInsightBasic }) {
  const { projectId } = useInsightsContext();
  return (
    <div className="grid max-w-md">
      <Link href={insightPath(projectId, insight)} className="truncate font-medium hover:underline">
        {insightTitle(insight)}
      </Link>
      {insight.description && <span className="truncate text-xs text-muted-foreground">{insight.description}</span>}
    </div>
  );
}

function ActionsCell({ insight }: { insight: TInsightBasic }) {
  const { projectId, duplicate, rename, remove } = useInsightsContext();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${insightTitle(insight)}`}>
          <MoreHorizontalIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link href={insightPath(projectId, insight)}>Open</Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => duplicate(insight)}>Duplicate</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => rename(insight)}>Rename</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => remove(insight)} className="text-destructive focus:text-destructive">
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
