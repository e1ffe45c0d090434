"use client";

// The recharts half of the paths view (the Sankey diagram), loaded after the page is interactive (see ChartLoading).
import type { KeyboardEvent } from "react";
import { Layer, Rectangle, ResponsiveContainer, Sankey, Tooltip, type TooltipContentProps } from "recharts";
import type { NameType, ValueType } from "recharts/types/component/DefaultTooltipContent";
import { seriesColor } from "@/components/insights/charts/palette";
import { TOOLTIP_STYLE } from "@/components/insights/charts/tooltip-style";
import { formatCount, formatDuration } from "@/lib/ui/format";
import { shortItem } from "./path-item-picker";
import type { PathSankeyData, SankeyNodeDatum } from "./sankey-data";

const NODE_WIDTH = 12;
const LABEL_CHARS = 26;

const truncate = (text: string, max = LABEL_CHARS) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The Sankey diagram of the paths, filling its box; a node is selected by click or by Tab and Enter unless `compact`. */
export function PathsDiagram({
  data,
  depth,
  selected,
  compact,
  onSelect,
}: {
  data: PathSankeyData;
  depth: number;
  selected: SankeyNodeDatum | null;
  compact?: boolean;
  onSelect: (node: SankeyNodeDatum) => void;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <Sankey
        data={data}
        nameKey="name"
        nodeWidth={NODE_WIDTH}
        nodePadding={18}
        align="left"
        iterations={32}
        margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        link={{ stroke: seriesColor(0), strokeOpacity: 0.28 }}
        node={(props) => (
          <PathNode
            {...props}
            last={(props.payload as unknown as SankeyNodeDatum).step === depth}
            selected={selected?.name === (props.payload as unknown as SankeyNodeDatum).name}
            interactive={!compact}
            onSelect={onSelect}
          />
        )}
      >
        <Tooltip content={(props) => <PathTooltip {...props} />} />
      </Sankey>
    </ResponsiveContainer>
  );
}

interface PathNodeProps {
  x: number;
  y: number;
  width: number;
  height: number;
  payload: unknown;
  last: boolean;
  selected: boolean;
  interactive: boolean;
  onSelect: (node: SankeyNodeDatum) => void;
}

/** A step: its bar, and its item and sessions beside it (left of the bar in the last column); focusable and selectable. */
function PathNode({ x, y, width, height, payload, last, selected, interactive, onSelect }: PathNodeProps) {
  const node = payload as SankeyNodeDatum;
  const label = `${truncate(shortItem(node.item))} · ${formatCount(node.total)}`;
  const select = () => onSelect(node);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      select();
    }
  };
  return (
    <Layer
      className={interactive ? "cursor-pointer outline-none [&:focus-visible>rect]:stroke-ring [&:focus-visible>rect]:stroke-[3px]" : undefined}
      {...(interactive
        ? { tabIndex: 0, role: "button", "aria-label": `Step ${node.step ?? ""}: ${node.item}, ${formatCount(node.total)} sessions`, onClick: select, onKeyDown }
        : {})}
    >
      <Rectangle x={x} y={y} width={width} height={Math.max(height, 2)} fill={seriesColor(0)} stroke={selected ? "var(--foreground)" : "none"} strokeWidth={selected ? 2 : 0} radius={2} />
      <text
        x={last ? x - 6 : x + width + 6}
        y={y + Math.max(height, 2) / 2}
        textAnchor={last ? "end" : "start"}
        dominantBaseline="middle"
        fontSize={12}
        fill="var(--foreground)"
        paintOrder="stroke"
        stroke="var(--card)"
        strokeWidth={3}
        strokeLinejoin="round"
      >
        {label}
      </text>
    </Layer>
  );
}

function PathTooltip({ active, payload }: Pick<TooltipContentProps<ValueType, NameType>, "active" | "payload">) {
  const entry = payload?.[0]?.payload as Record<string, unknown> | undefined;
  if (!active || !entry) return null;
  const style = TOOLTIP_STYLE.contentStyle;
  if (typeof entry.source === "object" && entry.source && typeof entry.target === "object" && entry.target) {
    const source = entry.source as SankeyNodeDatum;
    const target = entry.target as SankeyNodeDatum;
    return (
      <div style={{ ...style, padding: "6px 10px" }}>
        <p className="font-medium">
          {shortItem(source.item)} → {shortItem(target.item)}
        </p>
        <p>
          {formatCount(Number(entry.value))} sessions · avg. {formatDuration(Number(entry.average_conversion_time) / 1000)}
        </p>
      </div>
    );
  }
  const node = entry as unknown as SankeyNodeDatum;
  return (
    <div style={{ ...style, padding: "6px 10px" }}>
      <p className="font-medium">{node.item}</p>
      <p>
        Step {node.step ?? "–"} · {formatCount(node.total)} sessions
      </p>
    </div>
  );
}
