"use client";

import { FlagIcon, FlagTriangleRightIcon, EyeOffIcon, XIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import type { KindViewProps } from "@/components/insights/builder/types";
import { ChartLoading } from "@/components/insights/charts/chart-loading";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/lib/ui/format";
import { busiestColumn, pathSankeyData, sankeyDepth, type SankeyNodeDatum } from "./sankey-data";
import { TransitionsTable } from "./transitions-table";
import type { PathsFilters, PathsResult } from "./types";

/** The narrowest a step's column gets (in the builder, on a tile) before the diagram scrolls sideways in its box. */
const MIN_COLUMN_WIDTH = { full: 120, compact: 130 };
/** Height per node of the busiest column, so nodes keep their padding and labels their line. */
const NODE_ROOM = { full: 40, compact: 28 };

const PathsDiagram = dynamic(() => import("./drawings").then((m) => m.PathsDiagram), { ssr: false, loading: ChartLoading });

export function PathsView({ filters, setFilters, response, compact }: KindViewProps<PathsFilters, PathsResult>) {
  const [selected, setSelected] = useState<SankeyNodeDatum | null>(null);
  const edges = response.result;
  if (!edges.length)
    return <p className="grid min-h-40 place-items-center text-sm text-muted-foreground">No paths match these settings in this range.</p>;
  const data = pathSankeyData(edges);
  const depth = sankeyDepth(data.nodes);
  // As wide as the box, as tall as the busiest step needs (a tile: at least its box); past the box it scrolls inside it.
  const needed = busiestColumn(data.nodes) * NODE_ROOM[compact ? "compact" : "full"];
  const diagramStyle = compact
    ? { minWidth: depth * MIN_COLUMN_WIDTH.compact, height: "100%", minHeight: needed }
    : { minWidth: depth * MIN_COLUMN_WIDTH.full, height: Math.max(needed, 360) };

  const act = (patch: Partial<PathsFilters>) => {
    setSelected(null);
    setFilters(patch);
  };
  const excluded = Array.isArray(filters.exclude_events) ? (filters.exclude_events as string[]) : [];

  const diagram = <PathsDiagram data={data} depth={depth} selected={selected} compact={compact} onSelect={setSelected} />;

  if (compact)
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to be scrolled (axe scrollable-region-focusable)
      <section className="h-full min-h-40 overflow-auto" tabIndex={0} aria-label="Paths diagram">
        <div style={diagramStyle} data-testid="paths-sankey">
          {diagram}
        </div>
      </section>
    );
  return (
    // A column of blocks (not a grid, where the sticky action bar could not leave its own row).
    <div className="flex flex-col gap-4">
      {selected ? (
        <SelectedItemBar selected={selected} excluded={excluded} act={act} onClose={() => setSelected(null)} />
      ) : (
        <p className="flex min-h-11 items-center text-xs text-muted-foreground">
          Select a step (click, or Tab and Enter) to start or end the paths there, or to exclude it.
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take keyboard focus to be scrolled (axe scrollable-region-focusable) */}
      <section className="max-h-[70vh] overflow-auto rounded-md border" tabIndex={0} aria-label="Paths diagram">
        <div style={diagramStyle} data-testid="paths-sankey">
          {diagram}
        </div>
      </section>
      {data.dropped.length ? (
        <p className="text-xs text-muted-foreground">
          {formatCount(data.dropped.length)} transitions back to an earlier step are listed below but not drawn.
        </p>
      ) : null}
      <TransitionsTable edges={edges} />
    </div>
  );
}

/** What can be done with the selected node: start or end the paths there, or exclude it. */
function SelectedItemBar({
  selected,
  excluded,
  act,
  onClose,
}: {
  selected: SankeyNodeDatum;
  excluded: string[];
  act: (patch: Partial<PathsFilters>) => void;
  onClose: () => void;
}) {
  return (
    // Sticky, so that a node clicked low in the diagram still has its actions in view.
    <section
      className="sticky top-14 z-10 flex min-h-11 flex-wrap items-center gap-2 rounded-md border bg-muted px-3 py-1.5 text-sm shadow-sm md:top-2"
      aria-label="Selected path item"
    >
      <span className="min-w-0 flex-1 truncate">
        <span className="font-medium" title={selected.item}>
          {selected.item}
        </span>{" "}
        <span className="text-muted-foreground">
          · step {selected.step ?? "–"} · {formatCount(selected.total)} sessions
        </span>
      </span>
      <Button size="sm" variant="outline" onClick={() => act({ start_point: selected.item })}>
        <FlagIcon /> Set as start point
      </Button>
      <Button size="sm" variant="outline" onClick={() => act({ end_point: selected.item })}>
        <FlagTriangleRightIcon /> Set as end point
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => act({ exclude_events: [...excluded, selected.item] })}
        disabled={excluded.includes(selected.item)}
      >
        <EyeOffIcon /> Exclude
      </Button>
      <Button size="icon-sm" variant="ghost" aria-label="Close" onClick={onClose}>
        <XIcon />
      </Button>
    </section>
  );
}
