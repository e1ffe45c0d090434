"use client";

import "react-grid-layout/css/styles.css";
import { useMemo, type ReactNode } from "react";
import { Responsive, useContainerWidth, type Layout, type LayoutItem } from "react-grid-layout";
import type { TDashboardTile } from "@/lib/ui/types";

// Tiles on PostHog's grid: 12 columns from 768 px (`sm`, the layout kept in each tile's `layouts.sm`), one column
// below (`xs`, tiles stacked in order). A tile without a saved place goes after the others, two to a row.

const BREAKPOINT = 768;
const COLUMNS = 12;
const ROW_HEIGHT = 48;
const DEFAULT_SIZE = { w: 6, h: 8 };
const MIN_SIZE = { minW: 3, minH: 5 };

/** A tile's saved place in the 12-column layout, when it has a valid one. */
function savedPlace(tile: TDashboardTile): { x: number; y: number; w: number; h: number } | null {
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

/** The tiles whose place in the wide layout differs from what is saved, with their new `layouts`. */
function changedLayouts(tiles: TDashboardTile[], layout: Layout) {
  const byId = new Map(tiles.map((tile) => [String(tile.id), tile]));
  return layout.flatMap((item) => {
    const tile = byId.get(item.i);
    if (!tile) return [];
    const place = savedPlace(tile);
    if (place && place.x === item.x && place.y === item.y && place.w === item.w && place.h === item.h) return [];
    return [{ id: tile.id, layouts: { ...tile.layouts, sm: { x: item.x, y: item.y, w: item.w, h: item.h } } }];
  });
}

/**
 * The dashboard's tiles on a grid. Editable: tiles move by their drag handle (`.tile-drag-handle`) and resize
 * from their corner, and each change reports the tiles whose saved place must change.
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
  children: (tile: TDashboardTile) => ReactNode;
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
          {tiles.map((tile) => (
            <div key={String(tile.id)} data-testid="dashboard-tile" data-tile-id={tile.id}>
              {children(tile)}
            </div>
          ))}
        </Responsive>
      )}
    </div>
  );
}
