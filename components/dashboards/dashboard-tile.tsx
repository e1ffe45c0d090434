"use client";

import { GripVerticalIcon, MoreHorizontalIcon } from "lucide-react";
import Link from "next/link";
import { COLUMNS, MIN_SIZE, type TileMover, type TilePlace } from "@/components/dashboards/dashboard-grid";
import { TileChart } from "@/components/dashboards/tile-chart";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { formatRelative } from "@/lib/ui/format";
import { insightTitle } from "@/lib/ui/insights/labels";
import type { TDashboardTile } from "@/lib/ui/types";

/** Steps of the menu's resizing: a quarter of the width, two rows. */
const WIDTH_STEP = 3;
const HEIGHT_STEP = 2;

/**
 * One tile: the insight's name (a link to it for members), when its result was computed, and its chart. With
 * `edit`, the tile can be moved by its handle (dragged, or with the keyboard through `mover`), resized from its
 * menu and taken off.
 */
export function DashboardTile({
  tile,
  projectId,
  dashboardId,
  edit,
}: {
  tile: TDashboardTile;
  projectId: number | null;
  dashboardId?: number;
  edit?: { place: TilePlace; onPlace: (place: TilePlace) => void; onRemove: () => void; mover?: TileMover };
}) {
  const title = insightTitle(tile.insight);
  const href = projectId === null ? null : `/project/${projectId}/insights/${tile.insight.short_id}`;
  return (
    <article aria-label={title} className="flex h-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-xs">
      <header className="flex items-start gap-2 border-b px-3 py-2">
        {edit &&
          (edit.mover ? (
            <button
              type="button"
              className="tile-drag-handle -ml-1 mt-0.5 cursor-grab rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing aria-pressed:bg-primary aria-pressed:text-primary-foreground"
              aria-label={`Move ${title}`}
              aria-pressed={edit.mover.active}
              title="Drag to move, or press Enter and use the arrow keys"
              onKeyDown={edit.mover.onKeyDown}
              onBlur={edit.mover.onBlur}
            >
              <GripVerticalIcon className="size-4" aria-hidden />
            </button>
          ) : (
            <div className="tile-drag-handle -ml-1 cursor-grab pt-0.5 text-muted-foreground active:cursor-grabbing" title="Drag to move">
              <GripVerticalIcon className="size-4" aria-hidden />
            </div>
          ))}
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
        {edit && (
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
              <ResizeItems place={edit.place} onPlace={edit.onPlace} />
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={edit.onRemove} className="text-destructive focus:text-destructive">
                Remove from dashboard
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </header>
      <div className="min-h-0 flex-1 overflow-auto p-3" data-testid="tile-chart">
        <TileChart insight={tile.insight} projectId={projectId} dashboardId={dashboardId} />
      </div>
    </article>
  );
}

function ResizeItems({ place, onPlace }: { place: TilePlace; onPlace: (place: TilePlace) => void }) {
  const width = (w: number) => onPlace({ ...place, w, x: Math.min(place.x, COLUMNS - w) });
  return (
    <>
      <DropdownMenuItem disabled={place.w >= COLUMNS} onSelect={() => width(Math.min(COLUMNS, place.w + WIDTH_STEP))}>
        Make wider
      </DropdownMenuItem>
      <DropdownMenuItem disabled={place.w <= MIN_SIZE.minW} onSelect={() => width(Math.max(MIN_SIZE.minW, place.w - WIDTH_STEP))}>
        Make narrower
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => onPlace({ ...place, h: place.h + HEIGHT_STEP })}>Make taller</DropdownMenuItem>
      <DropdownMenuItem
        disabled={place.h <= MIN_SIZE.minH}
        onSelect={() => onPlace({ ...place, h: Math.max(MIN_SIZE.minH, place.h - HEIGHT_STEP) })}
      >
        Make shorter
      </DropdownMenuItem>
    </>
  );
}
