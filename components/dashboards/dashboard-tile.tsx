"use client";

import { GripVerticalIcon, MoreHorizontalIcon } from "lucide-react";
import Link from "next/link";
import { TileChart } from "@/components/dashboards/tile-chart";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { formatRelative } from "@/lib/ui/format";
import { insightTitle } from "@/lib/ui/insights";
import type { TDashboardTile } from "@/lib/ui/types";

/**
 * One tile: the insight's name (a link to it for members), when its result was computed, and its chart. With
 * `onRemove`, the tile can be moved by its handle and taken off the dashboard.
 */
export function DashboardTile({ tile, projectId, onRemove }: { tile: TDashboardTile; projectId: number | null; onRemove?: () => void }) {
  const title = insightTitle(tile.insight);
  const href = projectId === null ? null : `/project/${projectId}/insights/${tile.insight.short_id}`;
  return (
    <article aria-label={title} className="flex h-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-xs">
      <header className="flex items-start gap-2 border-b px-3 py-2">
        {onRemove && (
          <div className="tile-drag-handle -ml-1 cursor-grab pt-0.5 text-muted-foreground active:cursor-grabbing" title="Drag to move">
            <GripVerticalIcon className="size-4" aria-hidden />
          </div>
        )}
        <div className="grid min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold">
            {href ? (
              <Link href={href} className="hover:underline focus-visible:underline">
                {title}
              </Link>
            ) : (
              title
            )}
          </h2>
          <p className="text-xs text-muted-foreground" data-testid="tile-refreshed">
            {tile.last_refresh ? `Computed ${formatRelative(tile.last_refresh)}` : "Not computed yet"}
          </p>
        </div>
        {onRemove && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${title}`}>
                <MoreHorizontalIcon />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {href && (
                <DropdownMenuItem asChild>
                  <Link href={href}>Open insight</Link>
                </DropdownMenuItem>
              )}
              <DropdownMenuItem onSelect={onRemove} className="text-destructive focus:text-destructive">
                Remove from dashboard
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </header>
      <div className="min-h-0 flex-1 overflow-auto p-3" data-testid="tile-chart">
        <TileChart insight={tile.insight} />
      </div>
    </article>
  );
}
