import { describe, expect, test } from "vitest";
import { ARROWS, movedLayout, placedLayout, resizedLayout } from "./grid-keyboard";

// Two tiles side by side on top, a wide one below.
const layout = [
  { i: "a", x: 0, y: 0, w: 6, h: 8, minW: 3, minH: 5 },
  { i: "b", x: 6, y: 0, w: 6, h: 8, minW: 3, minH: 5 },
  { i: "c", x: 0, y: 8, w: 12, h: 4, minW: 3, minH: 5 },
];
const place = (l: readonly { i: string; x: number; y: number; w: number; h: number }[] | null) =>
  Object.fromEntries((l ?? []).map(({ i, x, y, w, h }) => [i, [x, y, w, h]]));

describe("keyboard moves on the dashboard grid", () => {
  test("left and right move a column at a time, within the grid", () => {
    expect(place(movedLayout(layout, "c", ARROWS.ArrowRight, 12))).toEqual(place(null)); // already full width
    const shrunk = layout.map((t) => (t.i === "c" ? { ...t, w: 6 } : t));
    expect(place(movedLayout(shrunk, "c", ARROWS.ArrowRight, 12)).c).toEqual([1, 8, 6, 4]);
    expect(movedLayout(shrunk, "c", ARROWS.ArrowLeft, 12)).toBeNull();
  });

  test("down passes the tile below (compaction would undo a one-row move); up comes back", () => {
    const down = movedLayout(layout, "a", ARROWS.ArrowDown, 12);
    expect(place(down).a[1]).toBeGreaterThan(0);
    expect(place(down).c[1]).toBeLessThan(place(down).a[1]);
    const up = movedLayout(down!, "a", ARROWS.ArrowUp, 12);
    expect(place(up).a[1]).toBeLessThan(place(down).a[1]);
    expect(movedLayout(layout, "a", ARROWS.ArrowUp, 12)).toBeNull();
    // The bottom tile has nowhere further down to go.
    expect(movedLayout(layout, "c", ARROWS.ArrowDown, 12)).toBeNull();
  });

  test("resizing stays within the minimum size and the grid's width", () => {
    expect(place(resizedLayout(layout, "a", [0, 1], 12)).a).toEqual([0, 0, 6, 9]);
    expect(place(resizedLayout(layout, "a", [-1, 0], 12)).a).toEqual([0, 0, 5, 8]);
    expect(resizedLayout(layout, "b", [1, 0], 12)).toBeNull();
    const smallest = layout.map((t) => (t.i === "a" ? { ...t, w: 3, h: 5 } : t));
    expect(resizedLayout(smallest, "a", [-1, 0], 12)).toBeNull();
    expect(resizedLayout(smallest, "a", [0, -1], 12)).toBeNull();
  });
});

describe("a tile put at a new place (its menu's resizing)", () => {
  test("made shorter, the tile below comes up; made wider, its neighbour goes below it", () => {
    expect(place(placedLayout(layout, "a", { x: 0, y: 0, w: 6, h: 5 }, 12))).toEqual({
      a: [0, 0, 6, 5],
      b: [6, 0, 6, 8],
      c: [0, 8, 12, 4],
    });
    const side = layout.map((t) => (t.i === "c" ? { ...t, x: 0, y: 8, w: 6 } : t));
    expect(place(placedLayout(side, "a", { x: 0, y: 0, w: 6, h: 5 }, 12)).c).toEqual([0, 5, 6, 4]);
    expect(place(placedLayout(layout, "a", { x: 0, y: 0, w: 9, h: 8 }, 12))).toEqual({
      a: [0, 0, 9, 8],
      b: [6, 8, 6, 8],
      c: [0, 16, 12, 4],
    });
  });
});
