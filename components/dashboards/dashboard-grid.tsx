"use client";

import "react-grid-layout/css/styles.css";
import { useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import { getLayoutItem, Responsive, useContainerWidth, verticalCompactor, type Layout, type LayoutItem } from "react-grid-layout";
import { ARROWS, movedLayout, placedLayout, resizedLayout } from "@/components/dashboards/grid-keyboard";
import { insightTitle } from "@/lib/ui/insights/labels";
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
const withPlace = (tile: TDashboardTile, { x, y, w, h }: TilePlace) => ({ ...tile.layouts, sm: { x, y, w, h } });

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

/** What a tile's move handle needs for moving the tile with the keyboard. */
export interface TileMover {
  /** The tile is being moved with the keyboard (its handle is "pressed"). */
  active: boolean;
  onKeyDown: (event: KeyboardEvent) => void;
  onBlur: () => void;
}

const describePlace = (title: string, { x, y, w, h }: TilePlace) =>
  `${title}: column ${x + 1}, row ${y + 1}, ${w} columns wide, ${h} rows tall.`;

/**
 * The dashboard's tiles on a grid. Editable: tiles move by their drag handle (`.tile-drag-handle`) and resize
 * from their corner (or from their menu, by keyboard), and each change reports the tiles whose saved place must
 * change. With the keyboard, Enter or Space on a tile's handle picks it up, arrow keys move it (Shift + arrows
 * resize it) while the grid shows where it lands, Enter or Space drops it (saved as a drag's drop is) and Escape
 * puts it back; each step is announced.
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
  /**
   * A tile's content, given its place in the wide layout and, when editable, its keyboard mover (wide grid only)
   * and how to put it at another place (the others compacted around it, as a drag's drop does).
   */
  children: (tile: TDashboardTile, place: TilePlace, mover?: TileMover, onPlace?: (place: TilePlace) => void) => ReactNode;
}) {
  const { width, containerRef, mounted } = useContainerWidth();
  const saved = useMemo(() => gridLayouts(tiles), [tiles]);
  // A dropped layout is shown until the saved tiles change (the save's answer), as a drag's drop stays put.
  const [dropped, setDropped] = useState<{ layout: Layout; tiles: TDashboardTile[] } | null>(null);
  const wide = width >= BREAKPOINT;
  const { moving, announcement, moverOf } = useTileMover(
    () => layouts.sm,
    wide,
    (layout) => {
      setDropped({ layout, tiles });
      save(layout);
    },
  );
  const shown = moving?.layout ?? (dropped?.tiles === tiles ? dropped.layout : null);
  const layouts = shown ? { ...saved, sm: shown } : saved;
  const saveWide = (layout: Layout) => {
    const changes = changedLayouts(tiles, layout);
    if (changes.length) onLayoutsChange?.(changes);
  };
  // A drag or resize on the narrow grid changes the narrow layout, which is not kept (it is the tiles in order).
  const save = (layout: Layout) => {
    if (width >= BREAKPOINT) saveWide(layout);
  };
  const placeTile = (tile: TDashboardTile, place: TilePlace) => {
    const next = placedLayout(layouts.sm, String(tile.id), place, COLUMNS);
    setDropped({ layout: next, tiles });
    saveWide(next);
  };

  return (
    <div
      ref={containerRef}
      className="[&_.react-grid-placeholder]:!rounded-lg [&_.react-grid-placeholder]:!bg-primary/30 [&_.react-resizable-handle::after]:!border-muted-foreground"
    >
      <p role="status" aria-live="assertive" className="sr-only" data-testid="grid-announcement">
        {announcement}
      </p>
      {mounted && (
        <Responsive
          width={width}
          layouts={layouts}
          breakpoints={{ sm: BREAKPOINT, xs: 0 }}
          cols={{ sm: COLUMNS, xs: 1 }}
          compactor={verticalCompactor}
          rowHeight={ROW_HEIGHT}
          margin={[16, 16]}
          containerPadding={[0, 0]}
          dragConfig={{ enabled: editable && !moving, handle: ".tile-drag-handle" }}
          resizeConfig={{ enabled: editable && !moving }}
          onDragStop={save}
          onResizeStop={save}
        >
          {tiles.map((tile) => (
            <div
              key={String(tile.id)}
              data-testid="dashboard-tile"
              data-tile-id={tile.id}
              className={
                moving?.id === String(tile.id) ? "z-10 rounded-lg ring-2 ring-primary ring-offset-2 ring-offset-background" : undefined
              }
            >
              {children(
                tile,
                placeOf(layouts.sm, tile),
                editable && wide ? moverOf(tile) : undefined,
                editable ? (place) => placeTile(tile, place) : undefined,
              )}
            </div>
          ))}
        </Responsive>
      )}
    </div>
  );
}

/** The tile's place in a wide layout. */
const placeOf = (layout: Layout, tile: TDashboardTile): TilePlace => {
  const { x, y, w, h } = getLayoutItem(layout, String(tile.id))!;
  return { x, y, w, h };
};

/**
 * Keyboard moves of tiles on the wide grid, each step announced: Enter or Space picks a tile up and drops it,
 * arrows move it, Shift and arrows resize it, Escape or leaving the tile cancels. `current` is the layout shown.
 */
function useTileMover(current: () => Layout, wide: boolean, onDrop: (layout: Layout) => void) {
  // The tile picked up with the keyboard and the layout it would leave if dropped now.
  const [moving, setMoving] = useState<{ id: string; layout: Layout } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const moverOf = (tile: TDashboardTile): TileMover => {
    const id = String(tile.id);
    const title = insightTitle(tile.insight);
    const placeIn = (layout: Layout) => getLayoutItem(layout, id) as TilePlace;
    return {
      active: moving?.id === id,
      onBlur: () => {
        if (moving?.id !== id) return;
        setMoving(null);
        setAnnouncement(`Move of ${title} cancelled.`);
      },
      onKeyDown: (event) => {
        if (!wide) return;
        const active = moving?.id === id ? moving : null;
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          if (!active) {
            setMoving({ id, layout: current() });
            setAnnouncement(
              `Picked up ${describePlace(title, placeIn(current()))} Arrow keys move it, Shift and arrow keys resize it, Enter drops it, Escape cancels.`,
            );
            return;
          }
          setMoving(null);
          onDrop(active.layout);
          setAnnouncement(`Dropped ${describePlace(title, placeIn(active.layout))}`);
          return;
        }
        if (!active) return;
        if (event.key === "Escape") {
          event.preventDefault();
          setMoving(null);
          setAnnouncement(`Move of ${title} cancelled.`);
          return;
        }
        const step = ARROWS[event.key];
        if (!step) return;
        event.preventDefault();
        const next = event.shiftKey ? resizedLayout(active.layout, id, step, COLUMNS) : movedLayout(active.layout, id, step, COLUMNS);
        if (!next) {
          setAnnouncement(`${title} cannot ${event.shiftKey ? "be resized" : "move"} further that way.`);
          return;
        }
        setMoving({ id, layout: next });
        setAnnouncement(describePlace(title, placeIn(next)));
      },
    };
  };
  return { moving, announcement, moverOf };
}
