"use client";

import "react-grid-layout/css/styles.css";
import { useMemo, type ReactNode } from "react";
import { Responsive, useContainerWidth, type Layout, type LayoutItem } from "react-grid-layout";
import type { TDashboardTile } from "@/lib/ui/types";

// Tiles on PostHog's grid: 12 columns from 768 px (`sm`, the layout kept in each tile's `layouts.sm`), one column
// below (`xs`, tiles stacked in order). A tile without a saved place goes after the others, two to a row.

const BREAKPOINT = 768;
export const COLUMNS = 12;
const ROW_HEIGHT = 48;
const DEFAULT_SIZE = { w: 6, h: 8 };
export const MIN_SIZE = { minW: 3, minH: 5 };

/** Where a tile sits in the 12-column layout, in grid units. */
export interface TilePlace {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A tile's saved place in the 12-column layout, when it has a valid one. */
function savedPlace(tile: TDashboardTile): TilePlace | null {
  const sm = tile.layouts.sm as Record<string, unknown> | undefined;
  if (!sm) return null;
  const { x, y, w, h } = sm;
  return [x, y, w, h].every((n) => typeof n === "number" && Number.isFinite(n) && n >= 0)
    ? { x: x as number, y: y as number, w: Math.max(1, w as number), h: Math.max(1, h as number) }
    : null;
}

function gridLayouts(tiles: TDashboardTile[]) {
  let unplaced = 0;
  const sm: LayoutItem[] = tiles.map((tile) => {
    const place = savedPlace(tile);
    const at = place ?? { x: (unplaced % 2) * DEFAULT_SIZE.w, y: 10_000 + Math.floor(unplaced++ / 2), ...DEFAULT_SIZE };
    return { i: String(tile.id), ...at, ...MIN_SIZE };
  });
  const xs: LayoutItem[] = sm.map((item, index) => ({ i: item.i, x: 0, y: index * DEFAULT_SIZE.h, w: 1, h: DEFAULT_SIZE.h }));
  return { sm, xs };
}

/** The tile's `layouts` with a new place in the wide layout. */
export const withPlace = (tile: TDashboardTile, { x, y, w, h }: TilePlace) => ({ ...tile.layouts, sm: { x, y, w, h } });

/** The tiles whose place in the wide layout differs from what is saved, with their new `layouts`. */
function changedLayouts(tiles: TDashboardTile[], layout: Layout) {
  const byId = new Map(tiles.map((tile) => [String(tile.id), tile]));
  return layout.flatMap((item) => {
    const tile = byId.get(item.i);
    if (!tile) return [];
    const place = savedPlace(tile);
    if (place && place.x === item.x && place.y === item.y && place.w === item.w && place.h === item.h) return [];
    return [{ id: tile.id, layouts: withPlace(tile, item) }];
  });
}

/**
 * The dashboard's tiles on a grid. Editable: tiles move by their drag handle (`.tile-drag-handle`) and resize
 * from their corner (or from their menu, by keyboard), and each change reports the tiles whose saved place must
 * change.
 */
export function DashboardGrid({
  tiles,
  editable,
  onLayoutsChange,
  children,
}: {
  tiles: TDashboardTile[];
  editable: boolean;
  onLayoutsChange?: (changes: { id: number; layouts: Record<string, unknown> }[]) => void;
  /** A tile's content, given its place in the wide layout. */
  children: (tile: TDashboardTile, place: TilePlace) => ReactNode;
}) {
  const { width, containerRef, mounted } = useContainerWidth();
  const layouts = useMemo(() => gridLayouts(tiles), [tiles]);
  const save = (layout: Layout) => {
    // Only the wide layout is kept; the narrow one is the tiles in order.
    if (width < BREAKPOINT) return;
    const changes = changedLayouts(tiles, layout);
    if (changes.length) onLayoutsChange?.(changes);
  };
  return (
    <div ref={containerRef} className="[&_.react-grid-placeholder]:!rounded-lg [&_.react-grid-placeholder]:!bg-primary/30 [&_.react-resizable-handle::after]:!border-muted-foreground">
      {mounted && (
        <Responsive
          width={width}
          layouts={layouts}
          breakpoints={{ sm: BREAKPOINT, xs: 0 }}
          cols={{ sm: COLUMNS, xs: 1 }}
          rowHeight={ROW_HEIGHT}
          margin={[16, 16]}
          containerPadding={[0, 0]}
          dragConfig={{ enabled: editable, handle: ".tile-drag-handle" }}
          resizeConfig={{ enabled: editable }}
          onDragStop={save}
          onResizeStop={save}
        >
          {tiles.map((tile, index) => (
            <div key={String(tile.id)} data-testid="dashboard-tile" data-tile-id={tile.id}>
              {children(tile, layouts.sm[index])}
            </div>
          ))}
        </Responsive>
      )}
    </div>
  );
}
