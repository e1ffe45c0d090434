"use client";

// The recharts half of the paths view (the Sankey diagram), loaded after the page is interactive (see ChartLoading).
import { useState, type KeyboardEvent } from "react";
import { Layer, Rectangle, ResponsiveContainer, Sankey, Tooltip, type TooltipContentProps } from "recharts";
import type { NameType, ValueType } from "recharts/types/component/DefaultTooltipContent";
import { seriesColor } from "@/components/insights/charts/palette";
import { TOOLTIP_STYLE } from "@/components/insights/charts/tooltip-style";
import { formatCount, formatDuration } from "@/lib/ui/format";
import { shortItem } from "./path-item-picker";
import { hoveredOf, nodeLabel, type PathSankeyData, type SankeyNodeDatum } from "./sankey-data";

const NODE_WIDTH = 12;
const MARGIN = 8;
/** Space between a bar and its label. */
const LABEL_GAP = 6;
/** Average width of a character of the 12 px labels, to cut them to their column. */
const CHAR_WIDTH = 7;

/**
 * The Sankey diagram of the paths, filling its box; a node is selected by click or by Tab and Enter unless `compact`.
 * Every column is as wide as the box allows, and each label (right of its bar, the last column's too, in the
 * margin kept for it) is cut to its column, so labels of neighbouring columns never run into each other.
 */
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
  const [width, setWidth] = useState(0);
  const column = (width - 2 * MARGIN) / depth;
  const labelChars = Math.floor((column - NODE_WIDTH - 2 * LABEL_GAP) / CHAR_WIDTH);
  return (
    <ResponsiveContainer width="100%" height="100%" onResize={(w) => setWidth(w)}>
      <Sankey
        data={data}
        nameKey="name"
        nodeWidth={NODE_WIDTH}
        nodePadding={18}
        align="left"
        iterations={32}
        margin={{ top: MARGIN, right: MARGIN + Math.max(0, column - NODE_WIDTH), bottom: MARGIN, left: MARGIN }}
        link={{ stroke: seriesColor(0), strokeOpacity: 0.28 }}
        node={(props) => (
          <PathNode
            {...props}
            labelChars={labelChars}
            selected={selected?.name === (props.payload as unknown as SankeyNodeDatum).name}
            interactive={!compact}
            onSelect={onSelect}
          />
        )}
      >
        <Tooltip content={(props) => <PathTooltip active={props.active} payload={props.payload} />} />
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
  labelChars: number;
  selected: boolean;
  interactive: boolean;
  onSelect: (node: SankeyNodeDatum) => void;
}

/** A step: its bar, and its item and sessions right of it; focusable and selectable. */
function PathNode({ x, y, width, height, payload, labelChars, selected, interactive, onSelect }: PathNodeProps) {
  const node = payload as SankeyNodeDatum;
  const label = nodeLabel(shortItem(node.item), formatCount(node.total), labelChars);
  const select = () => onSelect(node);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      select();
    }
  };
  return (
    <Layer
      className={
        interactive ? "cursor-pointer outline-none [&:focus-visible>rect]:stroke-ring [&:focus-visible>rect]:stroke-[3px]" : undefined
      }
      {...(interactive
        ? {
            tabIndex: 0,
            role: "button",
            "aria-label": `Step ${node.step ?? ""}: ${node.item}, ${formatCount(node.total)} sessions`,
            onClick: select,
            onKeyDown,
          }
        : {})}
    >
      <Rectangle
        x={x}
        y={y}
        width={width}
        height={Math.max(height, 2)}
        fill={seriesColor(0)}
        stroke={selected ? "var(--foreground)" : "none"}
        strokeWidth={selected ? 2 : 0}
        radius={2}
      />
      <text
        x={x + width + LABEL_GAP}
        y={y + Math.max(height, 2) / 2}
        textAnchor="start"
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

/** What the hovered node or link stands for: its item (or its two items) and its sessions. */
function PathTooltip({ active, payload }: Pick<TooltipContentProps<ValueType, NameType>, "active" | "payload">) {
  const hovered = active ? hoveredOf(payload?.[0]?.payload) : null;
  if (!hovered) return null;
  const style = { ...TOOLTIP_STYLE.contentStyle, padding: "6px 10px" };
  if (hovered.kind === "link")
    return (
      <div style={style}>
        <p className="font-medium">
          {shortItem(hovered.source.item)} → {shortItem(hovered.target.item)}
        </p>
        <p>
          Steps {hovered.source.step ?? "–"}→{hovered.target.step ?? "–"} · {formatCount(hovered.value)} sessions · avg.{" "}
          {formatDuration(hovered.average_conversion_time / 1000)}
        </p>
      </div>
    );
  return (
    <div style={style}>
      <p className="font-medium">{hovered.node.item}</p>
      <p>
        Step {hovered.node.step ?? "–"} · {formatCount(hovered.node.total)} sessions
      </p>
    </div>
  );
}
