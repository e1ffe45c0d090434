"use client";

import { ArrowDownRightIcon, ArrowRightIcon, ArrowUpRightIcon } from "lucide-react";
import type { CSSProperties } from "react";
import { seriesColor } from "@/components/insights/charts/palette";
import {
  conversionOf,
  deltaDirection,
  formatPeriod,
  formatPointsDelta,
  overallConversion,
  PERIOD_NAMES,
  periodRange,
  stepRows,
  type FunnelPeriod,
  type FunnelSeries,
  type FunnelStepRow,
  type StepReference,
} from "@/components/insights/funnels/funnel-data";
import { formatCount, formatDuration, formatPercent } from "@/lib/ui/format";
import { cn } from "@/lib/ui/utils";

export type OpenPersons = (title: string, url: string) => void;

/** A drawn series: its rows, colour and the series it is compared with (the previous period of its value). */
export interface ChartSeries extends FunnelSeries {
  rows: FunnelStepRow[];
  color: string;
  label: string;
  previous: ChartSeries | null;
}

/** The series as drawn: colours by breakdown value (both periods of a value share one), each current period linked to its previous one. */
export function chartSeries(series: FunnelSeries[]): ChartSeries[] {
  const values = [...new Set(series.map((s) => s.breakdown ?? ""))];
  const drawn: ChartSeries[] = series.map((s) => ({
    ...s,
    rows: stepRows(s.steps),
    color: seriesColor(values.indexOf(s.breakdown ?? "")),
    label: [s.breakdown, s.period ? PERIOD_NAMES[s.period] : null].filter(Boolean).join(" · ") || "All persons",
    previous: null,
  }));
  for (const s of drawn)
    if (s.period === "current") s.previous = drawn.find((p) => p.period === "previous" && p.breakdown === s.breakdown) ?? null;
  // Side by side: each value's current period, then its previous one.
  return values.flatMap((value) =>
    drawn
      .filter((s) => (s.breakdown ?? "") === value)
      .sort((a, b) => (a.period === "previous" ? 1 : 0) - (b.period === "previous" ? 1 : 0)),
  );
}

/** The fill of a bar: solid for the current period (or no compare), striped for the previous one. */
function barStyle(color: string, period: FunnelPeriod | null): CSSProperties {
  return period === "previous"
    ? {
        backgroundImage: `repeating-linear-gradient(135deg, ${color} 0 3px, color-mix(in srgb, ${color} 35%, transparent) 3px 7px)`,
        boxShadow: `inset 0 0 0 1.5px ${color}`,
      }
    : { backgroundColor: color };
}

export function Swatch({ color, period }: { color: string; period: FunnelPeriod | null }) {
  return <span className="inline-block size-3 shrink-0 rounded-sm" style={barStyle(color, period)} aria-hidden />;
}

/** "+3.2 pp" with an arrow, green up, red down. */
function Delta({ current, previous, className }: { current: number | null; previous: number | null; className?: string }) {
  const text = formatPointsDelta(current, previous);
  if (text === null) return null;
  const direction = deltaDirection(current, previous);
  const Icon = direction === "up" ? ArrowUpRightIcon : direction === "down" ? ArrowDownRightIcon : ArrowRightIcon;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-0.5 rounded px-1 text-xs font-medium tabular-nums",
        direction === "up" && "bg-emerald-500/10 text-emerald-700 dark:text-emerald-400",
        direction === "down" && "bg-red-500/10 text-red-700 dark:text-red-400",
        direction === "flat" && "bg-muted text-muted-foreground",
        className,
      )}
      title="Change in conversion against the previous period, in percentage points"
    >
      <Icon className="size-3" aria-hidden />
      {text}
      <span className="sr-only"> vs previous</span>
    </span>
  );
}

/** The compared periods, named with their dates, and the whole funnel's conversion in each with the change. */
export function CompareSummary({ series, timezone }: { series: ChartSeries[]; timezone?: string }) {
  const current = series.filter((s) => s.period === "current");
  const periods = (["current", "previous"] as const).map((period) => {
    const first = series.find((s) => s.period === period);
    const range = first ? periodRange(first.steps) : null;
    return { period, dates: range ? formatPeriod(range, timezone) : "" };
  });
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/30 p-3" data-testid="funnel-compare-summary">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm">
        {periods.map(({ period, dates }) => (
          <span key={period} className="flex items-center gap-2" data-period={period}>
            <Swatch color="var(--foreground)" period={period} />
            <span className="font-medium">{PERIOD_NAMES[period]}</span>
            <span className="text-muted-foreground" data-testid={`period-dates-${period}`}>
              {dates}
            </span>
          </span>
        ))}
      </div>
      <dl className="grid gap-2 sm:grid-cols-[repeat(auto-fill,minmax(14rem,1fr))]">
        {current.map((s) => {
          const now = overallConversion(s.steps);
          const before = s.previous ? overallConversion(s.previous.steps) : null;
          return (
            <div
              key={s.key}
              className="grid gap-1 rounded-md border bg-card p-2.5"
              data-testid="funnel-compare-card"
              data-breakdown={s.breakdown ?? ""}
            >
              <dt className="flex items-center gap-1.5 truncate text-xs text-muted-foreground">
                {s.breakdown !== null ? <Swatch color={s.color} period="current" /> : null}
                {s.breakdown ?? "Overall conversion"}
              </dt>
              <dd className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className="text-2xl font-semibold tabular-nums">{now === null ? "—" : formatPercent(now)}</span>
                <span className="text-sm text-muted-foreground tabular-nums">vs {before === null ? "—" : formatPercent(before)}</span>
                <Delta current={now} previous={before} />
              </dd>
              <dd className="text-xs text-muted-foreground tabular-nums">
                {formatCount(s.steps[0]?.count ?? 0)} entered vs {formatCount(s.previous?.steps[0]?.count ?? 0)}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/** The legend of breakdown values (periods are named in the compare summary). */
function BreakdownLegend({ series }: { series: ChartSeries[] }) {
  const values = series.filter((s) => s.period !== "previous" && s.breakdown !== null);
  if (!values.length) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Breakdown values">
      {values.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <Swatch color={s.color} period={null} /> {s.breakdown}
        </li>
      ))}
    </ul>
  );
}

/**
 * The funnel's steps as bars, each as tall (or, top to bottom, as wide) as its share of the series' first step,
 * the rest of the track being who dropped off. Breakdown values and compared periods stand side by side within a
 * step. A bar lists the persons who converted at the step; its track, those who dropped off before it.
 */
export function StepsChart({
  series,
  reference,
  layout,
  compact,
  onOpenPersons,
}: {
  series: ChartSeries[];
  reference: StepReference;
  layout: "vertical" | "horizontal";
  compact?: boolean;
  onOpenPersons?: OpenPersons;
}) {
  const stepCount = Math.max(0, ...series.map((s) => s.rows.length));
  const steps = Array.from({ length: stepCount }, (_, i) => i);
  const vertical = layout === "vertical";
  return (
    <div className={compact ? "flex h-full flex-col gap-2" : "grid gap-3"}>
      <BreakdownLegend series={series} />
      {/* Columns scroll sideways in a narrow tile: a scrollable region takes keyboard focus (axe scrollable-region-focusable). */}
      <ol
        className={cn(vertical ? "flex gap-3 overflow-x-auto pb-1" : "grid gap-4", compact && "min-h-0 flex-1")}
        tabIndex={vertical ? 0 : undefined}
        aria-label="Funnel steps"
        data-layout={layout}
      >
        {steps.map((index) => {
          const head = series[0].rows[index];
          return (
            <li
              key={index}
              className={cn(vertical ? "flex min-w-36 flex-1 flex-col gap-2" : "grid gap-1.5 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4")}
              data-testid="funnel-step"
              data-step={index}
            >
              <div className="min-w-0">
                <p className="flex items-center gap-1.5 text-sm font-medium">
                  <span className="grid size-5 shrink-0 place-items-center rounded bg-primary/10 text-[11px] font-semibold text-primary">
                    {index + 1}
                  </span>
                  <span className="truncate" title={head.name}>
                    {head.name}
                  </span>
                </p>
                {!compact && series.length === 1 && index > 0 ? (
                  <p className="mt-0.5 text-xs text-muted-foreground tabular-nums">
                    avg {formatDuration(head.averageTime)} · median {formatDuration(head.medianTime)}
                  </p>
                ) : null}
              </div>
              <div className={cn(vertical ? "flex h-56 items-end gap-1" : "grid gap-1", compact && vertical && "h-auto min-h-24 flex-1")}>
                {series.map((s) => (
                  <Bar
                    key={s.key}
                    series={s}
                    row={s.rows[index]}
                    reference={reference}
                    vertical={vertical}
                    crowded={vertical && series.length > 3}
                    onOpenPersons={compact ? undefined : onOpenPersons}
                  />
                ))}
              </div>
              {!compact && vertical ? <StepFooter series={series} index={index} reference={reference} /> : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function Bar({
  series,
  row,
  reference,
  vertical,
  crowded,
  onOpenPersons,
}: {
  series: ChartSeries;
  row: FunnelStepRow | undefined;
  reference: StepReference;
  vertical: boolean;
  /** Too many bars side by side for a label above each: the step's footer gives the figures. */
  crowded: boolean;
  onOpenPersons?: OpenPersons;
}) {
  if (!row) return null;
  const share = row.fromFirst ?? 0;
  const conversion = conversionOf(row, reference);
  const who = `${row.name}${series.label === "All persons" ? "" : ` · ${series.label}`}`;
  const convertedLabel = `Step ${row.index + 1} ${who}: ${formatCount(row.count)} persons, ${conversion === null ? "no" : formatPercent(conversion)} conversion`;
  const fill = (
    <span
      className={cn("block rounded-sm transition-[height,width]", vertical ? "w-full" : "h-full")}
      style={{
        ...barStyle(series.color, series.period),
        [vertical ? "height" : "width"]: `${Math.max(share * 100, row.count > 0 ? 1 : 0)}%`,
      }}
    />
  );
  const percent = (
    <span className={cn("text-xs font-medium tabular-nums", crowded && "sr-only")} data-testid="funnel-bar-percent">
      {conversion === null ? "—" : formatPercent(conversion)}
    </span>
  );
  return (
    <div
      className={cn("relative flex min-w-0", vertical ? "h-full flex-1 flex-col items-stretch justify-end gap-1" : "items-center gap-2")}
      data-testid="funnel-bar"
      data-series={series.key}
      data-step={row.index}
      data-count={row.count}
    >
      {vertical ? <span className="text-center">{percent}</span> : null}
      <div
        className={cn("relative flex overflow-hidden rounded-sm bg-muted/70", vertical ? "min-h-0 flex-1 flex-col-reverse" : "h-5 flex-1")}
      >
        {onOpenPersons ? (
          <>
            <button
              type="button"
              className={cn(
                "flex outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1",
                vertical ? "h-full w-full flex-col-reverse" : "h-full w-full",
              )}
              style={vertical ? { height: `${Math.max(share * 100, 1)}%` } : { width: `${Math.max(share * 100, 1)}%` }}
              aria-label={`${convertedLabel}. Show the persons who converted.`}
              title={`${formatCount(row.count)} persons converted — click to list them`}
              onClick={() => onOpenPersons(`${who}: converted at step ${row.index + 1}`, row.convertedUrl)}
            >
              <span
                className="block h-full w-full rounded-sm transition-opacity hover:opacity-85"
                style={barStyle(series.color, series.period)}
              />
            </button>
            {row.droppedUrl && row.droppedOff > 0 ? (
              <button
                type="button"
                className="min-h-0 min-w-0 flex-1 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`Step ${row.index + 1} ${who}: ${formatCount(row.droppedOff)} persons dropped off. Show them.`}
                title={`${formatCount(row.droppedOff)} persons dropped off — click to list them`}
                onClick={() => onOpenPersons(`${who}: dropped off before step ${row.index + 1}`, row.droppedUrl!)}
              />
            ) : null}
          </>
        ) : (
          <span
            className={cn("flex", vertical ? "h-full w-full flex-col-reverse" : "h-full w-full")}
            role="img"
            aria-label={convertedLabel}
          >
            {fill}
          </span>
        )}
      </div>
      {vertical ? null : (
        <span className="w-40 shrink-0 text-xs text-muted-foreground tabular-nums">
          <span className="font-medium text-foreground" data-testid="funnel-bar-count">
            {formatCount(row.count)}
          </span>{" "}
          · {percent}
          {series.previous ? (
            <Delta
              className="ml-1"
              current={conversion}
              previous={series.previous.rows[row.index] ? conversionOf(series.previous.rows[row.index], reference) : null}
            />
          ) : null}
        </span>
      )}
    </div>
  );
}

/** Under a step's bars: each series' persons, conversion and drop-off, and against its previous period. */
function StepFooter({ series, index, reference }: { series: ChartSeries[]; index: number; reference: StepReference }) {
  return (
    <ul className="grid gap-1 border-t pt-2 text-xs">
      {series.map((s) => {
        const row = s.rows[index];
        if (!row) return null;
        const conversion = conversionOf(row, reference);
        const before = s.previous?.rows[index];
        return (
          <li key={s.key} className="grid gap-0.5" data-testid="funnel-step-figure" data-series={s.key}>
            <span className="flex min-w-0 items-center gap-1.5">
              {series.length > 1 ? <Swatch color={s.color} period={s.period} /> : null}
              <span className="font-semibold tabular-nums" data-testid="funnel-bar-count">
                {formatCount(row.count)}
              </span>
              {series.length > 1 ? (
                <span className="truncate text-muted-foreground">{s.label}</span>
              ) : (
                <span className="text-muted-foreground">persons</span>
              )}
            </span>
            {index > 0 ? (
              <span className="flex flex-wrap items-center gap-x-1.5 text-muted-foreground tabular-nums">
                {conversion === null ? "—" : formatPercent(conversion)} converted · {formatCount(row.droppedOff)} dropped
                {before ? <Delta current={conversion} previous={conversionOf(before, reference)} /> : null}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
