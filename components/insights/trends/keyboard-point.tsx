"use client";

import { type KeyboardEvent, type RefObject, useRef } from "react";
import { useActiveTooltipCoordinate, useActiveTooltipDataPoints } from "recharts";
import type { TrendLine } from "@/components/insights/trends/results";
import type { PointHandler } from "@/components/insights/trends/types";

/** The point the chart's tooltip is on: kept when the tooltip hides, so Enter still knows the last one reached. */
interface ActivePoint {
  index: number;
  /** Within the plot, when the chart says where. */
  at: { x: number; y: number } | null;
}

/** Rendered inside the recharts chart (its hooks read the chart's state): writes the tooltip's point to `into`. */
export function ActivePointTracker({ into }: { into: RefObject<ActivePoint | null> }) {
  const points = useActiveTooltipDataPoints<{ index: number }>();
  const coordinate = useActiveTooltipCoordinate();
  const index = points?.[0]?.index;
  if (typeof index === "number") into.current = { index, at: coordinate ? { x: coordinate.x, y: coordinate.y } : null };
  return null;
}

/**
 * Keyboard access to a time series' points. Recharts' accessibility layer makes the plot focusable and moves the
 * tooltip along the dates with the arrow keys; Enter (or Space) opens what a click on that point opens, placed at
 * the point. Enter is caught before recharts sees it (it would toggle the tooltip off instead).
 */
export function useKeyboardPoint(lines: TrendLine[], onPoint: PointHandler | undefined) {
  const active = useRef<ActivePoint | null>(null);
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!onPoint || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    event.stopPropagation();
    const box = event.currentTarget.getBoundingClientRect();
    const point = active.current ?? { index: 0, at: null };
    const at = point.at
      ? { x: box.left + point.at.x, y: box.top + point.at.y }
      : { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    onPoint(point.index, lines.length === 1 ? lines[0] : null, at);
  };
  return { active, onKeyDownCapture };
}

/**
 * The point's menu gives the focus back to what had it when it opened (the plot, by keyboard or click) on closing,
 * unless it handed over to a dialog (the persons'), which holds the focus then.
 */
export function useMenuFocus() {
  const opener = useRef<HTMLElement | SVGElement | null>(null);
  const handedOver = useRef(false);
  return {
    remember: () => {
      const focused = document.activeElement;
      opener.current = focused instanceof HTMLElement || focused instanceof SVGElement ? focused : null;
      handedOver.current = false;
    },
    handOver: () => {
      handedOver.current = true;
    },
    giveBack: () => {
      const back = opener.current;
      if (back && !handedOver.current) requestAnimationFrame(() => back.isConnected && back.focus());
    },
  };
}
