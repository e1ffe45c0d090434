"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { cn } from "@/lib/ui/utils";

export interface LegendEntry {
  id: string;
  label: string;
  color: string;
  /** A compared previous period: dashed and lighter, as drawn. */
  previous?: boolean;
}

/**
 * A chart's legend, beside the plot rather than inside it, so a long legend never takes the plot's height. Full:
 * every entry, wrapped, in a box that scrolls past a few rows. Compact (tiles): one row, the entries that do not
 * fit counted as "+N more" (the tile's insight lists them all).
 */
export function ChartLegend({ entries, compact }: { entries: LegendEntry[]; compact?: boolean }) {
  if (!compact)
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to scroll it
      <div className="max-h-24 overflow-y-auto" tabIndex={0}>
        <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs" aria-label="Legend">
          {entries.map((entry) => (
            <LegendItem key={entry.id} entry={entry} />
          ))}
        </ul>
      </div>
    );
  return <OneRowLegend entries={entries} />;
}

function OneRowLegend({ entries }: { entries: LegendEntry[] }) {
  const list = useRef<HTMLUListElement>(null);
  const [hidden, setHidden] = useState(0);
  // Counts the entries wrapped past the first row (the list shows one row only), whenever the box is resized.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the entries are read from the DOM they render to
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const count = () => {
      const items = Array.from(element.querySelectorAll<HTMLElement>("[data-legend-entry]"));
      const firstRow = items[0]?.offsetTop ?? 0;
      setHidden(items.filter((item) => item.offsetTop > firstRow).length);
    };
    count();
    const observer = new ResizeObserver(count);
    observer.observe(element);
    return () => observer.disconnect();
  }, [entries]);
  return (
    <div className="flex h-5 shrink-0 items-start gap-2 overflow-hidden text-xs">
      <ul ref={list} className="flex h-full min-w-0 flex-1 flex-wrap gap-x-3 overflow-hidden" aria-label="Legend">
        {entries.map((entry, index) => (
          <LegendItem key={entry.id} entry={entry} hidden={index >= entries.length - hidden} />
        ))}
      </ul>
      {hidden ? <span className="shrink-0 leading-5 text-muted-foreground">+{hidden} more</span> : null}
    </div>
  );
}

function LegendItem({ entry, hidden }: { entry: LegendEntry; hidden?: boolean }) {
  return (
    <li
      data-legend-entry
      className={cn("flex min-w-0 items-center gap-1.5 leading-5", hidden && "invisible")}
      aria-hidden={hidden || undefined}
    >
      <svg width="16" height="8" aria-hidden className="shrink-0">
        <line
          x1="0"
          y1="4"
          x2="16"
          y2="4"
          stroke={entry.color}
          strokeWidth="2.5"
          strokeOpacity={entry.previous ? 0.6 : 1}
          strokeDasharray={entry.previous ? "4 3" : undefined}
        />
      </svg>
      <span className="truncate">{entry.label}</span>
    </li>
  );
}
