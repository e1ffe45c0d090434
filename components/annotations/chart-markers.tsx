"use client";

// Annotations on a recharts time axis: a dashed line at each annotated bucket and a badge on the axis whose
// text shows on hover and on focus. Rendered inside the chart's recharts half (loaded after the page).
import { ReferenceLine } from "recharts";
import type { AnnotationMarker } from "@/components/annotations/use-chart-annotations";
import { Tooltip } from "@/components/ui/tooltip";

const describe = (marker: AnnotationMarker) => marker.annotations.map((a) => a.content || "(no note)").join(" · ");

function MarkerBadge({
  viewBox,
  marker,
  label,
}: {
  viewBox?: { x: number; y: number; height: number };
  marker: AnnotationMarker;
  label: string;
}) {
  if (!viewBox) return null;
  const count = marker.annotations.length;
  return (
    <Tooltip
      content={
        <ul className="grid gap-1">
          {marker.annotations.map((a) => (
            <li key={a.id}>
              <span className="font-medium">{a.content || "(no note)"}</span>
              {a.created_by ? <span className="opacity-80"> — {a.created_by.first_name || a.created_by.email}</span> : null}
            </li>
          ))}
        </ul>
      }
    >
      {/* biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: an image of the notes, focusable so that its text shows for keyboard users too */}
      <g
        tabIndex={0}
        role="img"
        aria-label={`${count === 1 ? "Annotation" : `${count} annotations`} on ${label}: ${describe(marker)}`}
        data-testid="annotation-marker"
        className="cursor-default outline-none [&:focus-visible>circle]:stroke-ring"
      >
        <circle cx={viewBox.x} cy={viewBox.y + viewBox.height} r={7} fill="var(--primary)" stroke="var(--background)" strokeWidth={2} />
        {count > 1 ? (
          <text
            x={viewBox.x}
            y={viewBox.y + viewBox.height}
            dy={3.5}
            textAnchor="middle"
            fontSize={9}
            fontWeight={600}
            fill="var(--primary-foreground)"
            aria-hidden
          >
            {count}
          </text>
        ) : null}
      </g>
    </Tooltip>
  );
}

/** The reference lines of a chart's annotations; `tick` names a bucket as the axis does. */
export function annotationLines(markers: AnnotationMarker[], tick: (index: number) => string, yAxisId?: string) {
  return markers.map((marker) => (
    <ReferenceLine
      key={`annotation-${marker.index}`}
      x={marker.index}
      yAxisId={yAxisId}
      stroke="var(--primary)"
      strokeOpacity={0.6}
      strokeDasharray="2 3"
      ifOverflow="extendDomain"
      // Above the axes (recharts' 500), whose line the badge sits on: it must take the pointer.
      zIndex={600}
      label={<MarkerBadge marker={marker} label={tick(marker.index)} />}
    />
  ));
}
