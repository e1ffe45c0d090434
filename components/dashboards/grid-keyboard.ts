import { cloneLayout, getLayoutItem, moveElement, verticalCompactor, type Layout } from "react-grid-layout";

/** Arrow keys as grid steps (columns, rows). */
export const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Rows a tile may travel in one key press looking for its next place (the grid is compacted upwards). */
const MAX_ROWS = 500;

/**
 * The layout after moving tile `id` one place in direction (dx, dy) with the keyboard, as a drag there would
 * leave it (other tiles pushed aside, then the grid compacted upwards): the nearest position that changes where
 * the tile lands, since moving down by one row is undone by compaction until the tile passes the one below it.
 * null when the tile cannot move that way.
 */
export function movedLayout(layout: Layout, id: string, [dx, dy]: [number, number], cols: number): Layout | null {
  const item = getLayoutItem(layout, id);
  if (!item) return null;
  for (let step = 1; step <= MAX_ROWS; step++) {
    const x = Math.min(Math.max(item.x + dx * step, 0), cols - item.w);
    const y = Math.max(item.y + dy * step, 0);
    if (x === item.x && y === item.y) return null;
    const next = cloneLayout(layout);
    const moved = verticalCompactor.compact(moveElement(next, getLayoutItem(next, id)!, x, y, true, false, "vertical", cols), cols);
    const landed = getLayoutItem(moved, id)!;
    if (landed.x !== item.x || landed.y !== item.y) return moved;
  }
  return null;
}

/** The layout after resizing tile `id` by (dw, dh) grid units within its bounds; null when it cannot change. */
export function resizedLayout(layout: Layout, id: string, [dw, dh]: [number, number], cols: number): Layout | null {
  const item = getLayoutItem(layout, id);
  if (!item) return null;
  const w = Math.min(Math.max(item.w + dw, item.minW ?? 1), cols - item.x);
  const h = Math.max(item.h + dh, item.minH ?? 1);
  if (w === item.w && h === item.h) return null;
  return placedLayout(layout, id, { x: item.x, y: item.y, w, h }, cols);
}

/**
 * The layout with tile `id` put at `place`, as the grid shows it: compacted upwards, tiles it now covers pushed
 * below it and tiles under space it left pulled up (so that what is saved has no holes).
 */
export function placedLayout(layout: Layout, id: string, place: { x: number; y: number; w: number; h: number }, cols: number): Layout {
  const next = cloneLayout(layout).map((item) => (item.i === id ? { ...item, ...place } : item));
  return verticalCompactor.compact(next, cols);
}
